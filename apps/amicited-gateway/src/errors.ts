// The gateway's one error class: every local failure (bad flag, a tool's refusal) carries a stable
// string code; the MCP edge (server/) turns it into an isError result. The workspace store's
// errors (unknown domain, exhausted credits, a driver that cannot load or connect) are its own
// CodedErrors and keep their codes at that edge, so they are not restated
// here. The base (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

/** Stable codes of GatewayError, safe to match on. */
export const GatewayErrorCode = {
  INVALID_ARGUMENTS: "INVALID_ARGUMENTS",
  NOT_FOUND: "NOT_FOUND",
  PLAN_LIMIT: "PLAN_LIMIT",
  CONFLICT: "CONFLICT",
  USAGE: "USAGE",
} as const;

/** One of GatewayErrorCode's values. */
export type GatewayErrorCodeValue = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];

/** A gateway failure with a stable `code` and a message that names the field, the bound and the fix. */
export class GatewayError extends CodedError<GatewayErrorCodeValue> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/amicited-gateway.GatewayError");
  override readonly name = "GatewayError";
}
