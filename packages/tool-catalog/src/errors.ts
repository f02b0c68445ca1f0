// The package's one error class. Every refusal the catalog makes (unknown tool, wrong kind,
// missing scope, bad arguments, quota, unknown column) is a CatalogError with a stable `code`
// that apps turn into wire errors (MCP `isError` results) in one place. The base (code, cause,
// brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

/** Stable string codes of every CatalogError. */
export const CatalogErrorCode = {
  UNKNOWN_TOOL: "UNKNOWN_TOOL",
  UNKNOWN_TOOLSET: "UNKNOWN_TOOLSET",
  DUPLICATE_TOOL: "DUPLICATE_TOOL",
  DUPLICATE_TOOLSET: "DUPLICATE_TOOLSET",
  INVALID_TOOL: "INVALID_TOOL",
  KIND_NOT_ALLOWED: "KIND_NOT_ALLOWED",
  SCOPE_DENIED: "SCOPE_DENIED",
  INVALID_ARGUMENTS: "INVALID_ARGUMENTS",
  INVALID_OUTPUT: "INVALID_OUTPUT",
  INVALID_PAGING: "INVALID_PAGING",
  UNKNOWN_FIELD: "UNKNOWN_FIELD",
  QUOTA_EXCEEDED: "QUOTA_EXCEEDED",
  TOOL_FAILED: "TOOL_FAILED",
  DRIVER_UNAVAILABLE: "DRIVER_UNAVAILABLE",
  INVALID_SEARCH_OPTIONS: "INVALID_SEARCH_OPTIONS",
  INVALID_LEARNED_REQUEST: "INVALID_LEARNED_REQUEST",
  INVALID_TENANT: "INVALID_TENANT",
} as const;

/** One of the CatalogErrorCode values. */
export type CatalogErrorCode = (typeof CatalogErrorCode)[keyof typeof CatalogErrorCode];

/** Options of a CatalogError: what caused it and machine-readable details for the app edge. */
export interface CatalogErrorOptions {
  cause?: unknown;
  /** Structured facts behind the message (closest names, valid columns, reset time, …). */
  details?: Record<string, unknown>;
}

/**
 * The error every catalog refusal throws. `code` is stable; `message` names the field, the bound
 * and what to do instead, so a model can act on it.
 *
 * @example
 * try { await catalog.read("eshop_delete_order", {}, context) }
 * catch (error) { if (CatalogError.isInstance(error) && error.code === "KIND_NOT_ALLOWED") … }
 */
export class CatalogError extends CodedError<CatalogErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/tool-catalog.CatalogError");
  override readonly name = "CatalogError";
  readonly details: Record<string, unknown>;

  constructor(code: CatalogErrorCode, message: string, options: CatalogErrorOptions = {}) {
    super(code, message, options);
    this.details = options.details ?? {};
  }
}

/**
 * `value` when it is an integer from `min` to `max`, `fallback` when it is undefined, else a
 * CatalogError with `code` naming the field and its bounds (paging, the learning options).
 */
export function checkedInteger(code: CatalogErrorCode, field: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new CatalogError(code, `${field} must be an integer from ${min} to ${max}; got ${String(value)}.`, { details: { field, min, max } });
  }
  return value;
}
