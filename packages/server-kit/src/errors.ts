// The package's base error class: a failure a host can act on, with a stable string `code`.
// InputRequestError (input/input-error.ts) and StreamLogFullError (sessions/sql-stream-events.ts)
// stay classes of their own: each is answered on the wire in its own way. The base (code, cause,
// brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

/** Stable codes of {@link ServerKitError}; compare against these, never against messages. */
export const ServerKitErrorCode = {
  /**
   * The MCP SDK the Server came from lacks a part server-kit relies on (restoreSession calls the
   * SDK Server's `_oninitialize`); the message names it and the SDK version to install.
   */
  SDK_UNSUPPORTED: "SDK_UNSUPPORTED",
  /**
   * A stored 2025 session could not be restored into the Server built for one of its requests: its
   * row fails the SDK's initialize schema, or restoring threw. The HTTP endpoint answers the
   * request 500 / -32603 with this code in `data.code`; the client should initialize a new session.
   */
  SESSION_NOT_RESTORED: "SESSION_NOT_RESTORED",
} as const;

/** One of the {@link ServerKitErrorCode} values. */
export type ServerKitErrorCode = (typeof ServerKitErrorCode)[keyof typeof ServerKitErrorCode];

/**
 * The error server-kit's own APIs throw on purpose.
 *
 * @example
 * try { await restoreSession(server, session); }
 * catch (error) { if (ServerKitError.isInstance(error) && error.code === "SDK_UNSUPPORTED") … }
 */
export class ServerKitError extends CodedError<ServerKitErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/server-kit.ServerKitError");
  override readonly name = "ServerKitError";
}
