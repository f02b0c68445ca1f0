// How every ajv instance of this package is made: one set of options for a provider's options
// (all errors collected, formats on, strict off), shared by the provider and by the standalone
// code generated ahead of time, so both produce the very same errors.

import { Ajv, type Options } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchemaDialect } from "./dialect";

// ajv-formats is CommonJS; under some bundlers its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

export type AjvInstance = InstanceType<typeof Ajv>;

/** What of a provider's options decides ajv's. */
export interface AjvChoices {
  applyDefaults?: boolean;
  checkSchemas?: boolean;
}

/** The ajv options for one provider's options (code generated ahead of time must use the same). */
export function ajvOptions(options: AjvChoices): Options {
  // Unchecked schemas need no meta-schema at all: not adding it spares ~5–30 ms of a fresh
  // process's first validator (ajv walks the whole draft 2020-12 meta-schema to add it).
  const checked = options.checkSchemas !== false;
  return { allErrors: true, strict: false, allowUnionTypes: true, verbose: true, useDefaults: options.applyDefaults === true, validateSchema: checked, meta: checked };
}

/** A new ajv instance of one dialect, formats added. */
export function newAjv(dialect: JsonSchemaDialect, options: Options): AjvInstance {
  const ajv = dialect === "2020-12" ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

