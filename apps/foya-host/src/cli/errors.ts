// The app's one error class. Every refusal the CLI makes (bad arguments, unknown server or tool,
// missing bundle) is a FoyaError; main.ts prints its message as one line on stderr and exits with
// its exit code. Errors from packages are normalised here too (see describeError).

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

const BRAND = Symbol.for("@foundry-mcp/foya-host.FoyaError");

/**
 * A refusal of the `foya` CLI: the message names the field, the bound and what to do instead.
 * Usage mistakes exit 2, everything else 1.
 */
export class FoyaError extends Error {
  readonly code: FoyaErrorCode;
  private readonly [BRAND] = true;

  constructor(code: FoyaErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "FoyaError";
    this.code = code;
  }

  /** The process exit code this error stands for. */
  get exitCode(): number {
    return this.code === FoyaErrorCode.USAGE ? 2 : 1;
  }

  /** True for a FoyaError from any copy of this app (brand check, not `instanceof`). */
  static isInstance(value: unknown): value is FoyaError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
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
  const message = error instanceof Error ? error.message : String(error);
  const oneLine = message.replace(/\s*\n\s*/g, " ").trim();
  return oneLine.length > 400 ? `${oneLine.slice(0, 397)}...` : oneLine;
}
