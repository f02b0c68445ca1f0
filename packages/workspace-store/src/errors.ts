// The package's one error class. Every refusal of the store (unknown domain, exhausted credits,
// plan limit, a statement the database rejected, a driver that cannot load or connect) carries a
// stable string `code`; the app edge turns it into an MCP `isError` result.

import { CodedError } from "@foundry-mcp/core";

/** Stable string codes of every WorkspaceStoreError. */
export const WorkspaceStoreErrorCode = {
  INVALID_ARGUMENT: "INVALID_ARGUMENT",
  NOT_FOUND: "NOT_FOUND",
  UNKNOWN_DOMAIN: "UNKNOWN_DOMAIN",
  CREDITS_EXHAUSTED: "CREDITS_EXHAUSTED",
  PLAN_LIMIT: "PLAN_LIMIT",
  CONFLICT: "CONFLICT",
  STORE: "STORE",
  DRIVER_UNAVAILABLE: "DRIVER_UNAVAILABLE",
  CONNECT_FAILED: "CONNECT_FAILED",
  STREAM_LOG_FULL: "STREAM_LOG_FULL",
  OUTBOUND_BUSY: "OUTBOUND_BUSY",
  TOKEN_LIMIT: "TOKEN_LIMIT",
} as const;

/** One of the WorkspaceStoreErrorCode values. */
export type WorkspaceStoreErrorCode =
  (typeof WorkspaceStoreErrorCode)[keyof typeof WorkspaceStoreErrorCode];

/**
 * A store failure with a stable `code` and a message that names the field, the bound and the fix.
 * The base (code, cause, brand) is @foundry-mcp/core's CodedError.
 *
 * @example if (WorkspaceStoreError.isInstance(error) && error.code === "CREDITS_EXHAUSTED") …
 */
export class WorkspaceStoreError extends CodedError<WorkspaceStoreErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/workspace-store.WorkspaceStoreError");
  override readonly name = "WorkspaceStoreError";
}

/**
 * `value` when it is an integer from `least` to `most`, else INVALID_ARGUMENT naming the setting
 * and its bounds (the one check of every bounded option: call-log days, kept learned rows, outbound slots).
 */
export function boundedInteger(name: string, value: number, least: number, most: number): number {
  if (Number.isInteger(value) && value >= least && value <= most) return value;
  throw new WorkspaceStoreError(WorkspaceStoreErrorCode.INVALID_ARGUMENT, `${name} must be an integer from ${least} to ${most}; got ${String(value)}`);
}
