// validation/ajv-provider.ts: dialect by `$schema`, caching, the one result shape and the
// default sentences (field, bound, value got, fix).
import { describe, expect, it } from "vitest";
import { AjvValidatorProvider, CoreError, DRAFT_07_URI, DRAFT_2020_12_URI, type JsonSchema, type ValidationResult } from "../src/index";

const provider = new AjvValidatorProvider();

function errorsOf(schema: JsonSchema, data: unknown): string[] {
  const result = provider.getValidator(schema).validate(data);
  if (result.valid) throw new Error("expected the data to be refused");
  return result.errors;
}

const tool: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", minLength: 1, maxLength: 10, description: "Keywords." },
    type: { type: "string", enum: ["decision", "risk"] },
    limit: { type: "integer", minimum: 1, maximum: 25 },
    tags: { type: "array", items: { type: "string" }, maxItems: 2 },
    full: { type: "boolean" },
    expires: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    site: { type: "string", format: "uri" },
  },
  required: ["query"],
  additionalProperties: false,
};

describe("dialects", () => {
  it("treats a schema without $schema as draft 2020-12 (prefixItems, $defs)", () => {
    const schema = { prefixItems: [{ type: "string" }], $defs: { n: { type: "number" } }, items: { $ref: "#/$defs/n" } };
    expect(provider.getValidator(schema).validate(["a", 1]).valid).toBe(true);
    expect(errorsOf(schema, [1, 1])).toEqual(["`[0]` must be a string; got number 1."]);
  });

  it("runs a schema declaring draft 2020-12 (MCP's default) — the `no schema with key or ref` bug", () => {
    const schema = { $schema: DRAFT_2020_12_URI, type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
    expect(provider.getValidator(schema).validate({ n: 1 })).toEqual({ valid: true, data: { n: 1 } });
    expect(errorsOf(schema, {})).toEqual(["`n` is required."]);
  });

  it("accepts draft-07 (with or without `#`, http or https): tuple `items` and `definitions`", () => {
    for (const uri of [DRAFT_07_URI, "https://json-schema.org/draft-07/schema"]) {
      const schema = { $schema: uri, type: "array", items: [{ type: "string" }], additionalItems: false, definitions: { s: { type: "string" } } };
      expect(provider.getValidator(schema).validate(["a"]).valid).toBe(true);
      expect(provider.getValidator(schema).validate(["a", "b"]).valid).toBe(false);
    }
  });

  it("refuses any other dialect with UNSUPPORTED_DIALECT naming the two it takes", () => {
    let caught: unknown;
    try {
      provider.getValidator({ $schema: "http://json-schema.org/draft-04/schema#", type: "object" });
    } catch (error) {
      caught = error;
    }
    expect(CoreError.isInstance(caught) && caught.code).toBe("UNSUPPORTED_DIALECT");
    expect((caught as Error).message).toBe(
      `$schema "http://json-schema.org/draft-04/schema#" is not a supported dialect; use "${DRAFT_2020_12_URI}" (the default) or "${DRAFT_07_URI}".`,
    );
  });

  it("refuses a schema ajv cannot compile with INVALID_SCHEMA", () => {
    expect(() => provider.getValidator({ $ref: "missing.v1" })).toThrow(CoreError);
    expect(() => provider.getValidator({ $ref: "missing.v1" })).toThrow(/^schema cannot be compiled: /);
  });

  it("checks schemas against the meta-schema unless checkSchemas is false (constant, tested schemas)", () => {
    const offMeta = { type: "object", properties: { n: { type: "integer", minimum: "one" } } } as unknown as JsonSchema;
    expect(() => provider.getValidator(offMeta)).toThrow(/^schema cannot be compiled: .*minimum/);
    const unchecked = new AjvValidatorProvider({ checkSchemas: false });
    expect(unchecked.getValidator(tool).validate({ query: "x", limit: 26 }).valid).toBe(false);
    expect(unchecked.getValidator(tool).validate({ query: "x", limit: 25 }).valid).toBe(true);
  });
});

describe("caching", () => {
  it("compiles once per schema object and once per schema content", () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const first = provider.getValidator(schema);
    expect(provider.getValidator(schema)).toBe(first);
    expect(provider.getValidator(structuredClone(schema))).toBe(first);
  });

  it("finds added schemas by $id and resolves $refs to them", () => {
    const shared = new AjvValidatorProvider({ schemas: [{ $id: "https://example.com/name", type: "string", minLength: 1 }] });
    expect(shared.getValidator("https://example.com/name").validate("").valid).toBe(false);
    expect(shared.getValidator({ type: "object", properties: { n: { $ref: "https://example.com/name" } } }).validate({ n: "x" }).valid).toBe(true);
    expect(() => shared.getValidator("https://example.com/other")).toThrow('no schema with $id "https://example.com/other" was added; add it with addSchema first.');
  });
});

