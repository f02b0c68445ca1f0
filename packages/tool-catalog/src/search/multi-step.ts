// Multi-step requests: "create a branch, change the version and open a pull request" names three
// actions, and a ranking of the whole sentence fills its first page with variants of whichever
// action has the rarest words. The request is cut into clauses at commas, semicolons and
// sequencing words ("and", "then", "after that"); when two or more clauses say something, each is
// ranked alone too, and the page interleaves them after the whole request's best tool, so every
// action has its best tools near the top. The page keeps its size (the caller's limit): only the
// order changes. Neighbour: search/tool-search.ts ranks the whole request and each clause.

import { isActionStem } from "./intent";
import { isPastForm, splitWords, stemWord } from "./text";

/** Clauses ranked apart at most (bounds the extra ranking work of one request). */
export const MAX_INTENTS = 4;
/** Best tools of each clause placed before the rest of the whole request's ranking. */
export const PER_INTENT = 2;

// Where one action of a request ends and the next begins. A dot ends a clause only before a space
// (so "report.txt" stays whole).
const CLAUSE_BREAK = /[,;]|\.\s|\b(?:and then|and also|after that|afterwards|then|finally|and)\b/i;

// True when a clause asks for something to be done: it holds an action verb (not a past form,
// which describes a state: "files changed yesterday").
function namesAction(clause: string): boolean {
  return splitWords(clause).some((word) => !isPastForm(word) && isActionStem(stemWord(word)));
}

/**
 * The actions of a request, one clause each; none when it names fewer than two. A clause without
 * an action verb continues the one before ("weather in Paris, France" is one request).
 */
export function requestIntents(query: string): string[] {
  const intents: string[] = [];
  for (const clause of query.split(CLAUSE_BREAK).map((part) => part.trim())) {
    if (clause === "") continue;
    if (intents.length > 0 && !namesAction(clause)) intents[intents.length - 1] += ` ${clause}`;
    else intents.push(clause);
  }
  const actions = intents.filter(namesAction);
  return actions.length >= 2 ? intents.slice(0, MAX_INTENTS) : [];
}

/**
 * The whole request's ranking with each clause's best tools moved up: the whole request's first,
 * then in turn each clause's next tool not yet placed (PER_INTENT rounds), then the rest of the
 * whole ranking in its order. A tool is placed once (`keysOf` gives every name a result stands
 * for, its near-duplicates included); a clause's tool is shown as the whole ranking has it.
 */
export function interleaveIntents<E>(whole: readonly E[], clauses: ReadonlyArray<readonly E[]>, keysOf: (entry: E) => readonly string[]): E[] {
  const placed = new Set<string>();
  // Each whole entry's keys, read once: the whole ranking runs to thousands of tools at 10,000,
  // and every one of them is placed at the end (issue 32's latency round).
  const wholeKeys = whole.map(keysOf);
  const wholeEntry = new Map<string, number>();
  wholeKeys.forEach((keys, position) => {
    for (const key of keys) if (!wholeEntry.has(key)) wholeEntry.set(key, position);
  });
  const page: E[] = [];
  const isPlaced = (key: string): boolean => placed.has(key);
  const place = (entry: E, keys: readonly string[]): boolean => {
    const position = wholeEntry.get(keys[0]!);
    const shown = position === undefined ? entry : whole[position]!;
    const shownKeys = position === undefined ? keys : wholeKeys[position]!;
    if (keys.some(isPlaced) || (shownKeys !== keys && shownKeys.some(isPlaced))) return false;
    page.push(shown);
    for (const key of keys) placed.add(key);
    if (shownKeys !== keys) for (const key of shownKeys) placed.add(key);
    return true;
  };
  if (whole[0] !== undefined) place(whole[0], wholeKeys[0]!);
  const next = clauses.map(() => 0);
  for (let round = 0; round < PER_INTENT; round += 1) {
    clauses.forEach((clause, position) => {
      while (next[position]! < clause.length && !place(clause[next[position]!]!, keysOf(clause[next[position]!]!))) next[position]! += 1;
      next[position]! += 1;
    });
  }
  whole.forEach((entry, position) => place(entry, wholeKeys[position]!));
  return page;
}
