// Public entry of @foundry-mcp/core (runtime-neutral): the coded-error base every package's
// errors extend, the one JSON Schema validator seam, the JSON object check (also alone in
// "./json"), the rules for learned search requests (when two are one, what of one may be kept),
// when something held back outlives the forgets recorded since, and each tenant's fair share of
// a bound. File writes are in "./node".

export { CodedError, messageOf } from "./errors/coded-error";
export { CoreError, CoreErrorCode } from "./errors/core-error";
export { AjvValidatorProvider, MAX_CACHED_VALIDATORS } from "./validation/ajv-provider";
export { standaloneValidatorsCode } from "./validation/standalone-code";
export { dialectOf, DRAFT_2020_12_URI, DRAFT_07_URI } from "./validation/dialect";
export { describeIssue, describeValue, valueText, whatToSend } from "./validation/describe-issue";
export { asJsonObject, isJsonObject } from "./json/json-object";
export { sameLearnedRequest } from "./text/same-learned-request";
export { learnableRequest } from "./text/learnable-request";
export { outlivesForgets } from "./learned/outlives-forgets";
export { fairShareCounts } from "./learned/fair-share-counts";

export type { CodedErrorOptions } from "./errors/coded-error";
export type { AjvValidatorProviderOptions, PrecompiledValidator } from "./validation/ajv-provider";
export type { JsonSchemaDialect } from "./validation/dialect";
export type { RecordedForget } from "./learned/outlives-forgets";
export type { JsonSchema, ValidationIssue, ValidationResult, Validator, ValidatorProvider } from "./validation/types";
