// The one error class of @foundry-mcp/contracts. Callers branch on `code` (stable strings);
// the MCP edge turns these into `isError` results, so messages are written for a model to act on.
// The base (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

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
} as const;

/** One of the `ContractErrorCode` values. */
export type ContractErrorCode = (typeof ContractErrorCode)[keyof typeof ContractErrorCode];

/**
 * Base error of the package. `ContractError.isInstance` works across copies of the package (it
 * checks a global symbol, not the prototype), which matters once apps bundle their dependencies.
 */
export class ContractError extends CodedError<ContractErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/contracts.ContractError");
  override readonly name = "ContractError";
}