describe("results", () => {
  it("returns the data on success, and checks a copy with defaults when asked", () => {
    const withDefaults = new AjvValidatorProvider({ applyDefaults: true });
    const input = { query: "x" };
    const result = withDefaults.getValidator({ type: "object", properties: { limit: { type: "integer", default: 8 } } }).validate(input);
    expect(result).toEqual({ valid: true, data: { query: "x", limit: 8 } });
    expect(input).toEqual({ query: "x" });
  });

  it("gives each issue its field, bound and the value got", () => {
    const result = provider.getValidator(tool).validate({ query: "x", limit: 26, tags: ["a", 3] }) as Extract<ValidationResult, { valid: false }>;
    expect(result.valid).toBe(false);
    expect(result.issues.map(({ keyword, field, bound, got, hasValue }) => ({ keyword, field, bound, got, hasValue }))).toEqual([
      { keyword: "maximum", field: "limit", bound: 25, got: 26, hasValue: true },
      { keyword: "type", field: "tags[1]", bound: ["string"], got: 3, hasValue: true },
    ]);
  });

  it("renders with the provider's renderer when one is given", () => {
    const custom = new AjvValidatorProvider({ render: (issues) => issues.map((issue) => `${issue.keyword}@${issue.field}`) });
    expect(custom.getValidator(tool).validate({})).toMatchObject({ valid: false, errors: ["required@query"] });
  });

  it("writes one sentence per issue with the field, the bound, the value got and the fix", () => {
    expect(errorsOf(tool, {})).toEqual(["`query` is required: Keywords."]);
    expect(errorsOf(tool, { query: "x", top: 3 })).toEqual(["unknown field `top`: the known fields are `query`, `type`, `limit`, `tags`, `full`, `expires`, `site`."]);
    expect(errorsOf(tool, { query: 42 })).toEqual(["`query` must be a string; got number 42."]);
    expect(errorsOf(tool, { query: "" })).toEqual(["`query` must not be empty."]);
    expect(errorsOf(tool, { query: "x".repeat(11) })).toEqual(["`query` is 11 characters; the limit is 10."]);
    expect(errorsOf(tool, { query: "x", type: "opinion" })).toEqual(['`type` must be one of decision, risk; got "opinion".']);
    expect(errorsOf(tool, { query: "x", limit: 0 })).toEqual(["`limit` must be from 1 to 25; got 0."]);
    expect(errorsOf(tool, { query: "x", limit: "5" })).toEqual(['`limit` must be an integer; got the string "5".']);
    expect(errorsOf(tool, { query: "x", tags: "a" })).toEqual(['`tags` must be an array of strings; got the string "a".']);
    expect(errorsOf(tool, { query: "x", tags: ["a", "b", "c"] })).toEqual(["`tags` has 3 items; the limit is 2."]);
    expect(errorsOf(tool, { query: "x", full: null })).toEqual(["`full` must be true or false; got null."]);
    expect(errorsOf(tool, { query: "x", expires: "soon" })).toEqual(['`expires` must be of the form ^\\d{4}-\\d{2}-\\d{2}$; got "soon".']);
    expect(errorsOf(tool, { query: "x", site: "not a uri" })).toEqual(['`site` must be a valid uri; got "not a uri".']);
    expect(errorsOf({ type: "object" }, [1])).toEqual(["the value must be a JSON object; got an array."]);
    expect(errorsOf({ type: "object", additionalProperties: false }, { a: 1 })).toEqual(["unknown field `a`: no fields are allowed here."]);
  });

  it("names nested fields, and cuts long values it quotes", () => {
    const nested = { type: "object", properties: { options: { type: "object", properties: { mode: { enum: ["a", "b"] } }, required: ["depth"] } } };
    expect(errorsOf(nested, { options: { mode: "y".repeat(80) } })).toEqual([
      "`options.depth` is required.",
      `\`options.mode\` must be one of a, b; got "${"y".repeat(57)}...".`,
    ]);
  });

  it("sums up a failed anyOf in one issue instead of each branch's", () => {
    expect(errorsOf({ anyOf: [{ type: "string" }, { type: "integer" }] }, true)).toEqual(["the value must match one of the allowed shapes; got true."]);
  });
});
