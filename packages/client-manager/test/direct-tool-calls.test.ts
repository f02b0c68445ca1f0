// Plain tool calls written straight to the upstream's transport (decision 0044): the wire request,
// the answers the SDK Client's callTool would give (results, errors, timeouts, cancellation, a lost
// connection) and the messages left to the Client. Over a transport that records what is written.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { CallToolResultSchema, ErrorCode, McpError, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DirectToolCalls, isPlainToolResult } from "../src/manager/direct-tool-calls";
import type { HostTool } from "../src/registry/types";

/** A connected transport as the SDK Client leaves it: its onmessage/onclose are the Client's. */
function recordingTransport() {
  const written: JSONRPCMessage[] = [];
  const passedOn: JSONRPCMessage[] = [];
  const events: string[] = [];
  const transport: Transport = {
    start: async () => undefined,
    close: async () => undefined,
    send: async (message) => {
      written.push(message);
    },
    onmessage: (message) => passedOn.push(message),
    onclose: () => events.push("client saw the close"),
  };
  return { transport, written, passedOn, events, answer: (message: unknown) => transport.onmessage?.(message as JSONRPCMessage) };
}

const echo: HostTool = { hostName: "mcp__ev0__echo", server: "ev0", tool: "echo", description: "", inputSchema: { type: "object" } };

afterEach(() => {
  vi.useRealTimers();
});

