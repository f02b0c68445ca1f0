// check-arguments.ts: every rule the edge applies, with the exact message a model reads.
import { AjvValidatorProvider, type JsonSchema } from "@foundry-mcp/core";
import { describe, expect, it } from "vitest";
import { TOOL_DEFINITIONS } from "../../src/tools/definitions";
import { FoundryServerError } from "../../src/errors";
import { checkArguments } from "../../src/tools/check-arguments";

const { memory_search: search, memory_write: write, blackboard_read: read, token_report: report, contract_validate: validate } = TOOL_DEFINITIONS;

const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(FoundryServerError.isInstance(error) && error.code === "INVALID_ARGUMENTS").toBe(true);
    return (error as Error).message;
  }
  throw new Error("expected the arguments to be refused");
};

describe("checkArguments", () => {
  it("every tool schema passes its meta-schema (checkArguments compiles them unchecked)", () => {
    const checking = new AjvValidatorProvider();
    for (const definition of Object.values(TOOL_DEFINITIONS)) expect(() => checking.getValidator(definition.inputSchema as unknown as JsonSchema)).not.toThrow();
  });

  it("passes valid arguments through unchanged, and no arguments as {}", () => {
    const args = { query: "flyway", type: "decision", limit: 25 };
    expect(checkArguments(search, args)).toBe(args);
    expect(checkArguments(report, undefined)).toEqual({});
    expect(checkArguments(read, { wave: "audit", full: true })).toEqual({ wave: "audit", full: true });
  });

  it("names a missing required argument with its description", () => {
    expect(messageOf(() => checkArguments(search, {}))).toBe("`query` is required: Keywords describing what you need to know.");
    expect(messageOf(() => checkArguments(write, { title: "t", body: "b" }))).toBe(
      "`type` is required: What kind of fact this is. One of decision, constraint, convention, domain, risk, metric, glossary.",
    );
  });

  it("names every missing required argument in one message, each with what to send", () => {
    expect(messageOf(() => checkArguments(write, { title: "t" }))).toBe(
      "`body` and `type` are required: `body`: At most 120 words. For decision and risk include a `Why:` line and a `How to apply:` line. " +
        "`type`: What kind of fact this is. One of decision, constraint, convention, domain, risk, metric, glossary.",
    );
    expect(messageOf(() => checkArguments(write, { scope: "project" }))).toBe(
      "`title`, `body` and `type` are required: `title`: States the fact itself, not the topic. At most 80 characters. " +
        "`body`: At most 120 words. For decision and risk include a `Why:` line and a `How to apply:` line. " +
        "`type`: What kind of fact this is. One of decision, constraint, convention, domain, risk, metric, glossary.",
    );
  });

  it("refuses unknown arguments, listing the accepted ones", () => {
    expect(messageOf(() => checkArguments(search, { query: "x", top: 3 }))).toBe(
      "unknown argument `top`: it takes `query`, `type`, `limit`.",
    );
    expect(messageOf(() => checkArguments(report, { verbose: true }))).toBe("unknown argument `verbose`: it takes no arguments.");
  });

  it("checks types", () => {
    expect(messageOf(() => checkArguments(search, { query: 42 }))).toBe("`query` must be a string; got number 42.");
    expect(messageOf(() => checkArguments(search, { query: "x", limit: "5" }))).toBe('`limit` must be an integer; got the string "5".');
    expect(messageOf(() => checkArguments(search, { query: "x", limit: 2.5 }))).toBe("`limit` must be an integer; got number 2.5.");
    expect(messageOf(() => checkArguments(read, { wave: "a", full: "yes" }))).toBe('`full` must be true or false; got the string "yes".');
    expect(messageOf(() => checkArguments(validate, { schema: "finding.v1", data: [1] }))).toBe("`data` must be a JSON object; got an array.");
    expect(messageOf(() => checkArguments(validate, { schema: "finding.v1", data: null }))).toBe("`data` must be a JSON object; got null.");
    expect(messageOf(() => checkArguments(write, { title: "t", body: "b", type: "domain", tags: "x" }))).toBe(
      '`tags` must be an array of strings; got the string "x".',
    );
    expect(messageOf(() => checkArguments(write, { title: "t", body: "b", type: "domain", tags: ["ok", 3] }))).toBe(
      "`tags[1]` must be a string; got number 3.",
    );
  });

  it("checks enums and bounds, naming the bound", () => {
    expect(messageOf(() => checkArguments(search, { query: "x", type: "opinion" }))).toBe(
      '`type` must be one of decision, constraint, convention, domain, risk, metric, glossary; got "opinion".',
    );
    expect(messageOf(() => checkArguments(search, { query: "x", limit: 0 }))).toBe("`limit` must be from 1 to 25; got 0.");
    expect(messageOf(() => checkArguments(search, { query: "x", limit: 26 }))).toBe("`limit` must be from 1 to 25; got 26.");
    expect(messageOf(() => checkArguments(search, { query: "" }))).toBe("`query` must not be empty.");
    expect(messageOf(() => checkArguments(write, { title: "x".repeat(81), body: "b", type: "domain" }))).toBe(
      "`title` is 81 characters; the limit is 80.",
    );
    // source: memory decides the forms (free-form provenance allowed); the edge holds its bound.
    expect(messageOf(() => checkArguments(write, { title: "t", body: "b", type: "domain", source: "s".repeat(81) }))).toBe(
      "`source` is 81 characters; the limit is 80.",
    );
    expect(checkArguments(write, { title: "t", body: "b", type: "domain", source: "postmortem-2025-03-14" })).toBeTruthy();
    const tags = Array.from({ length: 13 }, (_, index) => `t${index}`);
    expect(messageOf(() => checkArguments(write, { title: "t", body: "b", type: "domain", tags }))).toBe("`tags` has 13 items; the limit is 12.");
  });

  it("explains patterns in words", () => {
    const base = { title: "t", body: "b", type: "domain" };
    expect(messageOf(() => checkArguments(write, { ...base, expires: "next week" }))).toBe('`expires` must be a date as YYYY-MM-DD; got "next week".');
    expect(messageOf(() => checkArguments(write, { ...base, scope: "team" }))).toBe(
      '`scope` must be project, module:<name> or vertical:<name>; got "team".',
    );
    expect(checkArguments(write, { ...base, scope: "module:billing", source: "external:https://example.com/x", expires: "2027-01-31" })).toBeTruthy();
  });

  it("names the first problem in the order the model sent the arguments, a value's type before its bounds", () => {
    expect(messageOf(() => checkArguments(search, { limit: 0, query: 42 }))).toBe("`limit` must be from 1 to 25; got 0.");
    expect(messageOf(() => checkArguments(search, { query: 42, limit: 0 }))).toBe("`query` must be a string; got number 42.");
    expect(messageOf(() => checkArguments(write, { title: "t", body: "b", type: "domain", tags: Array.from({ length: 13 }, () => 7) }))).toBe("`tags` has 13 items; the limit is 12.");
    expect(messageOf(() => checkArguments(search, { query: "x", top: 1, type: "opinion" }))).toBe("unknown argument `top`: it takes `query`, `type`, `limit`.");
    expect(messageOf(() => checkArguments(write, { title: 5 }))).toMatch(/^`body` and `type` are required: /);
  });

  it("shortens long offending values in messages", () => {
    expect(messageOf(() => checkArguments(search, { query: "x", type: "y".repeat(500) }))).toBe(
      `\`type\` must be one of decision, constraint, convention, domain, risk, metric, glossary; got "${"y".repeat(57)}...".`,
    );
  });
});
