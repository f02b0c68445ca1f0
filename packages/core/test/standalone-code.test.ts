// standaloneValidatorsCode: validators generated ahead of time judge exactly as compiled ones
// (same issues, same messages), and a provider given them compiles nothing for those schemas.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { AjvValidatorProvider, standaloneValidatorsCode, type JsonSchema, type PrecompiledValidator } from "../src/index";

const search: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", minLength: 1, maxLength: 8, description: "Words to look for." },
    type: { type: "string", enum: ["decision", "risk"], description: "Only facts of this type." },
    limit: { type: "integer", minimum: 1, maximum: 25 },
    id: { type: "string", pattern: "^fact-\\d{4,}$" },
    day: { type: "string", format: "date" },
  },
  required: ["query"],
  additionalProperties: false,
};
const empty: JsonSchema = { type: "object", properties: {}, additionalProperties: false };

const folder = mkdtempSync(path.join(os.tmpdir(), "standalone-code-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function generated(): Promise<Record<string, PrecompiledValidator>> {
  const file = path.join(folder, "validators.mjs");
  // Beside this package, so the module's `ajv/...` imports resolve as they would in a program using it.
  const code = await standaloneValidatorsCode({ search, empty, alsoEmpty: { ...empty } }, { checkSchemas: false });
  writeFileSync(file, code.replaceAll(/from "(ajv(?:-formats)?)\//g, (_match, name: string) => `from "${pathToFileURL(path.join(import.meta.dirname, `../node_modules/${name}/`)).href}`));
  return (await import(pathToFileURL(file).href)) as Record<string, PrecompiledValidator>;
}

describe("standaloneValidatorsCode", () => {
  it("imports ajv's runtime helpers instead of calling require", async () => {
    const code = await standaloneValidatorsCode({ search }, { checkSchemas: false });
    expect(code).not.toContain("require(");
    expect(code).toMatch(/^import \* as runtime0Module from "ajv\/dist\/runtime\/[a-z0-9]+\.js";$/m);
    expect(code).toContain("export const search = ");
  });

  it("judges like a compiled validator: the same issues and messages for every input", async () => {
    const { search: validateSearch, empty: validateEmpty, alsoEmpty } = await generated();
    expect(alsoEmpty).toBe(validateEmpty); // equal schemas: one function, declared once
    const ahead = new AjvValidatorProvider({ checkSchemas: false, compiled: [[search, validateSearch!], [empty, validateEmpty!]] });
    const compiling = new AjvValidatorProvider({ checkSchemas: false });
    const inputs: unknown[] = [
      { query: "flyway" },
      {},
      { query: "", limit: 26, type: "style", id: "fact-1", day: "2026-13-40", extra: 1 },
      { query: "\u{1F600}".repeat(8) }, // 8 code points, 16 UTF-16 units: within maxLength 8
      { query: "\u{1F600}".repeat(9) },
      { query: 3, limit: 2.5 },
      "not an object",
    ];
    for (const input of inputs) expect(ahead.getValidator(search).validate(input)).toEqual(compiling.getValidator(search).validate(input));
    expect(ahead.getValidator(empty).validate({ top: 1 })).toEqual(compiling.getValidator(empty).validate({ top: 1 }));
    expect(ahead.getValidator(search).validate({ query: "\u{1F600}".repeat(8) })).toMatchObject({ valid: true });
    expect(ahead.getValidator(search).validate({ query: "a".repeat(9) })).toMatchObject({ valid: false, errors: [expect.stringContaining("`query`")] });
  });

  it("refuses schemas of two dialects in one module", async () => {
    await expect(standaloneValidatorsCode({ a: empty, b: { $schema: "http://json-schema.org/draft-07/schema#", type: "object" } })).rejects.toThrow(/one JSON Schema dialect/);
  });
});
