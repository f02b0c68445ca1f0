// The one error class of @foundry-mcp/contracts. Callers branch on `code` (stable strings);
// the MCP edge turns these into `isError` results, so messages are written for a model to act on.

const CONTRACT_ERROR_MARKER: unique symbol = Symbol.for("@foundry-mcp/contracts.error");

/** Stable codes of every `ContractError`. */
export const ContractErrorCode = {
  /** A contract id that neither the built-ins nor the project define. */
  UNKNOWN_CONTRACT: "UNKNOWN_CONTRACT",
  /** Neither `data` nor `path` was given to `validateContract`. */
  MISSING_INPUT: "MISSING_INPUT",
  /** Both `data` and `path` were given to `validateContract`. */
  CONFLICTING_INPUT: "CONFLICTING_INPUT",
  /** A path that is empty, malformed or leaves the project root. */
  INVALID_PATH: "INVALID_PATH",
  /** A path inside the root that does not name a readable JSON file. */
  FILE_UNREADABLE: "FILE_UNREADABLE",
  /** A file whose text is not JSON. */
  INVALID_JSON: "INVALID_JSON",
  /** A schema that ajv cannot compile. */
  INVALID_SCHEMA: "INVALID_SCHEMA",
} as const;

/** One of the `ContractErrorCode` values. */
export type ContractErrorCode = (typeof ContractErrorCode)[keyof typeof ContractErrorCode];

/**
 * Base error of the package. `isInstance` works across copies of the package (it checks a
 * global symbol, not the prototype), which matters once apps bundle their dependencies.
 */
export class ContractError extends Error {
  private readonly [CONTRACT_ERROR_MARKER] = true;
  /** Stable machine-readable code. */
  readonly code: ContractErrorCode;

  constructor(code: ContractErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ContractError";
    this.code = code;
  }

  /** True for any `ContractError`, even one thrown by another copy of this package. */
  static isInstance(error: unknown): error is ContractError {
    return (
      typeof error === "object" &&
      error !== null &&
      (error as Record<symbol, unknown>)[CONTRACT_ERROR_MARKER] === true
    );
  }
}
