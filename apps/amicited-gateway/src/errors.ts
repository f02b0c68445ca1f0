// The gateway's one error class: every local failure (bad flag, a tool's refusal) carries a stable
// string code; the MCP edge (server/) turns it into an isError result. The workspace store's
// errors (unknown domain, exhausted credits, plan limit) count as gateway errors at that edge.
import { WorkspaceStoreError } from "@foundry-mcp/workspace-store";

/** Stable codes of GatewayError, safe to match on. */
export const GatewayErrorCode = {
  INVALID_ARGUMENT: "INVALID_ARGUMENT",
  NOT_FOUND: "NOT_FOUND",
  UNKNOWN_DOMAIN: "UNKNOWN_DOMAIN",
  CREDITS_EXHAUSTED: "CREDITS_EXHAUSTED",
  PLAN_LIMIT: "PLAN_LIMIT",
  CONFLICT: "CONFLICT",
  STORE: "STORE",
  USAGE: "USAGE",
  DRIVER_UNAVAILABLE: "DRIVER_UNAVAILABLE",
  CONNECT_FAILED: "CONNECT_FAILED",
} as const;

/** One of GatewayErrorCode's values. */
export type GatewayErrorCodeValue = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];

const brand = Symbol.for("foundry-mcp.amicited-gateway.error");

/** A gateway failure with a stable `code` and a message that names the field, the bound and the fix. */
export class GatewayError extends Error {
  readonly code: GatewayErrorCodeValue;
  readonly [brand] = true;

  constructor(code: GatewayErrorCodeValue, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GatewayError";
    this.code = code;
  }

  /** True for any GatewayError (even from another copy of this module) or WorkspaceStoreError. */
  static isInstance(value: unknown): value is GatewayError {
    return (
      WorkspaceStoreError.isInstance(value) ||
      (typeof value === "object" &&
        value !== null &&
        (value as Record<symbol, unknown>)[brand] === true)
    );
  }
}
