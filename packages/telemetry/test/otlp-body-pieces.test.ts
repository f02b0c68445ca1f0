// A batch's body is written as the export queue's own chunks (one corked writev, no copy into one
// Buffer; otlp-http.ts), and the queue reuses those chunks for the next spans once the post
// settles. So the post must not settle while the socket still holds unsent pieces: a collector may
// answer before it has read the body. And a collector that hangs up mid-body fails the batch (it is
// counted as a failed export), nothing more. Pinned against raw TCP collectors on 127.0.0.1.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { SignalTarget } from "../src/otlp/export-settings";
import { otlpPoster } from "../src/otlp/otlp-http";

let server: net.Server | undefined;
const accepted: net.Socket[] = [];

afterEach(async () => {
  // The poster keeps its connection for the next batch: close() waits for every connection.
  for (const socket of accepted.splice(0)) socket.destroy();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function collector(onConnection: (socket: net.Socket) => void): Promise<SignalTarget> {
  server = net.createServer((socket) => {
    accepted.push(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1/traces`, headers: {}, timeoutMs: 10_000 };
}

/** `count` pieces of `size` bytes, each filled with its own letter. */
function pieces(count: number, size: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(size, 97 + (index % 26)));
}

describe("a batch written in pieces", () => {
  it("settles only once every piece left, even when the collector answers before reading the body", async () => {
    // 64 MiB: far more than loopback TCP buffers for a collector that is not reading (4 MiB of send
    // buffer here, and a receive window that grows only while the collector reads).
    const body = pieces(8, 8 * 1024 * 1024);
    const total = body.reduce((sum, piece) => sum + piece.length, 0);
    let received = 0;
    const to = await collector((socket) => {
      socket.once("data", (first: Buffer) => {
        received = first.length;
        // Answer at once, without reading on; read the rest of the body once the answer left.
        socket.pause();
        socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", () => socket.on("data", (chunk: Buffer) => (received += chunk.length)).resume());
      });
    });
    await otlpPoster([to])(to, body);
    const receivedAtSettle = received;
    await expect.poll(() => received).toBeGreaterThanOrEqual(total);
    // Settled early, the export queue would refill chunks still waiting to be sent.
    expect(receivedAtSettle).toBeGreaterThan(total - 40 * 1024 * 1024);
  });

  it("fails the batch when the collector hangs up mid-body, and the next batch gets through", async () => {
    let connections = 0;
    const to = await collector((socket) => {
      connections += 1;
      if (connections === 1) socket.once("data", () => socket.destroy());
      else {
        let seen = 0;
        socket.on("data", (chunk: Buffer) => {
          seen += chunk.length;
          if (seen >= 2) socket.end("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
        });
      }
    });
    const post = otlpPoster([to]);
    await expect(post(to, pieces(8, 1024 * 1024))).rejects.toThrow(/closed the connection before answering|ECONNRESET|EPIPE/);
    await expect(post(to, [Buffer.from("{}")])).resolves.toBeUndefined();
    expect(connections).toBe(2);
  });
});
