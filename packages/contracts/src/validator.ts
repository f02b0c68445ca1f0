// The validator seam (after the MCP SDK's `jsonSchemaValidator`): code that checks data against
// a schema depends on these two interfaces; `AjvValidatorProvider` is the implementation shipped.

/** A JSON Schema document (draft 2020-12), kept as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Outcome of one validation: either valid, or short error lines a model can act on. */
export type ValidationResult = { valid: true } | { valid: false; errors: string[] };

/** A compiled schema: call `validate` as often as needed, it never recompiles. */
export interface Validator {
  /** Checks `data`; never throws for invalid data. */
  validate(data: unknown): ValidationResult;
}

/** Turns schemas into reusable validators. */
export interface ValidatorProvider {
  /**
   * Returns the validator of `schema`, compiling it on first use only.
   * Throws `ContractError` (`INVALID_SCHEMA`) when the schema cannot be compiled.
   */
  getValidator(schema: JsonSchema): Validator;
}
