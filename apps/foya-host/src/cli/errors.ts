// The app's one error class. Every refusal the CLI makes (bad arguments, unknown server or tool,
// missing bundle) is a FoyaError; main.ts prints its message as one line on stderr and exits with
// its exit code. Errors from packages are normalised here too (see describeError). The base
// (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError, messageOf } from "@foundry-mcp/core";

/** Stable string codes of every FoyaError. */
export const FoyaErrorCode = {
  USAGE: "USAGE",
  NOT_FOUND: "NOT_FOUND",
  INVALID_INPUT: "INVALID_INPUT",
  TOOL_ERROR: "TOOL_ERROR",
  MISSING_BUNDLE: "MISSING_BUNDLE",
  FAILED: "FAILED",
} as const;

/** One of the FoyaErrorCode values. */
export type FoyaErrorCode = (typeof FoyaErrorCode)[keyof typeof FoyaErrorCode];

/**
 * A refusal of the `foya` CLI: the message names the field, the bound and what to do instead.
 * Usage mistakes exit 2, everything else 1.
 */
export class FoyaError extends CodedError<FoyaErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/foya-host.FoyaError");
  override readonly name = "FoyaError";

  /** The process exit code this error stands for. */
  get exitCode(): number {
    return this.code === FoyaErrorCode.USAGE ? 2 : 1;
  }
}

/** A usage error (exit 2) that points at the command's help. */
export function usageError(message: string, command?: string): FoyaError {
  const hint = command ? ` Run: foya ${command} --help` : " Run: foya --help";
  return new FoyaError(FoyaErrorCode.USAGE, `${message}.${hint}`);
}

/**
 * One line for any thrown value: the message with newlines folded and, for package errors
 * carrying a `code`, nothing else. Secrets never reach here: no package puts a token in a message.
 */
export function describeError(error: unknown): string {
  const message = messageOf(error);
  const oneLine = message.replace(/\s*\n\s*/g, " ").trim();
  return oneLine.length > 400 ? `${oneLine.slice(0, 397)}...` : oneLine;
}
