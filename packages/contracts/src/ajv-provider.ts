// The ajv implementation of the validator seam (validator.ts): draft 2020-12 with ajv-formats,
// every error collected and rendered by error-lines.ts. contract-set.ts builds its sets on it.

import Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { formatErrorLines } from "./error-lines";
import { ContractError, ContractErrorCode } from "./errors";
import type { JsonSchema, Validator, ValidatorProvider } from "./validator";

/** The ajv class for draft 2020-12, as this package configures it. */
export type Ajv = InstanceType<typeof Ajv2020>;

/**
 * A fresh ajv instance: draft 2020-12, all errors collected (a model fixes everything in one
 * round), formats from ajv-formats, `verbose` so error lines can quote lengths, and `strict`
 * off so project schemas with annotations ajv does not know (`x-owner`, `examples` on odd
 * places) still load.
 */
export function createAjv(): Ajv {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  return ajv;
}

/** Wraps a compiled ajv function as a `Validator` whose errors are short lines. */
export function toValidator(validateFunction: ValidateFunction): Validator {
  return {
    validate(data) {
      if (validateFunction(data)) return { valid: true };
      return { valid: false, errors: formatErrorLines(validateFunction.errors ?? []) };
    },
  };
}

/** Message of an unknown thrown value, for wrapping. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Validators for arbitrary JSON Schemas, compiled once per schema object and reused.
 * `schemas` are added first so that the others can `$ref` them by their `$id`.
 *
 * @example
 * const provider = new AjvValidatorProvider();
 * const validator = provider.getValidator({ type: "object", required: ["name"] });
 * validator.validate({}); // { valid: false, errors: ['missing required property "name"'] }
 */
export class AjvValidatorProvider implements ValidatorProvider {
  readonly #ajv: Ajv;
  readonly #validators = new WeakMap<object, Validator>();

  constructor(options: { schemas?: readonly JsonSchema[] } = {}) {
    this.#ajv = createAjv();
    for (const schema of options.schemas ?? []) {
      try {
        this.#ajv.addSchema(schema);
      } catch (error) {
        throw new ContractError(
          ContractErrorCode.INVALID_SCHEMA,
          `schema cannot be added: ${messageOf(error)}`,
          {
            cause: error,
          },
        );
      }
    }
  }

  /** {@inheritDoc ValidatorProvider.getValidator} */
  getValidator(schema: JsonSchema): Validator {
    const cached = this.#validators.get(schema);
    if (cached) return cached;
    let compiled: ValidateFunction;
    try {
      compiled = this.#ajv.compile(schema);
    } catch (error) {
      throw new ContractError(
        ContractErrorCode.INVALID_SCHEMA,
        `schema cannot be compiled: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
    const validator = toValidator(compiled);
    this.#validators.set(schema, validator);
    return validator;
  }
}
