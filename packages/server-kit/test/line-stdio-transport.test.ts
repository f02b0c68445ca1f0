// line-stdio-transport.ts on in-process streams: framing across chunks, CRLF, blank lines, several
// messages per chunk, oversized frames, error replies, sending, and closing on end of input.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { LineStdioTransport } from "../src/line-stdio-transport";

async function harness(maxFrameBytes?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineStdioTransport(input, output, maxFrameBytes);
  const received: JSONRPCMessage[] = [];
  let closed = false;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => (closed = true);
  await transport.start();
  let written = "";
  output.on("data", (chunk: Buffer) => (written += chunk.toString()));
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { input, transport, received, flush, written: () => written, closed: () => closed };
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

  it("discards a frame over the limit without buffering it, then reads the next one", async () => {
    const peer = await harness(1024);
    peer.input.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(600)}`);
    peer.input.write(`${"y".repeat(600)}"}}\n${ping(2)}\n`);
    await peer.flush();
    expect(JSON.parse(peer.written())).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: message larger than 1024 bytes was discarded." } });
    expect(peer.received).toEqual([{ jsonrpc: "2.0", id: 2, method: "ping" }]);
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
