// Argument and output validation with ajv: one compiled validator per tool, built on first use
// (a catalog of thousands of tools should not compile every schema at start), and ajv's errors
// rewritten as one line per field that a model can act on. Neighbour: dispatch/dispatcher.ts.

import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchemaObject } from "../types";

// ajv-formats is CommonJS; under some bundlers its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** The outcome of one validation: the data handlers may trust, or readable problems. */
export type ValidationOutcome = { valid: true; data: Record<string, unknown> } | { valid: false; problems: string[] };

function fieldPath(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  return path === "" ? "arguments" : path;
}

function describeProblem(error: ErrorObject, schema: JsonSchemaObject): string {
  const at = fieldPath(error);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required field ${at === "arguments" ? "" : `${at}.`}${String(params.missingProperty)}`;
    case "additionalProperties": {
      const extra = String(params.additionalProperty);
      const known = at === "arguments" ? Object.keys(schema.properties ?? {}) : [];
      return `unknown field ${at === "arguments" ? "" : `${at}.`}${extra}${known.length > 0 ? ` (valid: ${known.join(", ")})` : ""}`;
    }
    case "enum":
      return `${at} must be one of: ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(", ")}`;
    case "type":
      return `${at} must be ${String(params.type)}`;
    default:
      return `${at} ${error.message ?? "is invalid"}`;
  }
}

// MCP's default dialect; a schema that declares it needs ajv's 2020-12 build (the draft-07 one
// answers "no schema with key or ref" for its $schema).
const DRAFT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

/** Compiles and caches validators for tool schemas. */
export class SchemaValidator {
  private readonly ajv: Ajv;
  private readonly ajv2020: Ajv2020;
  private readonly cache = new WeakMap<object, ValidateFunction>();

  constructor() {
    // strict off: upstream tools advertise schemas with keywords ajv does not know.
    const options = { allErrors: true, strict: false, useDefaults: true, validateFormats: true };
    this.ajv = new Ajv(options);
    this.ajv2020 = new Ajv2020(options);
    addFormats(this.ajv);
    addFormats(this.ajv2020);
  }

  private compiled(schema: JsonSchemaObject): ValidateFunction {
    let validate = this.cache.get(schema);
    if (validate === undefined) {
      const dialect = typeof schema.$schema === "string" && DRAFT_2020_12.test(schema.$schema) ? this.ajv2020 : this.ajv;
      validate = dialect.compile(schema);
      this.cache.set(schema, validate);
    }
    return validate;
  }

  /** Throws if the schema itself does not compile (used when a tool is checked eagerly). */
  check(schema: JsonSchemaObject): void {
    this.compiled(schema);
  }

  /** Validates a copy of `value` (defaults filled in) so the caller's object is never changed. */
  validate(schema: JsonSchemaObject, value: unknown): ValidationOutcome {
    const data = value === undefined ? {} : structuredClone(value);
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      return { valid: false, problems: ["arguments must be an object"] };
    }
    const validate = this.compiled(schema);
    if (validate(data)) return { valid: true, data: data as Record<string, unknown> };
    const problems = [...new Set((validate.errors ?? []).map((error) => describeProblem(error, schema)))];
    return { valid: false, problems };
  }
}
