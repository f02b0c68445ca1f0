// Validators generated ahead of time: ajv standalone code for schemas that are constants of a
// program, so a fresh process compiles nothing before its first validation (the provider takes
// them as `compiled`). Generate at build time and test that the committed code is current.

import { CoreError, CoreErrorCode } from "../errors/core-error";
import { ajvOptions, newAjv } from "./ajv-instance";
import type { AjvChoices, AjvInstance } from "./ajv-instance";
import { dialectOf, withCanonicalDialect } from "./dialect";
import type { JsonSchema } from "./types";

/**
 * ES module source exporting one validator per entry of `schemas` (ajv standalone code, its few
 * runtime helpers imported), for `compiled` of an AjvValidatorProvider made with the same `options`. For
 * schemas that are constants of a program: generate at build time, and test that the committed
 * code is what this returns today.
 */
const RUNTIME_EXPORTS = `function runtimeExports(module) {
  const whole = module.default;
  return whole !== null && typeof whole === "object" ? whole : { ...module, default: whole };
}`;

export async function standaloneValidatorsCode(schemas: Readonly<Record<string, JsonSchema>>, options: AjvChoices = {}): Promise<string> {
  const { default: standaloneCode } = await import("ajv/dist/standalone/index.js");
  const dialects = new Set(Object.values(schemas).map((schema) => dialectOf(schema)));
  const dialect = [...dialects][0] ?? "2020-12";
  if (dialects.size > 1) throw new CoreError(CoreErrorCode.INVALID_SCHEMA, "standalone validators of one module must share one JSON Schema dialect; generate one module per dialect.");
  const ajv = newAjv(dialect, { ...ajvOptions(options), code: { source: true, esm: true } });
  // ajv compiles equal schemas once, and its standalone code would then declare that function
  // once per name: equal schemas get one export, and the other names alias it.
  const firstByContent = new Map<string, string>();
  const aliases: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const content = JSON.stringify(schema);
    const first = firstByContent.get(content);
    if (first !== undefined) {
      aliases.push(`export const ${name} = ${first};`);
      continue;
    }
    firstByContent.set(content, name);
    ajv.addSchema(withCanonicalDialect(schema), name);
  }
  const unique = [...firstByContent.values()];
  const code = (standaloneCode as unknown as (ajv: AjvInstance, refs: Record<string, string>) => string)(ajv, Object.fromEntries(unique.map((name) => [name, name])));
  // ajv's ESM output still calls require() for its runtime helpers: import them instead.
  const helpers = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_call, specifier: string) => {
    let local = helpers.get(specifier);
    if (local === undefined) helpers.set(specifier, (local = `runtime${helpers.size}`));
    return local;
  });
  // Node and esbuild give an ES module a CommonJS module's whole exports object as `default`;
  // vitest may give its `default` export there instead, beside the named ones. Either way
  // `runtimeExports` yields what require() would have.
  const imports = [...helpers].map(([specifier, local]) => `import * as ${local}Module from "${specifier.endsWith(".js") ? specifier : `${specifier}.js`}";\nconst ${local} = runtimeExports(${local}Module);`);
  if (imports.length > 0) imports.push(RUNTIME_EXPORTS);
  return `${[...imports, body.replace(/^"use strict";/, ""), ...aliases].join("\n")}\n`;
}

