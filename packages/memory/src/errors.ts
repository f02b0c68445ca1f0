// The package's one error class. Every failure a caller can act on carries a stable string
// `code`; the foundry-server app turns these into `<tool> failed: <message>` results.
// The base (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core/errors";

/** Stable codes of {@link MemoryError}; compare against these, never against messages. */
export const MemoryErrorCode = {
  /** Tool or API input broke a bound (title length, enum, date, unknown supersedes id…). */
  INVALID_INPUT: "INVALID_INPUT",
  /** `.foundry/config.json` is not valid JSON or holds a value out of range. */
  CONFIG_INVALID: "CONFIG_INVALID",
  /** No runbook with the asked slug; the message lists the available ones. */
  RUNBOOK_NOT_FOUND: "RUNBOOK_NOT_FOUND",
  /** A shortened fact id starts more than one stored id (a merge brought a second); the message lists them. */
  AMBIGUOUS_ID: "AMBIGUOUS_ID",
  /** The cross-process write lock stayed held by a live process for too long. */
  LOCK_TIMEOUT: "LOCK_TIMEOUT",
  /** Too many writes of one process are already waiting for the write lock. */
  QUEUE_FULL: "QUEUE_FULL",
  /** An id that should have been free was taken: storage changed under the lock. */
  ID_CONFLICT: "ID_CONFLICT",
  /**
   * A project file was not read: a symbolic link leading outside `.foundry/`, not a regular
   * file (a FIFO, a device), or over its size bound. The message names the file and the rule.
   */
  FILE_REFUSED: "FILE_REFUSED",
  /** The file system refused an operation. */
  STORAGE_FAILED: "STORAGE_FAILED",
} as const;

/** One of the {@link MemoryErrorCode} values. */
export type MemoryErrorCode = (typeof MemoryErrorCode)[keyof typeof MemoryErrorCode];

/**
 * The error every public API of this package throws on purpose.
 *
 * @example
 * try { await memory.write(input); }
 * catch (error) { if (MemoryError.isInstance(error) && error.code === "INVALID_INPUT") … }
 */
export class MemoryError extends CodedError<MemoryErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/memory.MemoryError");
  override readonly name = "MemoryError";
}

/** Shorthand for the most common error: bad input, with a message naming field, bound and fix. */
export function invalidInput(message: string): MemoryError {
  return new MemoryError(MemoryErrorCode.INVALID_INPUT, message);
}
