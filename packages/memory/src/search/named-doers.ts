// Who does the asked thing. A "who" question asks for the person doing something ("who's running
// the payment switch", "who is taking over from Marcus"), and notes tell it in a few plain ways:
// the name and a verb of taking charge ("Deepak leads the Adyen migration", "Priya has the
// canopy runbook"), a future of doing ("Hattie Lund, the trainee on the desk, will do keying",
// "She'll do onboarding calls"), "in charge", or a role given a name ("His replacement at
// Portavadie will be Shona MacRae"). A fact saying so names the doer; one naming people further
// on ("Dry run: Dom phoned 2 results") only mentions them. Read once per fact object.
// A question asking who did a past act ("who handled the outage") is left out: the note of who is in
// charge does not answer it. Neighbour: search/rank.ts applies the lift (RANKING.doerFactor).

import { isPastForm } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";

/**
 * True when a "who" question asks who does or will do something ("who is keying", "who's the
 * photographer", "who covers nights"), not who did a past act ("who handled the outage", "who
 * suggested the quiz night"): a past verb after "who" asks for the one who acted then, and a
 * note of who is in charge does not answer it. `words` are the question's lower-case words.
 */
export function asksForDoer(words: readonly string[]): boolean {
  const at = words.indexOf("who");
  if (at < 0) return false;
  const next = words[at + 1] ?? "";
  return next !== "did" && !isPastForm(next);
}

// A person (or a firm doing the work: "VetCall 24 takes over nights"): a capitalised name with an
// optional surname or number, or a pronoun standing for one ("I" is the
// note's writer or, after "Priya:", its speaker).
const PERSON = String.raw`(?:(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+\p{L}*(?:\s+(?:\p{Lu}\p{L}+|\d+))?|\b(?:[Hh]e|[Ss]he|I))`;
// An apposition between the name and the verb: "Hattie Lund, the trainee on the desk, will do".
const APPOSED = String.raw`(?:\s*,[^,.;:]{1,40},)?`;
// A verb telling that the person takes charge of or does the thing, after an optional auxiliary of the future or a plan.
const AUXILIARY = String.raw`(?:\s*['’]ll|\s+will|\s+(?:is|are)\s+going\s+to|\s+(?:is|was)\s+to|\s+to)?`;
const CHARGE_VERB = String.raw`(?:leads?|leading|runs?|running|owns?|manages?|managing|covers?|covering|do|does|doing|take\s+over|takes\s+over|taking\s+over|looks?\s+after|looking\s+after|has\s+the|(?:is|am|['’][sm])\s+(?:on|in\s+charge)|in\s+charge)`;
// The verb goes on to what is taken on ("leads the migration"), not to a colon ("Dry run: …"); "in charge" may end the clause.
const DOER = new RegExp(String.raw`${PERSON}${APPOSED}${AUXILIARY}(?:\s+|(?=['’]))(?:${CHARGE_VERB}\s+(?!on\b|in\b|at\b)[\p{L}\p{N}]|in\s+charge\b)`, "u");
// A role or standing-in noun given a name: "His replacement at Portavadie will be Shona MacRae".
const ROLE_GIVEN = new RegExp(
  String.raw`\b(?:replacement|successor|stand-in|cover|lead|owner|contact)\b[^.;:]{0,40}?\b(?:will\s+be|is|was)\s+\p{Lu}\p{Ll}+`,
  "u",
);

/** True when the fact's title or body names a person as the doer of something (see the header). search/lift-memo.ts remembers it per fact for rank.ts. */
export function namesDoer(fact: Fact): boolean {
  return [fact.title, fact.body].some((text) => DOER.test(text) || ROLE_GIVEN.test(text));
}
