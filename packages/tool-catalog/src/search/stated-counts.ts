// Stated counts: a tool that must be told how many of something ("number_of_tickets",
// "num_passengers", "number_of_adults", "participant_count") cannot be called on a request that
// counts nothing, while a sibling over the same subject that needs no count can: "are there any
// cartoon movies showing in Union City?" asks `FindMovies`, not `BuyMovieTickets`. A stricter
// reading than the required numbers dropped in the tools-bfcl23 round (a scroll's `deltaY` is a
// number the caller works out): only a numeric parameter whose name says it counts things, and
// only a count the request writes before what it counts ("two tickets", "for 4 people", "one
// adult"), never a date, a clock time, a rating or a year. Issue 32, tools-bfcl24 round.
// Neighbour: search/tool-search.ts applies it after stated arguments (search/stated-arguments.ts).

import { MONTH_NAMES, NUMBER_WORDS } from "@foundry-mcp/text-analysis";
import type { JsonSchemaObject } from "../types";
import type { RankedDocument } from "./rank";
import { scaleHead } from "./ranked-head";
import { declaredTypes } from "./parameter-types";
import { splitWords } from "./text";

/** Score factor of a tool requiring a count the request does not state. */
export const UNSTATED_COUNT_FACTOR = 0.95;
/** Tools at the head of a ranking the factor may reorder (bounds the work per query). */
export const STATED_COUNTS_DEPTH = 50;

const NUMERIC_TYPES = new Set(["integer", "number"]);
const COUNT_WORDS = new Set(["count", "quantity"]);
const NUMBER_NAME_WORDS = new Set(["number", "num"]);

/** True when a numeric parameter's name says it counts things: "number_of_tickets", "num_passengers", "participant_count", "quantity". */
export function isCountParameter(name: string, property: JsonSchemaObject | undefined): boolean {
  const types = declaredTypes(property);
  if (!types.some((type) => NUMERIC_TYPES.has(type))) return false;
  const words = splitWords(name);
  // "number" last is an identifier ("issue_number", "pullNumber"), not a count.
  return words.some((word, position) => COUNT_WORDS.has(word) || (NUMBER_NAME_WORDS.has(word) && position < words.length - 1));
}

const CARDINAL = `\\d{1,3}|${NUMBER_WORDS.join("|")}|a couple of|a pair of|a single`;
// A count written before what it counts, with at most one word between ("two tickets", "4
// adults", "three of my friends"); a number inside a decimal, a date or a clock time is none.
const STATED_COUNT = new RegExp(`(?<![\\d.,:/-]|\\b(?:the|this|that|which|any|no|every)\\s)\\b(?:${CARDINAL})\\b(?![.,:/-]\\d|\\s*(?:[ap]\\.?m\\b|st\\b|nd\\b|rd\\b|th\\b))\\s+(?:[a-z']+\\s+)?(?:of\\s+)?[a-z]{3,}`, "gi");
const MONTH_BEFORE = new RegExp(`\\b(?:${MONTH_NAMES.join("|")}|${MONTH_NAMES.map((month) => month.slice(0, 3)).join("|")})\\.?\\s*$`, "i");

/** True when the request counts something: a cardinal before a word, not a day of a month. */
export function statesCount(query: string): boolean {
  for (const match of query.matchAll(STATED_COUNT)) if (!MONTH_BEFORE.test(query.slice(0, match.index))) return true;
  return false;
}

/** Which tools require a count, found once per index. */
export class StatedCounts {
  private readonly requiresCount: boolean[];
  private readonly anyRequired: boolean;

  constructor(tools: ReadonlyArray<{ inputSchema: JsonSchemaObject }>) {
    this.requiresCount = tools.map(({ inputSchema }) => (Array.isArray(inputSchema.required) ? inputSchema.required : []).some((name) => isCountParameter(name, inputSchema.properties?.[name])));
    this.anyRequired = this.requiresCount.includes(true);
  }

  /** For a request counting nothing, scores down the first STATED_COUNTS_DEPTH hits requiring a count, and reorders them. */
  reorder(query: string, ranked: RankedDocument[]): void {
    if (ranked.length < 2 || !this.anyRequired || statesCount(query)) return;
    scaleHead(ranked, STATED_COUNTS_DEPTH, (hit) => (this.requiresCount[hit.doc] ? UNSTATED_COUNT_FACTOR : 1));
  }
}
