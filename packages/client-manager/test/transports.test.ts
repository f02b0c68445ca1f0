import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientManager, DEFAULT_CALL_TIMEOUT_MS, type HostEvent } from "../src/index";
import { CONNECTION_LOST, startEverythingHttp, waitUntil } from "./helpers";

// A Streamable HTTP server on 127.0.0.1 that demands a bearer token and echoes a header back.
function startAuthServer(): Promise<{ url: string; close: () => Promise<void> }> {
  // A failed answer ends its connection instead of leaving an unhandled rejection.
  const server = http.createServer((request, response) => void answer(request, response).catch((error: unknown) => response.destroy(error as Error)));
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (request.headers.authorization !== "Bearer good-token") {
      response.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    const mcp = new Server({ name: "auth-fixture", version: "1.0.0" }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "whoami", inputSchema: { type: "object" } }] }));
    mcp.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: "text", text: `team=${request.headers["x-team"]}` }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await mcp.connect(transport);
    await transport.handleRequest(request, response);
  }
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

let streamable: Awaited<ReturnType<typeof startEverythingHttp>>;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
let auth: Awaited<ReturnType<typeof startAuthServer>>;

beforeAll(async () => {
  [streamable, sse, auth] = await Promise.all([startEverythingHttp("streamableHttp"), startEverythingHttp("sse"), startAuthServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([streamable?.stop(), sse?.stop(), auth?.close()]);
});

describe("remote transports against server-everything", () => {
  it("connects over Streamable HTTP, legacy SSE, and falls back from HTTP to SSE on 4xx", async () => {
    const manager = new ClientManager({
      config: {
        servers: {
          http: { transport: "streamable_http", url: `http://127.0.0.1:${streamable.port}/mcp` },
          legacy: { transport: "sse", url: `http://127.0.0.1:${sse.port}/sse` },
          fallback: { transport: "streamable_http", url: `http://127.0.0.1:${sse.port}/sse` },
          nofallback: { transport: "streamable_http", url: `http://127.0.0.1:${sse.port}/sse`, sseFallback: false },
        },
      },
      pingIntervalMs: 0,
      reconnect: { maxAttempts: 0 },
    });
    try {
      await manager.start();
      const status = Object.fromEntries(manager.status().map((entry) => [entry.name, entry]));
      expect(status.http).toMatchObject({ state: "connected", transport: "streamable_http", tools: 13, resources: 7, prompts: 4 });
      expect(status.legacy).toMatchObject({ state: "connected", transport: "sse", tools: 13 });
      expect(status.fallback).toMatchObject({ state: "connected", transport: "sse", tools: 13 });
      expect(status.nofallback).toMatchObject({ state: "error", transport: "streamable_http" });
      expect(status.nofallback?.lastError).toBe("HTTP 404: Error Cannot POST /sse");
      for (const server of ["http", "legacy", "fallback"]) {
        const result = await manager.callTool(`mcp__${server}__echo`, { message: server });
        expect(result).toMatchObject({ isError: false, server, content: [{ type: "text", text: `Echo: ${server}` }] });
      }
      const read = await manager.readResource("legacy", (await manager.listResources("legacy"))[0]!.uri);
      expect(read.server).toBe("legacy");
    } finally {
      await manager.close();
    }
  });

  it("notices a dead HTTP server by ping, shows error, and reconnects when it is back", async () => {
    const events: HostEvent[] = [];
    const own = await startEverythingHttp("streamableHttp");
    const manager = new ClientManager({
      config: { servers: { remote: { transport: "streamable_http", url: `http://127.0.0.1:${own.port}/mcp`, timeouts: { connectMs: 2000 } } } },
      pingIntervalMs: 200,
      reconnect: { initialDelayMs: 100, maxDelayMs: 300 },
    });
    manager.on("event", (event) => events.push(event));
    let restarted: Awaited<ReturnType<typeof startEverythingHttp>> | undefined;
    try {
      await manager.start();
      expect(manager.status()[0]?.state).toBe("connected");
      await own.stop();
      expect(await waitUntil(() => manager.status()[0]?.state === "error", 15_000)).toBe(true);
      expect(manager.tools()).toEqual([]);
      const down = await manager.callTool("mcp__remote__echo", { message: "x" });
      expect(down.errorCode).toBe("SERVER_UNAVAILABLE");
      restarted = await startEverythingHttp("streamableHttp", own.port);
      expect(await manager.waitForConnected("remote", 15_000)).toBe(true);
      expect((await manager.callTool("mcp__remote__echo", { message: "back" })).content).toEqual([{ type: "text", text: "Echo: back" }]);
      expect(events.some((event) => event.type === "reconnect_scheduled")).toBe(true);
    } finally {
      await manager.close();
      await restarted?.stop();
    }
  });
});

describe("a call to a server that refuses connections", () => {
  it("shows the loss at once, and a call waits for one failed reconnect, naming ECONNREFUSED", async () => {
    // The default call timeout must stay below the SDK's 60 s request timeout (see README).
    expect(DEFAULT_CALL_TIMEOUT_MS).toBeLessThan(60_000);
    const own = await startEverythingHttp("streamableHttp");
    const events: HostEvent[] = [];
    const manager = new ClientManager({
      config: { servers: { gone: { transport: "streamable_http", url: `http://127.0.0.1:${own.port}/mcp` } } },
      pingIntervalMs: 0,
      reconnect: { initialDelayMs: 100, maxDelayMs: 300 },
    });
    manager.on("event", (event) => events.push(event));
    try {
      await manager.start();
      expect(manager.status()[0]?.state).toBe("connected");
      await own.stop();
      // The transport's own error reveals the loss at once (issue 15): no call is needed.
      expect(await waitUntil(() => manager.status()[0]?.state === "error", 10_000)).toBe(true);
      // A call now waits for the reconnect under way, which fails, instead of retrying until
      // the (default, 50 s) call timeout; nothing was sent, so any tool could wait.
      const readOnly = await manager.callTool("mcp__gone__echo", { message: "x" });
      expect(readOnly).toMatchObject({ isError: true, errorCode: "SERVER_UNAVAILABLE", server: "gone" });
      expect(String(readOnly.content[0]?.text)).toMatch(new RegExp(`^Server "gone" is in error since \\S+: .*${CONNECTION_LOST}.*; its tools are unavailable until it connects$`));
      expect(readOnly.resent).toBeUndefined();
      expect(events.some((event) => event.type === "reconnect_scheduled")).toBe(true);
    } finally {
      await manager.close();
      await own.stop();
    }
  });

  it("a one-shot manager (no reconnects) fails a call to a refused server without waiting", async () => {
    const own = await startEverythingHttp("streamableHttp");
    const manager = new ClientManager({
      config: { servers: { gone: { transport: "streamable_http", url: `http://127.0.0.1:${own.port}/mcp` } } },
      pingIntervalMs: 0,
      reconnect: { maxAttempts: 0 },
    });
    try {
      await manager.start();
      // Stopping the server may cut a request in flight (other side closed) or refuse the next one.
      await own.stop();
      expect(await waitUntil(() => manager.status()[0]?.state === "error", 10_000)).toBe(true);
      const result = await manager.callTool("mcp__gone__toggle-simulated-logging", {});
      expect(result.errorCode).toBe("SERVER_UNAVAILABLE");
      expect(String(result.content[0]?.text), String(result.content[0]?.text)).toMatch(new RegExp(`^Server "gone" is in error since \\S+: Server "gone" stopped answering: .*${CONNECTION_LOST}.*; its tools are unavailable until it connects$`));
    } finally {
      await manager.close();
    }
  });
});

describe("bearer tokens and headers", () => {
  it("sends the token from the credential store and expanded headers; a bad token is an error without SSE fallback", async () => {
    const manager = new ClientManager({
      config: {
        servers: {
          good: { transport: "streamable_http", url: auth.url, headers: { "X-Team": "${CM_TEAM:-platform}" } },
          bad: { transport: "streamable_http", url: auth.url },
        },
      },
      credentials: { getToken: (server) => (server === "good" ? "good-token" : "wrong-token") },
      env: {},
      pingIntervalMs: 0,
      reconnect: { maxAttempts: 0 },
    });
    try {
      await manager.start();
      const status = Object.fromEntries(manager.status().map((entry) => [entry.name, entry]));
      expect(status.good?.state).toBe("connected");
      expect(status.bad).toMatchObject({ state: "error", transport: "streamable_http" });
      expect(status.bad?.lastError).toBe(`HTTP 401: {"error":"unauthorized"}; check the bearer token in mcp-credentials.json (ConfigStore.setToken)`);
      expect(JSON.stringify(manager.status())).not.toContain("good-token");
      expect((await manager.callTool("mcp__good__whoami", {})).content).toEqual([{ type: "text", text: "team=platform" }]);
    } finally {
      await manager.close();
    }
  });
});
