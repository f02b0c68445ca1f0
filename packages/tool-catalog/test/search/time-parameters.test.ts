// Time parameters (src/search/time-parameters.ts): the one reading of a parameter taking a day or
// a clock time that time fit and stated arguments share.
import { describe, expect, it } from "vitest";
import { requiredKinds } from "../../src/search/stated-arguments";
import { NO_DAY_FACTOR, TemporalFit } from "../../src/search/temporal-fit";
import { timeKindOf } from "../../src/search/time-parameters";

const text = { type: "string" };

describe("timeKindOf", () => {
  it("reads a day or a clock time from a word of the name that begins with it", () => {
    const kinds = ["date", "check_in_date", "releaseDate", "dateortime", "day", "show_time", "startTime", "iso_timestamp_end", "hour"].map((name) => timeKindOf(name, text));
    expect(kinds).toEqual(["day", "day", "day", "day", "day", "clock", "clock", "clock", "clock"]);
  });

  it("reads no point in time in other words holding the letters, timeouts, time zones, switches or counts", () => {
    const none = ["update_fields", "send_updates", "status_update_id", "validate", "timeout", "timezone", "target_timezone", "timespan"].map((name) => timeKindOf(name, text));
    expect(none).toEqual(Array(8).fill(undefined));
    expect(timeKindOf("include_date", { type: "boolean" })).toBeUndefined();
    expect(timeKindOf("days_until_due", { type: "integer" })).toBeUndefined();
    expect(timeKindOf("time", { type: "number" })).toBeUndefined();
  });
});

describe("one reading for both reorderers", () => {
  // Regression (issue 32, tools-bfcl24 round): "update" held "date" for stated arguments' /date|day/.
  it("stated arguments count no day in a required update id", () => {
    const schema = { type: "object", required: ["status_update_id", "send_updates", "due_date"], properties: { status_update_id: text, send_updates: text, due_date: text } };
    expect(requiredKinds(schema)).toEqual(["day"]);
  });

  // Regression (issue 32, tools-bfcl24 round): time fit's /date|day|time(?!out)/ read "update_fields" and "timezone" as taking a day.
  it("time fit scores down a present-state tool whose only time-like parameters are an update and a time zone", () => {
    const fit = new TemporalFit(
      [{ inputSchema: { type: "object", properties: { update_fields: text, timezone: text } } }, { inputSchema: { type: "object", properties: { date: text } } }],
      [["current", "status"], ["status", "histor"]],
    );
    const ranked = [
      { doc: 0, score: 10, mask: 0 },
      { doc: 1, score: 8, mask: 0 },
    ];
    fit.reorder("the status on March 3rd, 2023", ranked);
    expect(ranked.map((hit) => [hit.doc, hit.score])).toEqual([
      [1, 8],
      [0, 10 * NO_DAY_FACTOR],
    ]);
  });
});
