// Direct routes: a DualEraTransport over LineStdioTransport (in-process streams) with a real SDK
// Server behind it. A routed method is answered on the transport; its answers, errors included,
// are the SDK's own answers for the same route in both eras (with and without a quick parse); a cancelled request gets no answer
// and its handler's signal aborts (with the client's reason), as the close aborts every one; a quickOnly route leaves what its
// quick parse declines to the SDK; the in-flight bound and a reused id are refused with exact errors.
import { PassThrough } from "node:stream";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { checkedRequest, DualEraTransport, LineStdioTransport, plainToolCall, protocolError, unknownTool, type DirectRequestContext, type DualEraTransportOptions, type ServerIdentity } from "../src/index";

const identity: ServerIdentity = { serverInfo: { name: "direct", version: "1" }, capabilities: { tools: {} } };
const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };

interface Reply {
  id: unknown;
  result?: { content?: { text: string }[]; resultType?: string };
  error?: { code: number; message: string; data?: unknown };
}

/** A tools/call route: "echo" answers, "unknown" and "crash" throw, "hold" waits for release. */
function route() {
  const held: (() => void)[] = [];
  const schema = checkedRequest("tools/call", CallToolRequestSchema);
  const handle = async (request: ReturnType<typeof schema.parse>): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    if (name === "hold") await new Promise<void>((resolve) => held.push(resolve));
    if (name === "unknown") throw unknownTool(name, "Tools: echo, hold.");
    if (name === "crash") throw new Error("the disk is on fire");
    if (name === "refuse") throw protocolError(ErrorCode.InvalidRequest, "Refused on purpose.", { why: "test" });
    return { content: [{ type: "text", text: `${name} ${JSON.stringify(args ?? {})}` }] };
  };
  return { schema, handle, release: () => held.splice(0).forEach((resolve) => resolve()), waiting: () => held.length };
}

/** A Server on in-process stdio, with `tools/call` registered from `sdkRoute` and `options` for the transport. */
async function serve(sdkRoute: ReturnType<typeof route>, options: DualEraTransportOptions) {
  const input = new PassThrough();
  const output = new PassThrough();
  const server = new Server(identity.serverInfo, { capabilities: identity.capabilities });
  server.setRequestHandler(sdkRoute.schema, sdkRoute.handle);
  await server.connect(new DualEraTransport(new LineStdioTransport(input, output), identity, options));
  const replies: Reply[] = [];
  let buffered = "";
  output.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) replies.push(JSON.parse(line) as Reply);
  });
  const send = (...messages: object[]) => input.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(""));
  const reply = async (id: unknown): Promise<Reply> => {
    await expect.poll(() => replies.some((one) => one.id === id)).toBe(true);
    return replies.find((one) => one.id === id)!;
  };
  return { send, reply, replies, close: () => server.close() };
}

const call = (id: number, name: string, args: unknown = {}, meta?: object) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});

