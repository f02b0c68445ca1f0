// Issue #33 (telemetry off ≤ 1.02× of the build before telemetry): the HTTP endpoint builds and
// closes an SDK Server per request, and the SDK's close handling builds a "Connection closed"
// McpError each time, whose stack trace capture cost ~1.3% of the gateway's CPU per call. Our
// wire transports now run that handling with stack capture off (protocol-close.ts): a request
// still waiting for the client settles with the same code and message, its error just has no
// stack frames, and Error.stackTraceLimit is what it was afterwards.
import { PassThrough } from "node:stream";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ServerOperations } from "@foundry-mcp/telemetry";
import { describe, expect, it } from "vitest";
import { createAppServer, DualEraTransport, LineStdioTransport, type McpApp, type ServerIdentity } from "../src/index";
import { closeProtocol } from "../src/protocol-close";
import { RestoredSessionTransport } from "../src/sessions/restored-session";

const identity: ServerIdentity = { serverInfo: { name: "closing", version: "1" }, capabilities: { tools: {} } };
const app: McpApp<null> = { listTools: () => [], callTool: async () => ({ content: [] }) };
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };

/** A Server on `wrap(stdio)` over in-process streams, initialized, with a ping to the client left unanswered. */
async function serverWaitingForTheClient(wrap: (wire: LineStdioTransport) => Transport): Promise<{ server: Server; ping: Promise<unknown> }> {
  const input = new PassThrough();
  const output = new PassThrough();
  const frames: Array<{ id?: unknown; method?: string }> = [];
  output.on("data", (chunk: Buffer) => frames.push(...chunk.toString().trim().split("\n").map((line) => JSON.parse(line) as { id?: unknown; method?: string })));
  const server = createAppServer(identity, app, null, undefined);
  await server.connect(wrap(new LineStdioTransport(input, output)));
  input.write(`${JSON.stringify(INITIALIZE)}\n`);
  await expect.poll(() => frames.some((frame) => frame.id === 1)).toBe(true);
  const ping = server.ping().then(
    () => "answered",
    (error: unknown) => error,
  );
  await expect.poll(() => frames.some((frame) => frame.method === "ping")).toBe(true);
  return { server, ping };
}

const stackFrames = (error: Error): string[] => (error.stack ?? "").split("\n").filter((line) => line.trim().startsWith("at "));

describe("closing a per-request Server", () => {
  it.each([
    ["DualEraTransport", (wire: LineStdioTransport): Transport => new DualEraTransport(wire, identity)],
    ["RestoredSessionTransport", (wire: LineStdioTransport): Transport => new RestoredSessionTransport(wire, new ServerOperations({ transport: "pipe" }))],
  ])("%s: a request waiting for the client settles with Connection closed, built without a stack trace", async (_name, wrap) => {
    const limit = Error.stackTraceLimit;
    const { server, ping } = await serverWaitingForTheClient(wrap);
    await server.close();
    const error = (await ping) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(ErrorCode.ConnectionClosed);
    expect(error.message).toBe("MCP error -32000: Connection closed");
    expect(stackFrames(error)).toEqual([]);
    expect(Error.stackTraceLimit).toBe(limit);
  });

  it("restores Error.stackTraceLimit when the close handling throws", () => {
    const limit = Error.stackTraceLimit;
    let inside: number | undefined;
    expect(() =>
      closeProtocol(() => {
        inside = Error.stackTraceLimit;
        throw new Error("handler failed");
      }),
    ).toThrow("handler failed");
    expect(inside).toBe(0);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(stackFrames(new Error("after"))).not.toEqual([]);
  });
});
