// The subset of JSON Schema the tool inputs use, typed, so definitions.ts is checked by the
// compiler and check-arguments.ts can read the same objects the client receives.

/** A string property: enum, bounds and pattern are all optional. */
export interface StringSchema {
  type: "string";
  description: string;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: string;
}

/** An integer property with inclusive bounds. */
export interface IntegerSchema {
  type: "integer";
  description: string;
  minimum?: number;
  maximum?: number;
}

/** A boolean flag. */
export interface BooleanSchema {
  type: "boolean";
  description: string;
  default?: boolean;
}

/** An array of strings. */
export interface StringArraySchema {
  type: "array";
  description: string;
  items: { type: "string"; minLength?: number; maxLength?: number };
  maxItems?: number;
  default?: readonly string[];
}

/** A free-form JSON object (an artifact): its own contract validates it. */
export interface FreeObjectSchema {
  type: "object";
  description: string;
}

/** Any property a tool input may have. */
export type PropertySchema = StringSchema | IntegerSchema | BooleanSchema | StringArraySchema | FreeObjectSchema;

/** A tool's whole input: a closed object. */
export interface InputSchema {
  type: "object";
  properties: Record<string, PropertySchema>;
  required?: readonly string[];
  additionalProperties: false;
}
