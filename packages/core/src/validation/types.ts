// The validator seam (after the MCP SDK's `jsonSchemaValidator`): code that checks data against a
// JSON Schema depends on these interfaces only; ajv-provider.ts is the implementation shipped.

/** A JSON Schema document kept as plain JSON (draft 2020-12 unless its `$schema` says draft-07). */
export type JsonSchema = Record<string, unknown>;

/**
 * One thing wrong with the data, with everything a message needs: which field, which bound,
 * what value came, and a sentence that says all three and what to send instead.
 */
export interface ValidationIssue {
  /** The JSON Schema keyword that failed: `required`, `maxLength`, `enum`, `type`, … */
  readonly keyword: string;
  /** The offending field, spelled `title`, `tags[1]`, `options.limit`; `""` for the whole value. */
  readonly field: string;
  /** ajv's JSON pointer of the value checked (for `required` and unknown fields: their object). */
  readonly instancePath: string;
  /** Where in the schema the keyword sits (`#/properties/title/maxLength`). */
  readonly schemaPath: string;
  /** The bound broken: the limit, the allowed values, the expected type(s), the pattern, the format. */
  readonly bound: unknown;
  /** Whether a value was there to judge (false for a missing required field). */
  readonly hasValue: boolean;
  /** The value got (undefined when `hasValue` is false). */
  readonly got: unknown;
  /** The schema of the offending field when known (for its `description`, `enum`, `minimum`). */
  readonly fieldSchema: JsonSchema | undefined;
  /** ajv's raw params of the keyword, for renderers with their own wording. */
  readonly params: Readonly<Record<string, unknown>>;
  /** One sentence naming field, bound, value got and the fix, e.g. "`title` is 81 characters; the limit is 80." */
  readonly message: string;
}

/**
 * Outcome of one validation. Valid: the data (a copy with defaults filled in when the provider
 * applies defaults). Invalid: the issues, and `errors`, one line each as the provider renders them.
 */
export type ValidationResult<T = unknown> =
  | { readonly valid: true; readonly data: T }
  | { readonly valid: false; readonly issues: readonly ValidationIssue[]; readonly errors: string[] };

/** A compiled schema: call `validate` as often as needed, it never recompiles. */
export interface Validator<T = unknown> {
  /** Checks `data`; never throws for invalid data, and never changes the caller's object. */
  validate(data: unknown): ValidationResult<T>;
}

/** Turns schemas into reusable validators. */
export interface ValidatorProvider {
  /**
   * The validator of `schema` (a schema object, or the `$id` of one added before), compiled on
   * first use only. Throws `CoreError` (`INVALID_SCHEMA`, `UNSUPPORTED_DIALECT`) for a schema that
   * cannot be compiled.
   */
  getValidator<T = unknown>(schema: JsonSchema | string): Validator<T>;
}
