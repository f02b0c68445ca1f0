import { describe, expect, it } from "vitest";
import { CoreError } from "@foundry-mcp/core";
import { ContractError, MAX_ERROR_LINES, createContractValidatorProvider } from "../src/index";

const provider = createContractValidatorProvider();

function errorsOf(schema: Record<string, unknown>, data: unknown): string[] {
  const result = provider.getValidator(schema).validate(data);
  return result.valid ? [] : result.errors;
}

describe("error lines", () => {
  it("name the pointer and the expectation for each keyword", () => {
    const schema = {
      type: "object",
      additionalProperties: false,
      properties: {
        name: { type: "string", minLength: 3, maxLength: 5 },
        count: { type: ["integer", "null"], maximum: 10 },
        ratio: { type: "number", exclusiveMinimum: 0, multipleOf: 0.5 },
        kind: { const: "a" },
        email: { type: "string", format: "email" },
        tags: { type: "array", maxItems: 1, items: { type: "string" } },
        choice: { anyOf: [{ type: "string" }, { type: "object", required: ["x"] }] },
        "a/b": { type: "string" },
      },
      dependentRequired: { email: ["name"] },
    };
    expect(
      errorsOf(schema, {
        name: "toolong",
        count: 11.5,
        ratio: 0,
        kind: "b",
        email: "nope",
        tags: [1, "x"],
        choice: 3,
        "a/b": 1,
        extra: true,
      }),
    ).toEqual([
      'unknown property "extra" (not allowed by the contract)',
      "/name must be at most 5 characters (got 7)",
      "/count must be integer or null",
      "/count must be <= 10",
      "/ratio must be > 0",
      '/kind must be "a"',
      "/email must be a valid email",
      "/tags must have at most 1 item",
      "/tags/0 must be string",
      "/choice must match one of the allowed shapes",
      "/a~1b must be string",
    ]);
    expect(errorsOf(schema, { email: "a@b.co" })).toEqual([
      'missing property "name" (required when "email" is present)',
    ]);
    expect(errorsOf(schema, { name: "ab" })).toEqual(["/name must be at least 3 characters"]);
  });

  it("counts characters, not UTF-16 units, in length errors", () => {
    expect(errorsOf({ type: "string", maxLength: 2 }, "😀😀😀")).toEqual([
      "artifact must be at most 2 characters (got 3)",
    ]);
  });

  it(`stop at ${MAX_ERROR_LINES} lines and count the rest`, () => {
    const properties = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [`p${index}`, { type: "string" }]),
    );
    const lines = errorsOf({ type: "object", properties, required: Object.keys(properties) }, {});
    expect(lines).toHaveLength(MAX_ERROR_LINES);
    expect(lines[0]).toBe('missing required property "p0"');
    expect(lines.at(-1)).toBe("… and 11 more problems");
  });

  it("compiles each schema once and reuses the validator", () => {
    const schema = { type: "object", required: ["a"] };
    expect(provider.getValidator(schema)).toBe(provider.getValidator(schema));
  });

  it("turns a schema ajv cannot compile into the validator's INVALID_SCHEMA", () => {
    let thrown: unknown;
    try {
      provider.getValidator({ $ref: "missing.v1" });
    } catch (error) {
      thrown = error;
    }
    expect(CoreError.isInstance(thrown)).toBe(true);
    expect((thrown as CoreError).code).toBe("INVALID_SCHEMA");
    expect((thrown as CoreError).message).toMatch(/^schema cannot be compiled: .*missing\.v1/);
  });
});

describe("ContractError", () => {
  it("carries a stable code, the cause, and a branded isInstance", () => {
    const cause = new Error("root cause");
    const error = new ContractError("UNKNOWN_CONTRACT", "Unknown contract", { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ContractError");
    expect(error.cause).toBe(cause);
    expect(ContractError.isInstance(error)).toBe(true);
    expect(ContractError.isInstance(new Error("x"))).toBe(false);
    expect(ContractError.isInstance({ code: "UNKNOWN_CONTRACT" })).toBe(false);
    expect(ContractError.isInstance(null)).toBe(false);
  });
});
