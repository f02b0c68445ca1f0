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

/** The value a property's schema accepts: an enum's members, else its type's. */
type ValueOf<P> = P extends { type: "string"; enum: readonly (infer Member)[] }
  ? Member
  : P extends { type: "string" }
    ? string
    : P extends { type: "integer" }
      ? number
      : P extends { type: "boolean" }
        ? boolean
        : P extends { type: "array" }
          ? string[]
          : P extends { type: "object" }
            ? Record<string, unknown>
            : never;

type RequiredOf<S extends InputSchema> = S extends { required: readonly (infer Name)[] } ? Name & keyof S["properties"] : never;

/**
 * The arguments an input schema accepts, as a type: required properties required, the others
 * optional. For a schema kept with its literal types (`as const satisfies`).
 *
 * @example ArgumentsOf<{ type: "object"; properties: { slug: StringSchema }; required: ["slug"]; additionalProperties: false }> // { slug: string }
 */
export type ArgumentsOf<S extends InputSchema> = { [Name in RequiredOf<S>]: ValueOf<S["properties"][Name]> } & {
  [Name in Exclude<keyof S["properties"], RequiredOf<S>>]?: ValueOf<S["properties"][Name]>;
};
