// The app's one error class for failures it detects itself (tool arguments that break their
// schema). Package errors (MemoryError, ContractError, BlackboardError) pass through unchanged;
// server.ts turns every tool failure into the `<tool> failed: <message>` result in one place.
// The base (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

/** Stable codes of {@link FoundryServerError}. */
export const FoundryServerErrorCode = {
  /** Tool arguments that break the tool's input schema. */
  INVALID_ARGUMENTS: "INVALID_ARGUMENTS",
} as const;

/** One of the {@link FoundryServerErrorCode} values. */
export type FoundryServerErrorCode = (typeof FoundryServerErrorCode)[keyof typeof FoundryServerErrorCode];

/** An error the server raises at its edge; the message is written for the model to act on. */
export class FoundryServerError extends CodedError<FoundryServerErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/foundry-server.FoundryServerError");
  override readonly name = "FoundryServerError";
}
