// Stated arguments: a tool that must be given a day or a clock time ("date_of_journey",
// "journey_start_time", "show_time", "check_in_date") cannot be called on a request that states
// neither, while a sibling over the same subject that needs less can: `FindTrains` (from, to,
// date) against `GetTrainTickets` (also a departure time), a weather lookup against a forecast
// that requires a date, a home search against scheduling a visit. Such tools move down the head
// of the ranking. Only required parameters whose kind a request's form shows are counted — a day
// (text-analysis's date forms and relative days) or a clock time ("9 pm", "09:00", noon); a
// required name or text could be anything a request says, and a required number is often one
// the caller works out (a scroll's distance), so neither counts. Time fit's generalisation
// (search/temporal-fit.ts). No word of any catalog. Issue 32, tools-bfcl23 round. Neighbour:
// search/tool-search.ts applies it after time fit, before the sibling tie-break.

import { mentionsDate, mentionsRelativeDate } from "@foundry-mcp/text-analysis";
import type { JsonSchemaObject } from "../types";
import type { RankedDocument } from "./rank";
import { scaleHead } from "./ranked-head";
import { type TimeKind, timeKindOf } from "./time-parameters";

/** The kinds of required value a request's form can show it states: a day or a clock time. */
export type ArgumentKind = TimeKind;

/**
 * Score factor per required day or clock-time parameter the request states no value for. On
 * BFCL 0.95 gained 4 requests, 0.9 gained 5 (no set lost one), 0.8 +7 −1 with holdout 9 −1, 0.7
 * +9 −1 with holdouts 3, 5, 7 and 9 −1 each.
 */
export const UNSTATED_FACTOR = 0.9;
/** Tools at the head of a ranking the factor may reorder (bounds the work per query). */
export const STATED_ARGUMENTS_DEPTH = 50;

/** The kinds of a schema's required top-level parameters that a request's form can show, one per parameter. */
export function requiredKinds(schema: JsonSchemaObject): ArgumentKind[] {
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.flatMap((name) => {
    const kind = timeKindOf(name, schema.properties?.[name]);
    return kind === undefined ? [] : [kind];
  });
}

// A clock time: "9 pm", "11.00 a.m.", "3:00 p.m.", "09:00", noon, midnight.
const CLOCK = /\b\d{1,2}(?:[:.]\d{2})?\s*[ap]\.?m\b|\b\d{1,2}:\d{2}\b|\b(?:noon|midnight)\b/i;

/** The kinds of value a request states: a day ("on March 4th", "2023-10-01", "next Friday"), a clock time. */
export function statedKinds(query: string): Set<ArgumentKind> {
  const stated = new Set<ArgumentKind>();
  if (mentionsDate(query) || mentionsRelativeDate(query)) stated.add("day");
  if (CLOCK.test(query)) stated.add("clock");
  return stated;
}

/** Each tool's required day and clock-time parameters, found once per index. */
export class StatedArguments {
  private readonly kinds: ReadonlyArray<readonly ArgumentKind[]>;
  private readonly anyRequired: boolean;

  constructor(tools: ReadonlyArray<{ inputSchema: JsonSchemaObject }>) {
    this.kinds = tools.map((tool) => requiredKinds(tool.inputSchema));
    this.anyRequired = this.kinds.some((kinds) => kinds.length > 0);
  }

  /** Scores down the first STATED_ARGUMENTS_DEPTH hits by UNSTATED_FACTOR per required parameter the request states nothing for, and reorders them. */
  reorder(query: string, ranked: RankedDocument[]): void {
    if (ranked.length < 2 || !this.anyRequired) return;
    const stated = statedKinds(query);
    if (stated.size === 2) return;
    scaleHead(ranked, STATED_ARGUMENTS_DEPTH, (hit) => UNSTATED_FACTOR ** this.kinds[hit.doc]!.filter((kind) => !stated.has(kind)).length);
  }
}
