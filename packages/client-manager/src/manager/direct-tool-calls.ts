// Plain tool calls written straight to an upstream's transport, beside the SDK Client that owns
// it (docs/decisions/0044). The SDK's request path checks every answer with zod three times (is
// it a result response, in Protocol's dispatch and again in its response routing; then the
// result against CallToolResultSchema) and builds a response handler, a timeout record and an
// abort listener per call: most of a young relay's upstream cost. A call taken here gets the same
// wire request (a string id of its own, so the SDK's numbered ids never meet it), the same
// timeout and cancellation (`notifications/cancelled`), the same errors (McpError with the SDK's
// codes and messages, the connection's close as ConnectionClosed) and the same result check:
// a plain text-only answer is taken as it is, anything else is parsed by the SDK's own
// CallToolResultSchema. Calls the SDK Client must shape (progress, output schemas, tasks) stay
// on its path (`takes`).
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolResultSchema, ErrorCode, McpError, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isJsonObject } from "@foundry-mcp/core";
import type { HostTool } from "../registry/types";

interface PendingCall {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** The params of one direct `tools/call`: the tool's own name, its arguments, the trace context's `_meta`. */
export type DirectCallParams = {
  name: string;
  arguments: Record<string, unknown>;
  _meta?: Record<string, unknown>;
};

/** A result the SDK's CallToolResultSchema would hand back unchanged: only text blocks, `isError` a boolean or absent. */
export function isPlainToolResult(result: Record<string, unknown>): boolean {
  let keys = 0;
  for (const key in result) {
    if (key !== "content" && key !== "isError") return false;
    keys += 1;
  }
  const content = result.content;
  if (!Array.isArray(content) || (keys === 2 && typeof result.isError !== "boolean")) return false;
  for (const block of content as unknown[]) {
    if (!isJsonObject(block) || block.type !== "text" || typeof block.text !== "string") return false;
    for (const key in block) if (key !== "type" && key !== "text") return false;
  }
  return true;
}

/**
 * Tool calls on one connected transport without the SDK Client's request path. Install it after
 * the Client connected (it wraps the `onmessage` and `onclose` the Client set); answers to its
 * own calls are settled here, every other message goes on to the Client.
 *
 * @example
 * await client.connect(transport);
 * const direct = new DirectToolCalls(transport);
 * if (direct.takes(tool)) await direct.callTool({ name: tool.tool, arguments: {} }, 50_000);
 */
export class DirectToolCalls {
  /** The server's tools that require task-based execution: the SDK Client refuses them, so they stay on its path. */
  requiredTaskTools: ReadonlySet<string> = new Set();
  private readonly pending = new Map<string, PendingCall>();
  private calls = 0;
  private closed = false;

  constructor(private readonly transport: Transport) {
    const deliver = transport.onmessage;
    const closed = transport.onclose;
    transport.onmessage = (message, extra) => {
      if (!this.settle(message)) deliver?.(message, extra);
    };
    transport.onclose = () => {
      closed?.();
      this.closeAll();
    };
  }

  /** Whether a call of `tool` may be made here: the SDK Client has nothing to check of its answer beyond the result schema. */
  takes(tool: HostTool): boolean {
    return tool.outputSchema === undefined && !this.requiredTaskTools.has(tool.tool);
  }

  /** Sends one `tools/call`; settles with its result, or rejects as the SDK Client's `callTool` would. */
  callTool(params: DirectCallParams, timeoutMs: number, signal?: AbortSignal): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Error("Not connected"));
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.calls += 1;
    const id = `direct-${this.calls}`;
    return new Promise((resolve, reject) => {
      const call: PendingCall = { resolve, reject, timer: setTimeout(() => this.cancel(id, McpError.fromError(ErrorCode.RequestTimeout, "Request timed out", { timeout: timeoutMs })), timeoutMs), signal, onAbort: undefined };
      if (signal) {
        call.onAbort = () => this.cancel(id, signal.reason);
        signal.addEventListener("abort", call.onAbort, { once: true });
      }
      this.pending.set(id, call);
      this.transport.send({ jsonrpc: "2.0", id, method: "tools/call", params } as JSONRPCMessage).catch((error: unknown) => {
        if (this.take(id)) reject(error);
      });
    });
  }

  /** The pending call `id`, removed with its timer and abort listener; undefined when it already settled. */
  private take(id: string): PendingCall | undefined {
    const call = this.pending.get(id);
    if (!call) return undefined;
    this.pending.delete(id);
    clearTimeout(call.timer);
    if (call.onAbort) call.signal?.removeEventListener("abort", call.onAbort);
    return call;
  }

  // Timeout or the caller's abort: the server is told, the call fails as the SDK's would.
  private cancel(id: string, reason: unknown): void {
    const call = this.take(id);
    if (!call) return;
    const cancelled = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: String(reason) } } as JSONRPCMessage;
    this.transport.send(cancelled).catch((error: unknown) => this.transport.onerror?.(new Error(`Failed to send cancellation: ${String(error)}`)));
    call.reject(reason instanceof McpError ? reason : new McpError(ErrorCode.RequestTimeout, String(reason)));
  }

  // True when `message` answered one of this lane's calls.
  private settle(message: JSONRPCMessage): boolean {
    if (this.pending.size === 0 || "method" in message || !("id" in message) || typeof message.id !== "string") return false;
    const call = this.take(message.id);
    if (!call) return false;
    if ("error" in message) {
      call.reject(McpError.fromError(message.error.code, message.error.message, message.error.data));
      return true;
    }
    const result = (message as { result: Record<string, unknown> }).result;
    if (isPlainToolResult(result)) {
      call.resolve(result);
      return true;
    }
    const parsed = CallToolResultSchema.safeParse(result);
    if (parsed.success) call.resolve(parsed.data);
    else call.reject(parsed.error);
    return true;
  }

  private closeAll(): void {
    this.closed = true;
    const error = McpError.fromError(ErrorCode.ConnectionClosed, "Connection closed");
    for (const id of [...this.pending.keys()]) this.take(id)?.reject(error);
  }
}
