// The errors this package raises itself: a schema that cannot become a validator.

import { CodedError } from "./coded-error";

/** Stable codes of {@link CoreError}. */
export const CoreErrorCode = {
  /** A schema ajv cannot compile or add (bad keyword value, unresolved `$ref`, duplicate `$id`). */
  INVALID_SCHEMA: "INVALID_SCHEMA",
  /** A `$schema` naming a dialect other than draft 2020-12 or draft-07. */
  UNSUPPORTED_DIALECT: "UNSUPPORTED_DIALECT",
} as const;

/** One of the {@link CoreErrorCode} values. */
export type CoreErrorCode = (typeof CoreErrorCode)[keyof typeof CoreErrorCode];

/** A failure of @foundry-mcp/core; the message names the schema problem and what to do. */
export class CoreError extends CodedError<CoreErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/core.CoreError");
  override readonly name = "CoreError";
}
