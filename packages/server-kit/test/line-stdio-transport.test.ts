// line-stdio-transport.ts on in-process streams: framing across chunks, CRLF, blank lines, several
// messages per chunk, oversized frames, error replies, sending, and closing on end of input.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { LineStdioTransport, type LineStdioTransportOptions } from "../src/line-stdio-transport";

async function harness(options?: number | LineStdioTransportOptions) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineStdioTransport(input, output, options);
  const received: JSONRPCMessage[] = [];
  let closed = false;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => (closed = true);
  await transport.start();
  let written = "";
  const errors: Error[] = [];
  transport.onerror = (error) => errors.push(error);
  const read = () => output.on("data", (chunk: Buffer) => (written += chunk.toString()));
  if (typeof options !== "object" || options.outputHighWaterBytes === undefined) read();
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { input, output, transport, received, errors, read, flush, written: () => written, closed: () => closed };
}

const ping = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });

describe("LineStdioTransport", () => {
  it("frames messages split across chunks, several per chunk, with CRLF and blank lines", async () => {
    const peer = await harness();
    const text = `${ping(1)}\r\n\n${ping(2)}\n${ping(3)}\n`;
    for (const piece of [text.slice(0, 7), text.slice(7, 40), text.slice(40)]) peer.input.write(piece);
    await peer.flush();
    expect(peer.received).toEqual([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "ping" })));
    expect(peer.written()).toBe("");
  });

  it("keeps multi-byte characters split between chunks intact", async () => {
    const peer = await harness();
    const bytes = Buffer.from(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/x", params: { text: "città €" } })}\n`);
    const cut = bytes.indexOf(Buffer.from("€")) + 1;
    peer.input.write(bytes.subarray(0, cut));
    peer.input.write(bytes.subarray(cut));
    await peer.flush();
    expect(peer.received).toEqual([{ jsonrpc: "2.0", method: "notifications/x", params: { text: "città €" } }]);
  });

  it("answers a parse error with -32700 and an invalid message with -32600, then goes on", async () => {
    const peer = await harness();
    peer.input.write(`{oops\n{"jsonrpc":"2.0","id":9}\n${ping(4)}\n`);
    await peer.flush();
    const replies = peer.written().trim().split("\n").map((line) => JSON.parse(line) as { id: unknown; error: { code: number; message: string } });
    expect(replies.map((reply) => [reply.id, reply.error.code])).toEqual([
      [null, -32700],
      [9, -32600],
    ]);
    expect(replies[1]?.error.message).toBe("Invalid Request: not a JSON-RPC request, notification or response.");
    expect(peer.received).toEqual([{ jsonrpc: "2.0", id: 4, method: "ping" }]);
  });

  // Regression (issue 15): an over-size frame was answered with id null, so its caller waited
  // for its own timeout.
  it("discards a frame over the limit without buffering it, answers it with its id, then reads the next one", async () => {
    const peer = await harness(1024);
    peer.input.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(600)}`);
    peer.input.write(`${"y".repeat(600)}"}}\n${ping(2)}\n`);
    await peer.flush();
    expect(JSON.parse(peer.written())).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32600, message: "Invalid Request: message larger than 1024 bytes was discarded." } });
    expect(peer.received).toEqual([{ jsonrpc: "2.0", id: 2, method: "ping" }]);
  });

  it("reads the id of an over-size frame from its end when the SDK put it last", async () => {
    const peer = await harness(1024);
    peer.input.write(`${JSON.stringify({ method: "tools/call", params: { name: "x", arguments: { pad: "z".repeat(5000) } }, jsonrpc: "2.0", id: "late" })}\n`);
    await peer.flush();
    expect(JSON.parse(peer.written())).toMatchObject({ id: "late", error: { code: -32600 } });
  });

  it("fails our own request when the client's response to it is over the limit", async () => {
    const peer = await harness(1024);
    peer.input.write(`${JSON.stringify({ result: { content: "r".repeat(5000) }, jsonrpc: "2.0", id: 3 })}\n`);
    await peer.flush();
    expect(peer.received).toEqual([{ jsonrpc: "2.0", id: 3, error: { code: -32600, message: "Invalid Request: response message larger than 1024 bytes was discarded." } }]);
    expect(peer.written()).toBe("");
  });

  // Regression (issue 15): replies to a client that does not read were queued without bound.
  it("stops reading input while its output is not drained, and resumes when it is", async () => {
    const peer = await harness({ outputHighWaterBytes: 32 * 1024 });
    const garbage = "not json\n".repeat(10_000);
    peer.input.write(garbage);
    await peer.flush();
    expect(peer.input.isPaused()).toBe(true);
    expect(peer.output.writableLength).toBeLessThan(32 * 1024 + 200);
    expect(peer.transport["framer"].pendingBytes).toBeGreaterThan(garbage.length / 2);
    peer.read();
    const deadline = Date.now() + 10_000;
    while (peer.written().split("\n").length <= 10_000 && Date.now() < deadline) await peer.flush();
    expect(peer.written().trim().split("\n")).toHaveLength(10_000);
    expect(peer.input.isPaused()).toBe(false);
  });

  it("closes with OUTPUT_NOT_DRAINING when a send would pass the output bound", async () => {
    const peer = await harness({ outputHighWaterBytes: 1024, maxQueuedOutputBytes: 64 * 1024 });
    const big = { jsonrpc: "2.0" as const, id: 1, result: { text: "b".repeat(40 * 1024) } };
    await Promise.race([peer.transport.send(big), peer.flush()]);
    await expect(peer.transport.send({ ...big, id: 2 })).rejects.toThrow(/^OUTPUT_NOT_DRAINING: \d+ bytes of replies are waiting for the client to read them, and \d+ more would pass the 65536 bytes bound \(maxQueuedOutputBytes\); the client is not reading its stdin, so the session is closed\.$/);
    expect(peer.closed()).toBe(true);
    expect(peer.errors.map((error) => (error as NodeJS.ErrnoException).code)).toEqual(["OUTPUT_NOT_DRAINING"]);
  });

  it("sends one line per message and closes when the input ends", async () => {
    const peer = await harness();
    await peer.transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    await peer.flush();
    expect(peer.written()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}\n');
    peer.input.end();
    await peer.flush();
    expect(peer.closed()).toBe(true);
  });
});
