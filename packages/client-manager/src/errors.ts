// The package's one error class. Config, registry and manager failures carry a stable string
// `code`; tool-call failures become `UnifiedToolResult`s whose `errorCode` uses the same map.
// The base (code, cause, brand) is @foundry-mcp/core's CodedError.

import { CodedError } from "@foundry-mcp/core";

/** Stable codes of {@link ClientManagerError}; compare against these, never against messages. */
export const ClientManagerErrorCode = {
  /** `mcp.json` (or a config object) breaks the model: the message names server and field. */
  CONFIG_INVALID: "CONFIG_INVALID",
  /** A config or credentials file could not be read or parsed. */
  CONFIG_READ_FAILED: "CONFIG_READ_FAILED",
  /** A config or credentials file could not be written. */
  CONFIG_WRITE_FAILED: "CONFIG_WRITE_FAILED",
  /** Another process held the configuration lock for longer than the wait. */
  CONFIG_LOCKED: "CONFIG_LOCKED",
  /** `${VAR}` with no value and no `:-default`; fails that one server only. */
  VARIABLE_MISSING: "VARIABLE_MISSING",
  /** The JSON given to `importServers` has neither `mcpServers` nor `servers`. */
  IMPORT_INVALID: "IMPORT_INVALID",
  /** No configured server has this name. */
  SERVER_NOT_FOUND: "SERVER_NOT_FOUND",
  /** The server is configured but not connected (connecting, error or disabled). */
  SERVER_UNAVAILABLE: "SERVER_UNAVAILABLE",
  /** The host tool name is not in the registry. */
  TOOL_NOT_FOUND: "TOOL_NOT_FOUND",
  /** The tool is registered but outside the set exposed for this step. */
  TOOL_NOT_EXPOSED: "TOOL_NOT_EXPOSED",
  /** The session tool policy denies the tool. */
  TOOL_DENIED: "TOOL_DENIED",
  /** The approval gateway refused the call. */
  APPROVAL_DENIED: "APPROVAL_DENIED",
  /** The call got no answer within its timeout. */
  CALL_TIMEOUT: "CALL_TIMEOUT",
  /** The caller's AbortSignal fired. */
  CALL_ABORTED: "CALL_ABORTED",
  /** The connection failed during the call (refused, closed, lost) and the call could not be answered, nor safely resent. */
  CONNECTION_LOST: "CONNECTION_LOST",
  /** The server answered the request with a JSON-RPC error. */
  REQUEST_FAILED: "REQUEST_FAILED",
  /** Opening the session, initializing or listing tools failed. */
  CONNECT_FAILED: "CONNECT_FAILED",
  /** A server lists more tools than MAX_TOOLS_PER_SERVER; it is not connected. */
  TOO_MANY_TOOLS: "TOO_MANY_TOOLS",
  /** A stdio server was configured on a manager built without a stdio launcher. */
  STDIO_UNSUPPORTED: "STDIO_UNSUPPORTED",
  /** The server needs OAuth authorization a person must give (the host's login command, HostVoice.loginHint); not retried until then. */
  AUTH_REQUIRED: "AUTH_REQUIRED",
  /** An OAuth login failed: refused, timed out, a state mismatch or an unreachable authorization server. */
  AUTH_FAILED: "AUTH_FAILED",
  /** The server lacks the capability a request needs (e.g. `resources.subscribe`). */
  CAPABILITY_MISSING: "CAPABILITY_MISSING",
  /** The manager was closed. */
  MANAGER_CLOSED: "MANAGER_CLOSED",
} as const;

/** One of the {@link ClientManagerErrorCode} values. */
export type ClientManagerErrorCode = (typeof ClientManagerErrorCode)[keyof typeof ClientManagerErrorCode];

/**
 * The error every public API of this package throws on purpose.
 *
 * @example
 * try { loadHostConfig(home); }
 * catch (error) { if (ClientManagerError.isInstance(error) && error.code === "CONFIG_INVALID") … }
 */
export class ClientManagerError extends CodedError<ClientManagerErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/client-manager.ClientManagerError");
  override readonly name = "ClientManagerError";
  /** The server the failure belongs to, when there is one. */
  readonly server: string | undefined;

  constructor(code: ClientManagerErrorCode, message: string, options?: { cause?: unknown; server?: string }) {
    super(code, message, options);
    this.server = options?.server;
  }
}
