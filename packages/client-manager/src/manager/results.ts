// Turns MCP call outcomes and host-side refusals into UnifiedToolResults, and classifies thrown
// errors: JSON-RPC errors from a live server vs. a lost connection vs. a timeout.
import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { messageOf } from "@foundry-mcp/core";
import { ClientManagerErrorCode } from "../errors";
import type { ContentBlock, HostTool, UnifiedToolResult } from "../registry/types";

/** What went wrong with a request, from the host's point of view. */
export type FailureKind = "timeout" | "aborted" | "connection" | "request";

/** Sorts a thrown value into a {@link FailureKind}. */
export function classifyFailure(error: unknown, signal?: AbortSignal): FailureKind {
  if (signal?.aborted) return "aborted";
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return "timeout";
    if (error.code === ErrorCode.ConnectionClosed) return "connection";
    return "request";
  }
  return "connection";
}

/** A result the host made itself (refusal, timeout, server down): one text block, `isError`. */
export function hostErrorResult(
  identity: { hostName: string; server?: string; tool?: string },
  errorCode: string,
  text: string,
  durationMs = 0,
): UnifiedToolResult {
  return {
    content: [{ type: "text", text }],
    isError: true,
    server: identity.server ?? "",
    tool: identity.tool ?? "",
    hostName: identity.hostName,
    durationMs,
    errorCode,
  };
}

/** The unified form of a `tools/call` answer. */
export function toolResult(tool: HostTool, raw: Record<string, unknown>, durationMs: number): UnifiedToolResult {
  const result: UnifiedToolResult = {
    content: Array.isArray(raw.content) ? (raw.content as ContentBlock[]) : [],
    isError: raw.isError === true,
    server: tool.server,
    tool: tool.tool,
    hostName: tool.hostName,
    durationMs,
  };
  if (raw.structuredContent && typeof raw.structuredContent === "object") result.structuredContent = raw.structuredContent as Record<string, unknown>;
  // Pre-2025 servers may answer `{ toolResult }` instead of content blocks.
  if (result.content.length === 0 && raw.toolResult !== undefined) result.content = [{ type: "text", text: JSON.stringify(raw.toolResult) }];
  return result;
}

/** Error codes that prove a request never reached the server (nothing listened, no route, no host). */
const UNDELIVERED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/**
 * Whether the request provably never reached the server: fetch failed to open a connection
 * (ECONNREFUSED and the like, found anywhere in the cause chain). Resending such a request is
 * safe whatever the tool does.
 */
export function isUndelivered(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNDELIVERED_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Why a call whose connection failed got no answer after all, for the message: the tool was not
 * safe to resend, or the server did not come back (`lastError`: what the reconnect attempt said).
 */
export type NotResentReason =
  | { reason: "not_resendable" }
  | { reason: "reconnect_failed"; lastError?: string }
  | { reason: "not_retried"; lastError?: string }
  | { reason: "timed_out" }
  | { reason: "stopped" }
  | { reason: "resent" };

/** The session's last error when it says something the call's own error does not. */
function newsBeyond(cause: string, lastError: string | undefined): string | undefined {
  return lastError && !cause.includes(lastError) && !lastError.includes(cause) ? lastError : undefined;
}

function connectionText(tool: HostTool, error: unknown, timeoutMs: number, why: NotResentReason): string {
  const cause = messageOf(error);
  const head = isUndelivered(error)
    ? `${tool.hostName} failed: server "${tool.server}" cannot be reached (${cause})`
    : `${tool.hostName} failed: the connection to server "${tool.server}" was lost during the call (${cause})`;
  switch (why.reason) {
    case "not_resendable":
      return `${head}; it was not resent because the tool is not annotated read-only or idempotent`;
    case "reconnect_failed": {
      const news = newsBeyond(cause, why.lastError);
      return news ? `${head}; reconnecting failed: ${news}` : `${head}; reconnecting failed the same way`;
    }
    case "timed_out":
      return `${head}; it did not reconnect within the call's ${timeoutMs} ms timeout`;
    case "not_retried": {
      // No attempt pending (attempts used up, or an attempt already failed under the call): the
      // session's last error is the reason the server is down, often not the call's own.
      const news = newsBeyond(cause, why.lastError);
      return news ? `${head}; the server stays in error: ${news}` : head;
    }
    case "stopped":
      return `${head}; the server was stopped`;
    case "resent":
      return `${head}; it was resent after reconnecting and failed again`;
    default:
      return head;
  }
}

/**
 * The result for a request that threw. `why` words a lost connection by its real cause
 * (default: the tool was not safe to resend).
 */
export function failureResult(
  tool: HostTool,
  kind: FailureKind,
  error: unknown,
  durationMs: number,
  timeoutMs: number,
  why: NotResentReason = { reason: "not_resendable" },
): UnifiedToolResult {
  switch (kind) {
    case "timeout":
      return hostErrorResult(tool, ClientManagerErrorCode.CALL_TIMEOUT, `${tool.hostName} timed out after ${timeoutMs} ms; the server "${tool.server}" did not answer`, durationMs);
    case "aborted":
      return hostErrorResult(tool, ClientManagerErrorCode.CALL_ABORTED, `${tool.hostName} was cancelled by the caller`, durationMs);
    case "connection":
      return hostErrorResult(tool, ClientManagerErrorCode.CONNECTION_LOST, connectionText(tool, error, timeoutMs, why), durationMs);
    default:
      return hostErrorResult(tool, ClientManagerErrorCode.REQUEST_FAILED, `${tool.hostName} failed: ${messageOf(error)}`, durationMs);
  }
}

/** Whether a call may be sent again after a reconnect (read-only or idempotent by annotation). */
export function isResendable(tool: HostTool): boolean {
  return tool.annotations?.readOnlyHint === true || tool.annotations?.idempotentHint === true;
}
