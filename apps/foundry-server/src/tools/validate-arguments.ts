// Checks tool arguments against the same JSON Schemas tools/list shows, once, at the edge, with
// messages that name the argument, the bound and what to send instead. The handlers then trust
// their input. Only the schema features definitions.ts uses are understood.
import type { PropertySchema, InputSchema } from "./schema";
import type { ToolDefinition } from "./definitions";
import { FoundryServerError } from "../errors";

/** Tool arguments after validation: known names, checked types. */
export type ToolArguments = Record<string, unknown>;

/** The error for arguments that break the tool's schema; the message is shown to the model. */
function invalid(message: string): FoundryServerError {
  return new FoundryServerError("INVALID_ARGUMENTS", message);
}

/**
 * Returns the arguments unchanged when they satisfy the tool's schema, else throws
 * FoundryServerError INVALID_ARGUMENTS naming the first problem.
 */
export function validateArguments(definition: ToolDefinition, input: Record<string, unknown> | undefined): ToolArguments {
  const schema: InputSchema = definition.inputSchema;
  const args = input ?? {};
  const known = Object.keys(schema.properties);
  for (const key of Object.keys(args)) {
    if (!known.includes(key)) {
      const accepted = known.length === 0 ? "it takes no arguments" : `it takes ${known.map((name) => `\`${name}\``).join(", ")}`;
      throw invalid(`unknown argument \`${key}\`: ${accepted}.`);
    }
  }
  const missing = (schema.required ?? []).filter((key) => args[key] === undefined);
  if (missing.length > 0) throw invalid(missingMessage(missing, schema));
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    checkProperty(key, value, schema.properties[key] as PropertySchema, definition.patternHints?.[key]);
  }
  return args;
}

/**
 * Names every missing required argument at once, each with what to send (its description and,
 * for an enum, the accepted values), so one retry can fix the call:
 * "`body` and `type` are required: `body`: At most 120 words. … `type`: What kind of fact this is. One of …".
 */
function missingMessage(missing: readonly string[], schema: InputSchema): string {
  const quoted = missing.map((key) => `\`${key}\``);
  const names = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
  const whatToSend = (key: string): string => {
    const property = schema.properties[key];
    const description = property?.description ?? "";
    const values = property?.type === "string" && property.enum ? `One of ${property.enum.join(", ")}.` : "";
    return [description, values].filter(Boolean).join(" ");
  };
  if (missing.length === 1) return `${names} is required: ${whatToSend(missing[0] ?? "")}`.trim();
  return `${names} are required: ${missing.map((key, index) => `${quoted[index]}: ${whatToSend(key)}`.trim()).join(" ")}`;
}

function checkProperty(key: string, value: unknown, schema: PropertySchema, patternHint: string | undefined): void {
  switch (schema.type) {
    case "string":
      return checkString(key, value, schema.enum, schema.minLength, schema.maxLength, schema.pattern, patternHint);
    case "integer": {
      if (typeof value !== "number" || !Number.isInteger(value)) {
        throw invalid(`\`${key}\` must be an integer; got ${describe(value)}.`);
      }
      const { minimum = -Infinity, maximum = Infinity } = schema;
      if (value < minimum || value > maximum) {
        throw invalid(`\`${key}\` must be from ${minimum} to ${maximum}; got ${value}.`);
      }
      return;
    }
    case "boolean":
      if (typeof value !== "boolean") throw invalid(`\`${key}\` must be true or false; got ${describe(value)}.`);
      return;
    case "array": {
      if (!Array.isArray(value)) throw invalid(`\`${key}\` must be an array of strings; got ${describe(value)}.`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems) {
        throw invalid(`\`${key}\` has ${value.length} items; the limit is ${schema.maxItems}.`);
      }
      value.forEach((item, index) => checkString(`${key}[${index}]`, item, undefined, schema.items.minLength, schema.items.maxLength));
      return;
    }
    case "object":
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        throw invalid(`\`${key}\` must be a JSON object; got ${describe(value)}.`);
      }
      return;
  }
}

function checkString(
  key: string,
  value: unknown,
  allowed: readonly string[] | undefined,
  minLength = 0,
  maxLength = Infinity,
  pattern?: string,
  patternHint?: string,
): void {
  if (typeof value !== "string") throw invalid(`\`${key}\` must be a string; got ${describe(value)}.`);
  if (allowed && !allowed.includes(value)) {
    throw invalid(`\`${key}\` must be one of ${allowed.join(", ")}; got ${quote(value)}.`);
  }
  if (value.length < minLength) throw invalid(`\`${key}\` must not be empty.`);
  if (value.length > maxLength) {
    throw invalid(`\`${key}\` is ${value.length} characters; the limit is ${maxLength}.`);
  }
  if (pattern && !new RegExp(pattern).test(value)) {
    throw invalid(`\`${key}\` must be ${patternHint ?? `of the form ${pattern}`}; got ${quote(value)}.`);
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${quote(value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}
