// The one error class of @foundry-mcp/blackboard. Contract failures are not errors (write()
// returns them as a rejection); these are for input or disk states the caller must change.
// The base (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

/** Stable codes of every `BlackboardError`. */
export const BlackboardErrorCode = {
  /** A wave or agent name that is `.`, `..` or empty after sanitizing. */
  INVALID_NAME: "INVALID_NAME",
  /** `data` that is not a JSON object (an array, a string, a cycle, a BigInt …). */
  INVALID_DATA: "INVALID_DATA",
  /** An artifact over `MAX_ARTIFACT_BYTES`. */
  ARTIFACT_TOO_LARGE: "ARTIFACT_TOO_LARGE",
  /** A blackboard folder or file that is a symbolic link or leads outside the project root. */
  UNSAFE_PATH: "UNSAFE_PATH",
  /** The project root does not exist (or is not a folder). */
  ROOT_NOT_FOUND: "ROOT_NOT_FOUND",
  /** The disk refused the write; `cause` holds the system error. */
  WRITE_FAILED: "WRITE_FAILED",
} as const;

/** One of the `BlackboardErrorCode` values. */
export type BlackboardErrorCode = (typeof BlackboardErrorCode)[keyof typeof BlackboardErrorCode];

/**
 * Base error of the package. `BlackboardError.isInstance` checks a global symbol, so it also
 * recognises errors from another copy of the package (bundled apps).
 */
export class BlackboardError extends CodedError<BlackboardErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/blackboard.BlackboardError");
  override readonly name = "BlackboardError";
}
