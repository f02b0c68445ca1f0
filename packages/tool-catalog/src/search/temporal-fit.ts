// Time fit: a request that names a day ("on March 7th, 2023", "for 13th of Feb 2024",
// "2023-04-15") asks about that day, so a tool that says it gives the present state ("Get the
// current weather…", "the latest readings") and takes no date cannot answer it, nor can one whose
// date parameter only enumerates other days ("tomorrow", "in a week"), while a sibling that takes
// a date can. Those that cannot move down the head of the ranking. A request that itself
// asks for the present ("current", "now", "latest") or only says what day it is ("today is
// 2023-10-01") is left alone. General English words and date forms (text-analysis mentions.ts),
// no word of any catalog. Issue 32, tools-bfcl22 round. Neighbour: search/tool-search.ts applies
// it to each ranking's head, after enum fit.

import { mentionsDate } from "@foundry-mcp/text-analysis";
import type { JsonSchemaObject } from "../types";
import type { RankedDocument } from "./rank";
import { scaleHead } from "./ranked-head";
import { splitWords, stemWord } from "./text";
import { timeKindOf } from "./time-parameters";

/**
 * Score factor of a tool that cannot take the day a request names. On BFCL (present-state tools
 * only) 0.7 gained 8 requests, 0.5 and 0.3 gained 11 alike; no other dev set moved at any of them.
 */
export const NO_DAY_FACTOR = 0.5;
/** Tools at the head of a ranking the factor may reorder (bounds the work per query). */
export const TEMPORAL_FIT_DEPTH = 50;

// Words that say a thing is about the present state, on a tool's side and a request's.
const PRESENT_STEMS = new Set(["current", "currently", "latest", "now", "live", "realtime", "present"].map(stemWord));
// Sentences that say when the present is rather than ask about a day: "today is Tuesday",
// "today's date is 2023-10-01", "it's 2023 right now".
const PRESENT_STATEMENT = /\btoday(?:'s\s+date)?\s+is\b[^.?!,;]*|\b(?:it\s+is|it's)\b[^.?!,;]*?\bnow\b/gi;

/** True when the request names a day and does not ask about the present. */
export function asksAboutAnotherDay(query: string): boolean {
  const asked = query.replace(PRESENT_STATEMENT, " ");
  if (splitWords(asked).some((word) => PRESENT_STEMS.has(stemWord(word)))) return false;
  return mentionsDate(asked);
}

// The schema's top-level parameters that take a day or a clock time (search/time-parameters.ts).
function timeParameters(schema: JsonSchemaObject): Array<[string, JsonSchemaObject]> {
  return Object.entries(schema.properties ?? {}).filter(([name, property]) => timeKindOf(name, property) !== undefined);
}

// True when one of the schema's top-level parameters takes a point in time.
function takesTime(schema: JsonSchemaObject): boolean {
  return timeParameters(schema).length > 0;
}

// The values the time parameters accept (lower case) when every one of them enumerates its values
// ("tomorrow", "the day after tomorrow", "in a week"), else undefined: any day.
function enumeratedTimes(schema: JsonSchemaObject): string[] | undefined {
  const times = timeParameters(schema);
  if (times.length === 0 || !times.every(([, property]) => Array.isArray(property?.enum))) return undefined;
  return times.flatMap(([, property]) => (property.enum as unknown[]).map((value) => String(value).toLowerCase()));
}

/**
 * What each tool can take of a day, found once per index: undefined when it takes any day (a
 * time parameter) or says nothing of the present; the values it accepts when its time parameters
 * only enumerate some ("tomorrow", "in a week"); none when it gives the present state only.
 */
export class TemporalFit {
  private readonly acceptedDays: Array<readonly string[] | undefined>;

  constructor(tools: ReadonlyArray<{ inputSchema: JsonSchemaObject }>, describingStems: ReadonlyArray<readonly string[]>) {
    this.acceptedDays = tools.map((tool, doc) => {
      if (takesTime(tool.inputSchema)) return enumeratedTimes(tool.inputSchema);
      return describingStems[doc]!.some((stem) => PRESENT_STEMS.has(stem)) ? [] : undefined;
    });
  }

  /** For a request naming a day, scores down the first TEMPORAL_FIT_DEPTH hits that cannot take it, and reorders them. */
  reorder(query: string, ranked: RankedDocument[]): void {
    if (ranked.length < 2 || !asksAboutAnotherDay(query)) return;
    const said = query.toLowerCase();
    scaleHead(ranked, TEMPORAL_FIT_DEPTH, (hit) => {
      const accepted = this.acceptedDays[hit.doc];
      return accepted === undefined || accepted.some((value) => said.includes(value)) ? 1 : NO_DAY_FACTOR;
    });
  }
}