describe("direct routes", () => {
  it("answers a routed method on the transport, not through the Server's handler", async () => {
    const peer = await serve(route(), { direct: { "tools/call": { schema: route().schema, handle: async () => ({ content: [{ type: "text", text: "from the lane" }] }) } } });
    peer.send(call(1, "echo"));
    expect((await peer.reply(1)).result?.content?.[0]?.text).toBe("from the lane");
    await peer.close();
  });

  it("gives the SDK's own answers, errors included, in both eras", async () => {
    const messages = [
      call(1, "echo", { q: "x" }),
      call(2, "unknown"),
      call(3, "crash"),
      call(4, "refuse"),
      call(5, "echo", "not an object"),
      { jsonrpc: "2.0", id: 6, method: "tools/call" },
      call(7, "echo", { q: "modern" }, ENVELOPE),
      call(8, "unknown", {}, ENVELOPE),
    ];
    const answers = async (options: DualEraTransportOptions) => {
      const peer = await serve(route(), options);
      const results: Reply[] = [];
      for (const message of messages) {
        peer.send(message);
        results.push(await peer.reply(message.id));
      }
      await peer.close();
      return results;
    };
    const throughSdk = await answers({});
    const throughLane = await answers({ direct: { "tools/call": route() } });
    const throughQuickParse = await answers({ direct: { "tools/call": { ...route(), quickParse: plainToolCall } } });
    expect(throughLane).toEqual(throughSdk);
    expect(throughQuickParse).toEqual(throughSdk);
    // What they are, so a change on either side shows here.
    expect(throughLane.map((reply) => reply.error?.code ?? reply.result?.resultType ?? "result")).toEqual(["result", -32602, -32603, -32600, -32602, -32602, "complete", -32602]);
    expect(throughLane[1]?.error).toEqual({ code: -32602, message: "Unknown tool: unknown. Tools: echo, hold.", data: { name: "unknown" } });
    expect(throughLane[2]?.error).toEqual({ code: -32603, message: "the disk is on fire" });
    expect(throughLane[4]?.error?.message).toMatch(/^Invalid tools\/call request: params\.arguments: /);
  });

  it("sends no answer to a request cancelled while in flight, and goes on answering", async () => {
    const lane = route();
    const peer = await serve(route(), { direct: { "tools/call": lane } });
    peer.send(call(1, "hold"), { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "user" } });
    await expect.poll(() => lane.waiting()).toBe(1);
    lane.release();
    peer.send(call(2, "echo"));
    await peer.reply(2);
    expect(peer.replies.map((reply) => reply.id)).toEqual([2]);
    await peer.close();
  });

  it("aborts a handler's signal when the client cancels its request, with the client's reason", async () => {
    const signals: AbortSignal[] = [];
    const lane = route();
    const handle = (request: Parameters<typeof lane.handle>[0], context: DirectRequestContext) => {
      signals.push(context.signal);
      return lane.handle(request);
    };
    const peer = await serve(route(), { direct: { "tools/call": { schema: lane.schema, handle } } });
    peer.send(call(1, "hold"), call(2, "hold"));
    await expect.poll(() => lane.waiting()).toBe(2);
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "the person pressed stop" } });
    await expect.poll(() => signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toBe("the person pressed stop");
    expect(signals[1]?.aborted).toBe(false);
    // The connection's close aborts what is still running, as the SDK's dispatch does.
    await peer.close();
    expect(signals[1]?.aborted).toBe(true);
  });

  it("leaves to the SDK what a quickOnly route's quick parse declines (a progress token, an envelope), and takes a traced call", async () => {
    const answeredBy = (text: string) => ({ schema: route().schema, handle: async (): Promise<CallToolResult> => ({ content: [{ type: "text", text }] }) });
    const peer = await serve({ ...route(), ...answeredBy("the SDK") }, { direct: { "tools/call": { ...answeredBy("the lane"), quickParse: plainToolCall, quickOnly: true } } });
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    peer.send(
      call(1, "echo"),
      call(2, "echo", {}, { progressToken: "p" }),
      call(3, "echo", {}, { traceparent, tracestate: "a=1" }),
      call(4, "echo", {}, { traceparent, progressToken: "p" }),
      call(5, "echo", {}, ENVELOPE),
      call(6, "echo", "not an object"),
    );
    const texts = await Promise.all([1, 2, 3, 4, 5, 6].map(async (id) => (await peer.reply(id)).result?.content?.[0]?.text ?? (await peer.reply(id)).error?.code));
    expect(texts).toEqual(["the lane", "the SDK", "the lane", "the SDK", "the SDK", -32602]);
    await peer.close();
  });

  it("refuses requests past the in-flight bound, and a reused id, with exact errors", async () => {
    const lane = route();
    const peer = await serve(route(), { direct: { "tools/call": lane }, maxDirectInFlight: 2 });
    peer.send(call(1, "hold"), call(2, "hold"), call(3, "hold"));
    expect((await peer.reply(3)).error).toEqual({ code: -32000, message: "Too many requests in flight: 2 (the server's bound); wait for answers before sending more." });
    peer.send(call(1, "echo"));
    await expect.poll(() => peer.replies.length).toBe(2);
    expect(peer.replies[1]).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32600, message: "Invalid Request: request id 1 is already in flight; use a new id for each request." } });
    lane.release();
    await expect.poll(() => peer.replies.length).toBe(4);
    expect(peer.replies.slice(2).map((reply) => [reply.id, reply.result?.content?.[0]?.text])).toEqual([
      [1, "hold {}"],
      [2, "hold {}"],
    ]);
    peer.send(call(4, "echo"));
    expect((await peer.reply(4)).result?.content?.[0]?.text).toBe("echo {}");
    await peer.close();
  });
});
