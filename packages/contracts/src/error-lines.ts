// Turns the validator's issues (@foundry-mcp/core) into the short contract lines SPEC §2 prints:
// `missing required property "failureScenario"`, `/severity must be one of: low, medium, high,
// critical`. The JSON pointer leads every line that is not about the artifact's top level.
// contract-set.ts hands `formatErrorLines` to the provider as its renderer.

import { AjvValidatorProvider, type AjvValidatorProviderOptions, type ValidationIssue } from "@foundry-mcp/core";

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

/** One issue as one line. */
function lineOf(error: ValidationIssue): string {
  const where = subject(error.instancePath);
  const params = error.params;
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
      const length = typeof error.got === "string" ? ` (got ${[...error.got].length})` : "";
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
    default:
      return `${where} fails "${error.keyword}"`;
  }
}

/**
 * Converts issues into deduplicated short lines, at most `MAX_ERROR_LINES` of them (the
 * validator already sums up a failed `anyOf`/`oneOf` in one issue).
 */
export function formatErrorLines(issues: readonly ValidationIssue[]): string[] {
  const lines: string[] = [];
  for (const issue of issues) {
    const line = lineOf(issue);
    if (!lines.includes(line)) lines.push(line);
  }
  if (lines.length <= MAX_ERROR_LINES) return lines;
  const kept = lines.slice(0, MAX_ERROR_LINES - 1);
  kept.push(`… and ${lines.length - kept.length} more problems`);
  return kept;
}

/**
 * A validator provider whose `errors` are contract lines: core's `AjvValidatorProvider` (draft
 * 2020-12 by default) with `formatErrorLines` as its renderer, for checking any schema the way
 * contracts are checked.
 *
 * @example
 * createContractValidatorProvider().getValidator({ type: "object", required: ["name"] }).validate({});
 * // { valid: false, issues: […], errors: ['missing required property "name"'] }
 */
export function createContractValidatorProvider(options: Omit<AjvValidatorProviderOptions, "render"> = {}): AjvValidatorProvider {
  return new AjvValidatorProvider({ ...options, render: formatErrorLines });
}
