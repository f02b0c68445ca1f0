// Argument and output checks through @foundry-mcp/core's validator seam: one compiled validator
// per schema, built on first use (a catalog of thousands of tools should not compile every schema
// at start), the dialect chosen by the schema's `$schema` (2020-12 by default, draft-07 accepted),
// and one sentence per problem naming the field, the bound and the value got.
// Neighbour: dispatch/dispatcher.ts.

import { AjvValidatorProvider, CoreError, describeValue, isJsonObject, type ValidationIssue, type ValidatorProvider } from "@foundry-mcp/core";
import { CatalogError, CatalogErrorCode } from "../errors";
import type { JsonSchemaObject } from "../types";

/** The outcome of one check: the data handlers may trust, or the problems with their issues. */
export type ValidationOutcome =
  | { valid: true; data: Record<string, unknown> }
  | { valid: false; problems: string[]; issues: readonly ValidationIssue[] };

/** The catalog's default provider: it fills `default`s into a copy, so callers' objects never change. */
export function createCatalogValidator(): ValidatorProvider {
  return new AjvValidatorProvider({ applyDefaults: true });
}

/**
 * Checks `value` against one of `toolName`'s schemas. A schema that cannot be compiled (an
 * unsupported `$schema`, a bad keyword) is the tool's fault, not the caller's: CatalogError
 * INVALID_TOOL naming the tool and the reason.
 */
export function checkAgainstSchema(provider: ValidatorProvider, toolName: string, which: "inputSchema" | "outputSchema", schema: JsonSchemaObject, value: unknown): ValidationOutcome {
  const data = value === undefined ? {} : value;
  if (!isJsonObject(data)) {
    const subject = which === "inputSchema" ? "arguments" : "structuredContent";
    return { valid: false, problems: [`${subject} must be a JSON object; got ${describeValue(data)}.`], issues: [] };
  }
  let validator;
  try {
    validator = provider.getValidator<Record<string, unknown>>(schema);
  } catch (error) {
    if (!CoreError.isInstance(error)) throw error;
    throw new CatalogError(CatalogErrorCode.INVALID_TOOL, `${toolName} has an ${which} that cannot be used: ${error.message}`, { cause: error, details: { tool: toolName } });
  }
  const result = validator.validate(data);
  if (result.valid) return { valid: true, data: result.data };
  return { valid: false, problems: result.errors, issues: result.issues };
}
