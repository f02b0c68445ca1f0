// Questions an agent asks before acting: how to do something ("how do I stop the scraper", "new
// flyway migration cmd") or where a thing is kept ("where do we write the decisions"). The fact
// that tells how holds a command line in backticks ("New one: `pnpm --filter berth
// migration:new <name>`"), and the one telling where says the thing goes, is kept or is stored
// somewhere ("decisions go in #decisions on Slack"); a fact *about* the topic (its format, an
// incident with it, a retro that mentions it) often shares as many of the question's words. People
// write a command in backticks and a place with "goes in" or "kept in" whatever the domain, so
// such a question lifts the facts of that shape.
// Measured and left out (the memory-howto26 round): any code span (a name such as `bookings`
// is not a command), "To …:" openings, URLs, paths and imperative openings as instructions, and
// "lives in" as a place (people live somewhere: "where does Hannah live now" fell).
// Neighbours: search/question-form.ts keeps the words a question may open with; search/lift-memo.ts
// keeps the per-fact flags; search/rank.ts applies the lifts with RANKING.howToFactor and
// RANKING.keptPlaceFactor (search/ranking-parameters.ts; 1 turns either off).

import type { Fact } from "../types";
import { QUESTION_OPENERS } from "./question-form";

// "how do I", "how can we", "how should you", "how to": asking for a way to act, not how a thing
// works ("how does the box work out…") or went ("how did we choose…").
const MODALS = new Set(["do", "can", "should", "could", "would", "shall", "must"]);
const ACTORS = new Set(["i", "we", "you", "one"]);
// Words asking for the command itself.
const COMMAND_WORDS = new Set(["cmd", "command", "commands"]);

/** True when a question (its lower-case words) asks how to do something, or for a command. */
export function asksHowTo(words: readonly string[]): boolean {
  return words.some(
    (word, at) =>
      COMMAND_WORDS.has(word) ||
      (word === "how" && (words[at + 1] === "to" || (MODALS.has(words[at + 1] ?? "") && ACTORS.has(words[at + 2] ?? "")))),
  );
}

/** True when a question (its lower-case words) opens by asking where. */
export function asksWhere(words: readonly string[]): boolean {
  return words.find((word) => !QUESTION_OPENERS.has(word)) === "where";
}

// Inline code spans, paired left to right: one holding a space is a command line
// (`make scraper-stop`, `curl localhost:8080/…`), not a name (`bookings`, `AdyenClient`).
const CODE_SPANS = /`([^`\n]+)`/g;
const SPACED = /\S\s+\S/;

/** True when the fact's title or body holds a command line in backticks. */
export function givesCommand(fact: Fact): boolean {
  for (const text of [fact.title, fact.body]) for (const [, code] of text.matchAll(CODE_SPANS)) if (SPACED.test(code!)) return true;
  return false;
}

// "decisions go in #decisions", "the runbook is kept in Notion", "backups stored on S3".
const KEPT_PLACE = /\b(?:kept|keeps?|stored|stores?|goes|go)\s+(?:only\s+)?(?:in|on|under)\b/i;

/** True when the fact says where something goes, is kept or is stored. */
export function statesKeptPlace(fact: Fact): boolean {
  return KEPT_PLACE.test(fact.title) || KEPT_PLACE.test(fact.body);
}
