// The default sentence of each issue: the field in backticks, the bound, the value got, and so
// what to send instead. "`title` is 81 characters; the limit is 80."
// "`limit` must be from 1 to 25; got 26." "`query` is required: Keywords describing what you need."
// Renderers with their own wording (contract lines, an app's argument sentences) read the
// issue's fields instead; valueText/describeValue are exported for them.

import type { JsonSchema, ValidationIssue } from "./types";

const MAX_SHOWN = 60;

/** A value as a message quotes it: strings in quotes (cut past 60 characters), the rest as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 3)}...` : value);
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_SHOWN ? `${json.slice(0, MAX_SHOWN - 3)}...` : json;
}

/** A value as a type error describes it: `null`, `an array`, `an object`, `the string "5"`, `number 42`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${valueText(value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

const TYPE_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  string: ["a string", "strings"],
  integer: ["an integer", "integers"],
  number: ["a number", "numbers"],
  boolean: ["true or false", "booleans"],
  object: ["a JSON object", "JSON objects"],
  array: ["an array", "arrays"],
  null: ["null", "nulls"],
};

function typeWords(types: readonly string[], schema: JsonSchema | undefined): string {
  return types
    .map((type) => {
      const items = schema?.items as JsonSchema | undefined;
      const itemType = typeof items?.type === "string" ? TYPE_WORDS[items.type] : undefined;
      if (type === "array" && itemType) return `an array of ${itemType[1]}`;
      return TYPE_WORDS[type]?.[0] ?? type;
    })
    .join(" or ");
}

function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun === "property" ? "properties" : `${noun}s`}`}`;
}

/** What to send for a field: its description, then its allowed values. */
export function whatToSend(schema: JsonSchema | undefined): string {
  const description = typeof schema?.description === "string" ? schema.description : "";
  const values = Array.isArray(schema?.enum) ? `One of ${schema.enum.map(String).join(", ")}.` : "";
  return [description, values].filter(Boolean).join(" ");
}

function rangeText(issue: Omit<ValidationIssue, "message">): string {
  const schema = issue.fieldSchema;
  if (typeof schema?.minimum === "number" && typeof schema.maximum === "number") return `from ${schema.minimum} to ${schema.maximum}`;
  const words: Record<string, string> = { ">=": "at least", "<=": "at most", ">": "greater than", "<": "less than" };
  return `${words[String(issue.params.comparison)] ?? String(issue.params.comparison)} ${String(issue.bound)}`;
}

function lengthOf(value: unknown): number {
  return typeof value === "string" ? [...value].length : 0;
}

/** The default one-sentence message of an issue (see the module header for examples). */
export function describeIssue(issue: Omit<ValidationIssue, "message">): string {
  const name = issue.field === "" ? "the value" : `\`${issue.field}\``;
  const got = valueText(issue.got);
  const count = (value: unknown): number => (Array.isArray(value) ? value.length : typeof value === "object" && value !== null ? Object.keys(value).length : 0);
  switch (issue.keyword) {
    case "required":
    case "dependentRequired": {
      const send = whatToSend(issue.fieldSchema);
      return send === "" ? `${name} is required.` : `${name} is required: ${send}`;
    }
    case "additionalProperties":
    case "unevaluatedProperties": {
      const known = (issue.bound as string[]).map((key) => `\`${key}\``);
      return `unknown field ${name}: ${known.length === 0 ? "no fields are allowed here" : `the known fields are ${known.join(", ")}`}.`;
    }
    case "type":
      return `${name} must be ${typeWords(issue.bound as string[], issue.fieldSchema)}; got ${describeValue(issue.got)}.`;
    case "enum":
      return `${name} must be one of ${(issue.bound as unknown[]).map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join(", ")}; got ${got}.`;
    case "const":
      return `${name} must be ${JSON.stringify(issue.bound)}; got ${got}.`;
    case "minLength":
      return Number(issue.bound) <= 1 ? `${name} must not be empty.` : `${name} is ${plural(lengthOf(issue.got), "character")}; the minimum is ${String(issue.bound)}.`;
    case "maxLength":
      return `${name} is ${plural(lengthOf(issue.got), "character")}; the limit is ${String(issue.bound)}.`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${name} must be ${rangeText(issue)}; got ${got}.`;
    case "multipleOf":
      return `${name} must be a multiple of ${String(issue.bound)}; got ${got}.`;
    case "minItems":
      return `${name} has ${plural(count(issue.got), "item")}; the minimum is ${String(issue.bound)}.`;
    case "maxItems":
      return `${name} has ${plural(count(issue.got), "item")}; the limit is ${String(issue.bound)}.`;
    case "minProperties":
      return `${name} has ${plural(count(issue.got), "property")}; the minimum is ${String(issue.bound)}.`;
    case "maxProperties":
      return `${name} has ${plural(count(issue.got), "property")}; the limit is ${String(issue.bound)}.`;
    case "uniqueItems":
      return `${name} repeats an item (items ${String(issue.params.j)} and ${String(issue.params.i)} are equal); send each item once.`;
    case "pattern":
      return `${name} must be of the form ${String(issue.bound)}; got ${got}.`;
    case "format":
      return `${name} must be a valid ${String(issue.bound)}; got ${got}.`;
    case "anyOf":
    case "oneOf":
      return `${name} must match one of the allowed shapes; got ${got}.`;
    case "false schema":
      return `${name} is not allowed; remove it.`;
    default:
      return `${name} fails "${issue.keyword}"; got ${got}.`;
  }
}
