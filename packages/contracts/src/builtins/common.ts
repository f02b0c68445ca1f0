// Building blocks shared by the built-in contracts: the `$id` base, the envelope fields the
// blackboard sets (`schema`, `producedBy`) and bounded text fields. Neighbours: one file per contract.

import type { JsonSchema } from "@foundry-mcp/core";

/**
 * Base of every contract `$id`: `https://foundry-mcp.dev/contracts/<id>`. An identifier only,
 * never fetched; it lets one contract `$ref` another by its bare id (`{"$ref": "finding.v1"}`).
 */
export const CONTRACT_ID_BASE = "https://foundry-mcp.dev/contracts/";

/** The JSON Schema dialect every contract is read as. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** A built-in contract: its schema plus an example artifact that satisfies it. */
export interface BuiltInContract {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly schema: JsonSchema;
  readonly example: Record<string, unknown>;
}

/** The fields the blackboard sets on every artifact; declared so documents stay self-describing. */
export function envelopeProperties(id: string): JsonSchema {
  return {
    schema: { type: "string", const: id, description: "Contract id; set by blackboard_write." },
    producedBy: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      description: "Agent that produced the artifact; set by blackboard_write.",
    },
  };
}

/** A non-empty string of at most `maxLength` characters. */
export function text(description: string, maxLength: number): JsonSchema {
  return { type: "string", minLength: 1, maxLength, description };
}

/** A list of non-empty strings of at most `maxLength` characters each. */
export function textList(description: string, maxLength = 1000, maxItems = 100): JsonSchema {
  return {
    type: "array",
    maxItems,
    items: { type: "string", minLength: 1, maxLength },
    description,
  };
}

/** A short identifier such as `step-3` or `F-12`. */
export function identifier(description: string): JsonSchema {
  return { type: "string", pattern: "^[A-Za-z0-9._-]{1,80}$", description };
}

/** `high | medium | low`, used by findings and analyses alike. */
export const CONFIDENCE: JsonSchema = {
  enum: ["high", "medium", "low"],
  description: "How sure the producer is.",
};

/** Freezes a schema tree so no caller can change a built-in after it was compiled. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Assembles a built-in: dialect, `$id`, top-level object with the envelope fields. */
export function defineContract(definition: {
  id: string;
  title: string;
  description: string;
  required: string[];
  properties: JsonSchema;
  extra?: JsonSchema;
  example: Record<string, unknown>;
}): BuiltInContract {
  const schema: JsonSchema = {
    $schema: JSON_SCHEMA_DIALECT,
    $id: `${CONTRACT_ID_BASE}${definition.id}`,
    title: definition.title,
    description: definition.description,
    type: "object",
    required: definition.required,
    properties: { ...envelopeProperties(definition.id), ...definition.properties },
    ...definition.extra,
  };
  return deepFreeze({
    id: definition.id,
    title: definition.title,
    description: definition.description,
    schema,
    example: definition.example,
  });
}
