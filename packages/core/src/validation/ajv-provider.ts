// The ajv implementation of the validator seam: one ajv instance per dialect (draft 2020-12 by
// default, draft-07 when `$schema` says so), created on first need; every validator compiled once
// and cached by schema object and by content; every error collected and turned into issues.

import type { ErrorObject, ValidateFunction } from "ajv";
import { ajvOptions, newAjv } from "./ajv-instance";
import type { AjvInstance } from "./ajv-instance";
import { CoreError, CoreErrorCode } from "../errors/core-error";
import { messageOf } from "../errors/coded-error";
import { dialectOf, withCanonicalDialect, type JsonSchemaDialect } from "./dialect";
import { issuesOf } from "./issues";
import type { JsonSchema, ValidationIssue, Validator, ValidatorProvider } from "./types";


/** How many validators stay cached by schema content (least recently used goes first). */
export const MAX_CACHED_VALIDATORS = 1024;

/** Options of {@link AjvValidatorProvider}. */
export interface AjvValidatorProviderOptions {
  /** Schemas added first, so that others can `$ref` them (and `getValidator` find them) by `$id`. */
  schemas?: readonly JsonSchema[];
  /** Fill in `default`s: `validate` then checks a copy and returns it as `data`. */
  applyDefaults?: boolean;
  /** Renders the issues of a failed validation as the result's `errors`; default: each issue's `message`. */
  render?: (issues: readonly ValidationIssue[]) => string[];
  /**
   * Check each schema against its dialect's meta-schema before compiling it (default true).
   * `false` skips compiling the meta-schema itself (~50–120 ms on the first schema of a process)
   * and adding it at all: for schemas that are constants of the program and tested, such as a
   * server's tool schemas (they cannot `$ref` the meta-schema then).
   */
  checkSchemas?: boolean;
  /**
   * Validators generated ahead of time for these very schema objects (ajv standalone code made
   * by `standaloneValidatorsCode` with the same options): `getValidator` of such a schema
   * returns its validator without compiling anything, so a fresh process's first call compiles
   * nothing (~15–25 ms for ajv itself and a first schema).
   */
  compiled?: Iterable<readonly [schema: JsonSchema, validate: PrecompiledValidator]>;
}

/** A validating function as ajv compiles it: true when valid, else false with `errors` set. */
export type PrecompiledValidator = ((data: unknown) => boolean) & { errors?: readonly ErrorObject[] | null };


/**
 * Validators for arbitrary JSON Schemas. ajv runs with all errors collected (one retry can fix
 * everything), formats on, `strict` off (tools and projects carry annotations ajv does not know).
 *
 * @example
 * const provider = new AjvValidatorProvider();
 * provider.getValidator({ type: "object", properties: { limit: { type: "integer", maximum: 25 } } }).validate({ limit: 26 });
 * // { valid: false, issues: [{ field: "limit", bound: 25, got: 26, … }], errors: ["`limit` must be at most 25; got 26."] }
 */
export class AjvValidatorProvider implements ValidatorProvider {
  readonly #options: AjvValidatorProviderOptions;
  readonly #instances = new Map<JsonSchemaDialect, AjvInstance>();
  readonly #byObject = new WeakMap<object, Validator>();
  readonly #byContent = new Map<string, Validator>();

  constructor(options: AjvValidatorProviderOptions = {}) {
    this.#options = options;
    for (const schema of options.schemas ?? []) this.addSchema(schema);
    for (const [schema, validate] of options.compiled ?? []) this.#byObject.set(schema, this.#wrap(validate));
  }

  /**
   * Adds a schema that others may `$ref` (and `getValidator` may name) by its `$id`.
   * Throws `CoreError` INVALID_SCHEMA when ajv refuses it (a duplicate `$id`, a bad keyword).
   */
  addSchema(schema: JsonSchema): void {
    const ajv = this.#ajv(dialectOf(schema));
    try {
      ajv.addSchema(withCanonicalDialect(schema));
    } catch (error) {
      throw new CoreError(CoreErrorCode.INVALID_SCHEMA, `schema cannot be added: ${messageOf(error)}`, { cause: error });
    }
  }

  /** {@inheritDoc ValidatorProvider.getValidator} */
  getValidator<T = unknown>(schema: JsonSchema | string): Validator<T> {
    if (typeof schema === "string") return this.#byId(schema) as Validator<T>;
    const cached = this.#byObject.get(schema);
    if (cached) return cached as Validator<T>;
    const key = JSON.stringify(schema);
    let validator = this.#byContent.get(key);
    if (validator) {
      this.#byContent.delete(key);
    } else {
      validator = this.#wrap(this.#compile(schema));
    }
    this.#byContent.set(key, validator);
    if (this.#byContent.size > MAX_CACHED_VALIDATORS) {
      const oldest = this.#byContent.keys().next().value;
      if (oldest !== undefined) this.#byContent.delete(oldest);
    }
    this.#byObject.set(schema, validator);
    return validator as Validator<T>;
  }

  #byId(id: string): Validator {
    const key = `$id\u0000${id}`;
    const cached = this.#byContent.get(key);
    if (cached) return cached;
    for (const ajv of this.#instances.values()) {
      let compiled: ValidateFunction | undefined;
      try {
        compiled = ajv.getSchema(id);
      } catch (error) {
        throw new CoreError(CoreErrorCode.INVALID_SCHEMA, `schema ${id} cannot be compiled: ${messageOf(error)}`, { cause: error });
      }
      if (compiled) {
        const validator = this.#wrap(compiled);
        this.#byContent.set(key, validator);
        return validator;
      }
    }
    throw new CoreError(CoreErrorCode.INVALID_SCHEMA, `no schema with $id ${JSON.stringify(id)} was added; add it with addSchema first.`);
  }

  #compile(schema: JsonSchema): ValidateFunction {
    const ajv = this.#ajv(dialectOf(schema));
    try {
      return ajv.compile(withCanonicalDialect(schema));
    } catch (error) {
      throw new CoreError(CoreErrorCode.INVALID_SCHEMA, `schema cannot be compiled: ${messageOf(error)}`, { cause: error });
    }
  }

  #wrap(compiled: PrecompiledValidator): Validator {
    const { applyDefaults = false, render = (issues: readonly ValidationIssue[]) => issues.map((issue) => issue.message) } = this.#options;
    return {
      validate(input) {
        const data = applyDefaults && typeof input === "object" && input !== null ? structuredClone(input) : input;
        if (compiled(data)) return { valid: true, data };
        const issues = issuesOf(compiled.errors ?? []);
        return { valid: false, issues, errors: render(issues) };
      },
    };
  }

  #ajv(dialect: JsonSchemaDialect): AjvInstance {
    let ajv = this.#instances.get(dialect);
    if (!ajv) {
      ajv = newAjv(dialect, ajvOptions(this.#options));
      this.#instances.set(dialect, ajv);
    }
    return ajv;
  }
}
