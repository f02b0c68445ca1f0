// Time parameters: the one reading of "a parameter that takes a point in time" that time fit
// (search/temporal-fit.ts: can a tool take the day a request names?) and stated arguments
// (search/stated-arguments.ts: which required values must a request state?) share. A parameter
// takes a day when one of its name's words begins with date or day ("date", "check_in_date",
// "releaseDate", "dateortime", "day"), a clock time when one begins with time or hour, not
// timeout, timespan or timezone ("show_time", "startTime", "timestamp", "hour"). Words, not
// letters anywhere in the name: "update_fields", "send_updates" and "validate" hold no date. A
// switch (boolean: "include_date", "ignore_all_day_events") takes no point in time, nor does a
// number (`days_until_due`, `retry_times`, `timespan`: a count of days or hours). Issue 32,
// tools-bfcl24 round.

import type { JsonSchemaObject } from "../types";
import { declaredTypes } from "./parameter-types";
import { splitWords } from "./text";

/** The kinds of point in time a parameter can take. */
export type TimeKind = "day" | "clock";

const DAY_WORD = /^(?:date|day)/;
const CLOCK_WORD = /^(?:time(?!out|span|zone)|hour)/;
// Types whose values are no point in time a request writes: a switch, or a count.
const NOT_A_POINT = new Set(["boolean", "integer", "number", "float", "int", "double"]);

/** The kind of point in time the parameter `name` takes, or undefined when it takes none. */
export function timeKindOf(name: string, property: JsonSchemaObject | undefined): TimeKind | undefined {
  const types = declaredTypes(property);
  if (types.some((type) => NOT_A_POINT.has(type))) return undefined;
  const words = splitWords(name);
  if (words.some((word) => DAY_WORD.test(word))) return "day";
  if (words.some((word) => CLOCK_WORD.test(word))) return "clock";
  return undefined;
}
