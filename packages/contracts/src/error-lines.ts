// Turns ajv's error objects into short lines a model can act on: `missing required property
// "failureScenario"`, `/severity must be one of: low, medium, high, critical`. The JSON pointer
// leads every line that is not about the artifact's top level. Used by `ajv-provider.ts`.

import type { ErrorObject } from "ajv";

/** At most this many lines are returned; the rest are counted in one closing line. */
export const MAX_ERROR_LINES = 20;

function subject(instancePath: string): string {
  return instancePath === "" ? "artifact" : instancePath;
}

function at(instancePath: string): string {
  return instancePath === "" ? "" : ` at ${instancePath}`;
}

function plural(count: number, noun: string, nounPlural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nounPlural}`;
}

function showValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** One ajv error as one line; `undefined` for errors that only repeat their sub-errors. */
function lineOf(error: ErrorObject): string | undefined {
  const where = subject(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return `missing required property ${JSON.stringify(params.missingProperty)}${at(error.instancePath)}`;
    case "dependentRequired":
      return `missing property ${JSON.stringify(params.missingProperty)}${at(error.instancePath)} (required when ${JSON.stringify(params.property)} is present)`;
    case "type":
      return `${where} must be ${String(params.type).split(",").join(" or ")}`;
    case "enum":
      return `${where} must be one of: ${(params.allowedValues as unknown[]).map(showValue).join(", ")}`;
    case "const":
      return `${where} must be ${JSON.stringify(params.allowedValue)}`;
    case "additionalProperties":
      return `unknown property ${JSON.stringify(params.additionalProperty)}${at(error.instancePath)} (not allowed by the contract)`;
    case "unevaluatedProperties":
      return `unknown property ${JSON.stringify(params.unevaluatedProperty)}${at(error.instancePath)} (not allowed by the contract)`;
    case "minLength":
      return params.limit === 1
        ? `${where} must not be empty`
        : `${where} must be at least ${plural(Number(params.limit), "character")}`;
    case "maxLength": {
      const length = typeof error.data === "string" ? ` (got ${[...error.data].length})` : "";
      return `${where} must be at most ${plural(Number(params.limit), "character")}${length}`;
    }
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `${where} must be ${String(params.comparison)} ${String(params.limit)}`;
    case "multipleOf":
      return `${where} must be a multiple of ${String(params.multipleOf)}`;
    case "minItems":
      return `${where} must have at least ${plural(Number(params.limit), "item")}`;
    case "maxItems":
      return `${where} must have at most ${plural(Number(params.limit), "item")}`;
    case "minProperties":
      return `${where} must have at least ${plural(Number(params.limit), "property", "properties")}`;
    case "maxProperties":
      return `${where} must have at most ${plural(Number(params.limit), "property", "properties")}`;
    case "uniqueItems": {
      const [first, second] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      return `${where} must not repeat items (items ${first} and ${second} are equal)`;
    }
    case "pattern":
      return `${where} must match the pattern ${String(params.pattern)}`;
    case "format":
      return `${where} must be a valid ${String(params.format)}`;
    case "anyOf":
      return `${where} must match one of the allowed shapes`;
    case "oneOf":
      return params.passingSchemas
        ? `${where} must match exactly one allowed shape, but matches several`
        : `${where} must match one of the allowed shapes`;
    case "not":
      return `${where} must not match the excluded shape`;
    case "contains":
      return `${where} must contain at least ${plural(Number(params.minContains ?? 1), "matching item")}`;
    case "propertyNames":
      return `property name ${JSON.stringify(params.propertyName)}${at(error.instancePath)} is not allowed`;
    case "false schema":
      return `${where} is not allowed`;
    case "if":
      // ajv adds this beside the failing `then`/`else` errors, which already say what is wrong.
      return undefined;
    default:
      return `${where} ${error.message ?? `fails "${error.keyword}"`}`;
  }
}

/**
 * Converts ajv errors (collected with `allErrors`) into deduplicated short lines, at most
 * `MAX_ERROR_LINES` of them. The branch errors inside a failed `anyOf`/`oneOf` are dropped:
 * they contradict each other and the one-line summary of the choice is more useful.
 */
export function formatErrorLines(errors: readonly ErrorObject[]): string[] {
  const choicePaths = errors
    .filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf")
    .map((error) => `${error.schemaPath}/`);
  const lines: string[] = [];
  for (const error of errors) {
    if (choicePaths.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const line = lineOf(error);
    if (line !== undefined && !lines.includes(line)) lines.push(line);
  }
  if (lines.length <= MAX_ERROR_LINES) return lines;
  const kept = lines.slice(0, MAX_ERROR_LINES - 1);
  kept.push(`… and ${lines.length - kept.length} more problems`);
  return kept;
}
