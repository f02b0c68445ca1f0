// SEP-2575 version negotiation against real HTTP servers on 127.0.0.1: a 2026-07-28 server that
// refuses a request with 400 -32022 lists the versions it supports. The client asks again when
// its own version is listed (the conformance scenario request-metadata covers that path), and
// otherwise says in words which versions each side speaks, never a schema-validation dump.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ClientManager } from "../src/index";

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server that refuses every POST with -32022 and `supported`, as a 2026-07-28 server of other versions would. */
async function refusingServer(supported: string[]): Promise<{ url: string; methods: string[] }> {
  const methods: string[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.method !== "POST") return void response.writeHead(405).end();
      const message = JSON.parse(body) as { id?: unknown; method?: string };
      methods.push(String(message.method));
      response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id ?? null, error: { code: -32022, message: "Unsupported protocol version", data: { supported, requested: request.headers["mcp-protocol-version"] ?? "" } } }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, methods };
}

describe("SEP-2575 -32022 Unsupported protocol version", () => {
  it("a server with no version in common is an error naming both sides' versions, with no initialize sent", async () => {
    const { url, methods } = await refusingServer(["2099-01-01"]);
    const manager = new ClientManager({ config: { servers: { future: { transport: "streamable_http", url, sseFallback: false } } }, pingIntervalMs: 0, reconnect: { maxAttempts: 0 } });
    try {
      await manager.start();
      const [status] = manager.status();
      expect(status?.state).toBe("error");
      expect(status?.lastError).toContain("the server supports MCP protocol versions 2099-01-01; this client speaks 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05, 2024-10-07 (no common version)");
      expect(status?.lastError).not.toMatch(/expected|invalid_type|path/);
      expect(methods).toEqual(["server/discover"]);
    } finally {
      await manager.close();
    }
  });

  it("a server that lists 2026-07-28 yet refuses it again is asked exactly twice, then the 2025 handshake is tried", async () => {
    const { url, methods } = await refusingServer(["2026-07-28"]);
    const manager = new ClientManager({ config: { servers: { stubborn: { transport: "streamable_http", url, sseFallback: false } } }, pingIntervalMs: 0, reconnect: { maxAttempts: 0 } });
    try {
      await manager.start();
      expect(manager.status()[0]?.state).toBe("error");
      expect(methods).toEqual(["server/discover", "server/discover", "initialize"]);
    } finally {
      await manager.close();
    }
  });
});