describe("DirectToolCalls", () => {
  it("writes a tools/call with an id of its own and settles a plain answer as it came", async () => {
    const wire = recordingTransport();
    const direct = new DirectToolCalls(wire.transport);
    const call = direct.callTool({ name: "echo", arguments: { message: "hi" }, _meta: { traceparent: "00-ab-cd-01" } }, 50_000);
    expect(wire.written).toEqual([{ jsonrpc: "2.0", id: "direct-1", method: "tools/call", params: { name: "echo", arguments: { message: "hi" }, _meta: { traceparent: "00-ab-cd-01" } } }]);
    // The SDK Client's own answers and notifications go on to it.
    wire.answer({ jsonrpc: "2.0", id: 0, result: { tools: [] } });
    wire.answer({ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } });
    wire.answer({ jsonrpc: "2.0", id: "direct-1", result: { content: [{ type: "text", text: "Echo: hi" }], isError: false } });
    await expect(call).resolves.toEqual({ content: [{ type: "text", text: "Echo: hi" }], isError: false });
    expect(wire.passedOn).toEqual([
      { jsonrpc: "2.0", id: 0, result: { tools: [] } },
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "x" } },
    ]);
    // A second answer to the same id is no longer this lane's: the Client gets it (and reports an unknown id, as before).
    wire.answer({ jsonrpc: "2.0", id: "direct-1", result: { content: [] } });
    expect(wire.passedOn).toHaveLength(3);
    const second = direct.callTool({ name: "echo", arguments: {} }, 50_000);
    expect(wire.written[1]).toMatchObject({ id: "direct-2" });
    wire.answer({ jsonrpc: "2.0", id: "direct-2", result: { content: [] } });
    await expect(second).resolves.toEqual({ content: [] });
  });

  it("parses any other answer with the SDK's CallToolResultSchema, refusing what it refuses", async () => {
    const wire = recordingTransport();
    const direct = new DirectToolCalls(wire.transport);
    const rich = { content: [{ type: "text", text: "a", annotations: { priority: 1 } }], structuredContent: { n: 1 }, _meta: { k: "v" } };
    const richCall = direct.callTool({ name: "echo", arguments: {} }, 50_000);
    wire.answer({ jsonrpc: "2.0", id: "direct-1", result: rich });
    await expect(richCall).resolves.toEqual(CallToolResultSchema.parse(rich));
    const noContent = direct.callTool({ name: "echo", arguments: {} }, 50_000);
    wire.answer({ jsonrpc: "2.0", id: "direct-2", result: { toolResult: 42 } });
    await expect(noContent).resolves.toEqual({ content: [], toolResult: 42 });
    const broken = direct.callTool({ name: "echo", arguments: {} }, 50_000);
    wire.answer({ jsonrpc: "2.0", id: "direct-3", result: { content: "not a list" } });
    await expect(broken).rejects.toThrow(/content/);
  });

  it("rejects an error answer with the SDK's McpError (code, message, data)", async () => {
    const wire = recordingTransport();
    const call = new DirectToolCalls(wire.transport).callTool({ name: "nope", arguments: {} }, 50_000);
    wire.answer({ jsonrpc: "2.0", id: "direct-1", error: { code: -32602, message: "Unknown tool: nope", data: { tool: "nope" } } });
    const error = await call.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602, message: "MCP error -32602: Unknown tool: nope", data: { tool: "nope" } });
  });

  it("times out as the SDK does: the server is told, the call fails with RequestTimeout", async () => {
    vi.useFakeTimers();
    const wire = recordingTransport();
    const call = new DirectToolCalls(wire.transport).callTool({ name: "echo", arguments: {} }, 1000);
    const settled = call.catch((thrown: unknown) => thrown);
    await vi.advanceTimersByTimeAsync(999);
    expect(wire.written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.RequestTimeout, message: "MCP error -32001: Request timed out", data: { timeout: 1000 } });
    expect(wire.written[1]).toEqual({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "direct-1", reason: "McpError: MCP error -32001: Request timed out" } });
    // The late answer is not this lane's any more.
    wire.answer({ jsonrpc: "2.0", id: "direct-1", result: { content: [] } });
    expect(wire.passedOn).toHaveLength(1);
  });

  it("cancels on the caller's abort with its reason, and refuses a call whose signal is already aborted", async () => {
    const wire = recordingTransport();
    const direct = new DirectToolCalls(wire.transport);
    const controller = new AbortController();
    const call = direct.callTool({ name: "echo", arguments: {} }, 50_000, controller.signal);
    controller.abort("client cancelled");
    const error = await call.catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: ErrorCode.RequestTimeout, message: "MCP error -32001: client cancelled" });
    expect(wire.written[1]).toEqual({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "direct-1", reason: "client cancelled" } });
    await expect(direct.callTool({ name: "echo", arguments: {} }, 50_000, controller.signal)).rejects.toBe("client cancelled");
    expect(wire.written).toHaveLength(2);
  });

  it("fails its pending calls with ConnectionClosed after the Client saw the close, and refuses calls after it", async () => {
    const wire = recordingTransport();
    const direct = new DirectToolCalls(wire.transport);
    const call = direct.callTool({ name: "echo", arguments: {} }, 50_000).catch((thrown: unknown) => {
      wire.events.push("call failed");
      return thrown;
    });
    wire.transport.onclose?.();
    const error = await call;
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: ErrorCode.ConnectionClosed, message: "MCP error -32000: Connection closed" });
    expect(wire.events).toEqual(["client saw the close", "call failed"]);
    await expect(direct.callTool({ name: "echo", arguments: {} }, 50_000)).rejects.toThrow("Not connected");
  });

  it("rejects with the transport's error when the request cannot be written", async () => {
    const wire = recordingTransport();
    wire.transport.send = async () => {
      throw new Error("EPIPE");
    };
    await expect(new DirectToolCalls(wire.transport).callTool({ name: "echo", arguments: {} }, 50_000)).rejects.toThrow("EPIPE");
  });

  it("leaves to the SDK Client the tools it must check: an output schema, required task execution", () => {
    const direct = new DirectToolCalls(recordingTransport().transport);
    expect(direct.takes(echo)).toBe(true);
    expect(direct.takes({ ...echo, outputSchema: { type: "object" } })).toBe(false);
    direct.requiredTaskTools = new Set(["echo"]);
    expect(direct.takes(echo)).toBe(false);
  });
});

describe("isPlainToolResult", () => {
  it("takes only what CallToolResultSchema hands back unchanged", () => {
    const plain = [{ content: [] }, { content: [{ type: "text", text: "" }] }, { content: [{ type: "text", text: "a" }, { type: "text", text: "b" }], isError: true }];
    for (const result of plain) {
      expect(isPlainToolResult(result)).toBe(true);
      expect(CallToolResultSchema.parse(result)).toEqual(result);
    }
    const other = [
      {},
      { content: [], isError: "yes" },
      { content: [], structuredContent: {} },
      { content: [], _meta: {} },
      { content: [{ type: "image", data: "", mimeType: "image/png" }] },
      { content: [{ type: "text", text: 1 }] },
      { content: [{ type: "text", text: "a", annotations: {} }] },
      { content: [null] },
      { content: [["text"]] },
      { content: {} },
    ];
    for (const result of other) expect(isPlainToolResult(result as Record<string, unknown>)).toBe(false);
  });
});
