// Words of a request that play a function role, not a content one: the request form "help me
// find…", "could you assist us with…", "I need help writing…", "give me…", "can you tell…" and
// the time filler "right now", "for now". A tool may be named after such a word (a brand `Now`, `ResearchHelper`, a `help`
// command), but the request does not ask for it. General English forms, no word list of any
// catalog. Neighbour: search/tool-search.ts marks the query's groups with it, search/rank.ts
// weighs those groups' matches in a name as collisions.

import { stemWord } from "./text";

/**
 * Weight of a concept that is only help asked of the assistant ("can you help me find…"). 0–0.5
 * measured alike (issue 32, tools-tune20 round: MetaTool sample +7 to +8 requests, BFCL +2, no
 * project dev set moved); the middle is kept.
 */
export const REQUEST_FORM_WEIGHT = 0.3;

/** Stems of a request's function-role words, by role. */
export interface FunctionRoles {
  /** Help or an answer asked of the assistant ("help me find…", "give me…", "can you tell…"): says how the user asks, not what. */
  requestForm: Set<string>;
  /** "now" of "right now", "for now": may still mean "current", but never a tool's name. */
  timeFiller: Set<string>;
}

// A content word follows, so "Help me." alone (asking for help itself) is not a request form.
const FOLLOWED = String.raw`(?=\s+\p{L})`;
// "help me …", "helping us …", "assist you …": help or assist with a person as object.
const HELP_WITH_OBJECT = new RegExp(String.raw`\b(help|helps|helping|assist|assists|assisting)\s+(?:me|us|you|him|her|them)\b${FOLLOWED}`, "giu");
// "I need help …", "any help with …", "your assistance in …": help asked of the assistant.
const HELP_ASKED = new RegExp(String.raw`\b(?:need|want|like|get|some|any|your|for)\s+(help|assistance)\b${FOLLOWED}`, "giu");
// "give me …", "tell us …", "let me know …", "provide me with …": a verb of handing over with the
// user as its object asks the assistant for something; the verb names no tool ("given a city" in a
// description is not what "give me" asks for). Issue 32, tools-tune21 round.
const HANDED_TO_USER = new RegExp(String.raw`\b(give|tell|let|provide|offer)\s+(?:me|us)\b${FOLLOWED}`, "giu");
// "can you give …", "could you please tell …", "would you provide …": the same verbs asked of the assistant.
const ASKED_OF_ASSISTANT = new RegExp(String.raw`\b(?:can|could|would|will)\s+you\s+(?:please\s+|kindly\s+)?(give|tell|provide|offer)\b${FOLLOWED}`, "giu");
// "right now", "for now", "just now", "until now", "from now on".
const TIME_FILLER = /\b(?:right|for|just|until|till|from)\s+(now)\b/giu;

const stemsOf = (query: string, pattern: RegExp) => new Set([...query.matchAll(pattern)].map((match) => stemWord(match[1]!.toLowerCase())));

/** The request's function-role words (both sets empty when it has none). */
export function functionRoles(query: string): FunctionRoles {
  const requestForm = stemsOf(query, HELP_WITH_OBJECT);
  for (const pattern of [HELP_ASKED, HANDED_TO_USER, ASKED_OF_ASSISTANT]) for (const stem of stemsOf(query, pattern)) requestForm.add(stem);
  return { requestForm, timeFiller: stemsOf(query, TIME_FILLER) };
}
