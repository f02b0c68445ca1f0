// src/tools/validators.generated.ts is ajv standalone code for the tool schemas, so a fresh
// process compiles no validator inside its first tool call. It must be what core generates from
// today's schemas; `pnpm --filter @foundry-mcp/foundry-server generate:validators` rewrites it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { standaloneValidatorsCode, type JsonSchema } from "@foundry-mcp/core";
import { describe, expect, it } from "vitest";
import { TOOL_DEFINITIONS, TOOL_NAMES } from "../../src/tools/definitions";

// Imported only after the check (it may be the stale file this test is about to rewrite).
const VALIDATORS_HEADER = `/* eslint-disable */
// @ts-nocheck
// Generated from the tool schemas (definitions.ts) by core's standaloneValidatorsCode; do not edit.
// After changing a schema: pnpm --filter @foundry-mcp/foundry-server generate:validators
`;

const file = path.join(import.meta.dirname, "../../src/tools/validators.generated.ts");

describe("validators.generated.ts", () => {
  it("is the standalone code of today's tool schemas", async () => {
    const schemas = Object.fromEntries(TOOL_NAMES.map((name) => [name, TOOL_DEFINITIONS[name].inputSchema as unknown as JsonSchema]));
    const expected = `${VALIDATORS_HEADER}${await standaloneValidatorsCode(schemas, { checkSchemas: false })}`;
    if (process.env.UPDATE_VALIDATORS === "1") writeFileSync(file, expected);
    expect(readFileSync(file, "utf8"), "the tool schemas changed: run `pnpm --filter @foundry-mcp/foundry-server generate:validators`").toBe(expected);
  });

  it("holds a validator for every tool", async () => {
    const generated = await import("../../src/tools/validators.generated");
    for (const name of TOOL_NAMES) expect(typeof (generated as Record<string, unknown>)[name], name).toBe("function");
  });
});
