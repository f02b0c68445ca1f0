// createMcpHttpEndpoint over real HTTP with the SDK client: a host gives one handler object
// (McpApp) and its session rows; two endpoints on the same rows stand for two instances. A 2025
// session opened on one is answered by the other (restored from its row, with its view), a
// 2026-07-28 request needs no session, and every MCP request enters the host exactly once, as one
// McpApp call with the credential and the view (issue 37: the gateway's request re-entered the app
// five times). The rows here are a Map: the gateway's SQL rows have their own tests.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpHttpEndpoint, type McpApp, type McpHttpEndpoint, type ServerIdentity, type SessionRows, type StoredSession } from "../src/index";
import { noStreamEvents } from "./__fixtures__/no-stream-events";

interface TestCredential {
  tokenId: number;
  workspaceId: string;
}
const TOKENS: Record<string, TestCredential> = { alpha: { tokenId: 1, workspaceId: "w1" }, beta: { tokenId: 2, workspaceId: "w2" } };
const identity: ServerIdentity = { serverInfo: { name: "t", version: "1" }, capabilities: { tools: {}, resources: {} } };

/** Every entry into the host, in order: the method and what it was given. */
const entries: string[] = [];
const app: McpApp<TestCredential> = {
  listTools(credential, view) {
    entries.push(`listTools ${credential.tokenId} ${view}`);
    return [{ name: "echo", inputSchema: { type: "object" } }];
  },
  async callTool(credential, view, name, args, call) {
    entries.push(`callTool ${credential.tokenId} ${view} ${name}`);
    call.progress?.(1, 2, "half");
    return { content: [{ type: "text", text: `${name} ${JSON.stringify(args)} for ${credential.workspaceId}` }] };
  },
  resources: {
    list: () => [],
    read: async (_credential, _view, uri) => ({ contents: [{ uri, text: "x" }] }),
  },
};

/** Session rows in memory, shared by both instances (the gateway keeps them in its store). */
class MapSessions implements SessionRows {
  readonly limits = { idleMs: 60_000 };
  readonly rows = new Map<string, StoredSession>();
  private next = 0;
  async open(details: Omit<StoredSession, "id">): Promise<StoredSession> {
    const session = { ...details, id: `session-${++this.next}` };
    this.rows.set(session.id, session);
    return session;
  }
  async touch(id: string, tokenId: number) {
    const session = this.rows.get(id);
    if (!session) return { missing: true as const };
    return session.tokenId === tokenId ? { session } : { forbidden: true as const };
  }
  async end(id: string): Promise<boolean> {
    return this.rows.delete(id);
  }
  async sweep(): Promise<number> {
    return 0;
  }
}

const sessions = new MapSessions();
/** What the endpoints' onError heard, one line per report. */
const reported: string[] = [];
const instances: { server: http.Server; endpoint: McpHttpEndpoint; url: string }[] = [];
beforeAll(async () => {
  for (let n = 0; n < 2; n++) {
    const endpoint = createMcpHttpEndpoint<TestCredential>({
      identity,
      app,
      edge: { host: "127.0.0.1", realm: "t", checkToken: (token) => TOKENS[token] },
      sessions,
      events: noStreamEvents,
      countFreeRequest: async () => undefined,
      wording: { server: "the test server", maxEvents: "--max-events", maxEventsPerSession: "--max-events-per-session" },
      viewParameter: "toolsets",
      onError: (what, error, sessionId) => void reported.push(`${what} ${sessionId} ${(error as { code?: string }).code}`),
    });
    const server = http.createServer((req, res) => void endpoint.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    instances.push({ server, endpoint, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` });
  }
});
afterAll(async () => {
  for (const { server, endpoint } of instances) {
    endpoint.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const auth = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" });

describe("createMcpHttpEndpoint", () => {
  it("answers a 2025 session on another instance from its row, entering the host once per request with the session's view", async () => {
    const client = new Client({ name: "c", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(`${instances[0]!.url}?toolsets=eshop`), { requestInit: { headers: { authorization: "Bearer alpha" } } });
    await client.connect(transport);
    entries.length = 0;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["echo"]);
    expect(await client.callTool({ name: "echo", arguments: { a: 1 } })).toEqual({ content: [{ type: "text", text: 'echo {"a":1} for w1' }] });
    expect(entries).toEqual(["listTools 1 eshop", "callTool 1 eshop echo"]);

    // The same session on the second instance, with no ?toolsets=: the row restores the view.
    entries.length = 0;
    const response = await fetch(instances[1]!.url, {
      method: "POST",
      headers: { ...auth("alpha"), "mcp-session-id": transport.sessionId!, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "echo", arguments: { b: 2 } } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text: 'echo {"b":2} for w1' }] } });
    expect(entries).toEqual(["callTool 1 eshop echo"]);
    await transport.terminateSession();
    expect([...sessions.rows.keys()]).toEqual([]);
    await client.close();
  });

  it("refuses another token's session with 403 without entering the host", async () => {
    const opened = await sessions.open({ tokenId: 1, toolsets: null, protocolVersion: "2025-11-25", clientCapabilities: {}, clientInfo: { name: "c", version: "1" } });
    entries.length = 0;
    const response = await fetch(instances[1]!.url, {
      method: "POST",
      headers: { ...auth("beta"), "mcp-session-id": opened.id },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: {} } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32000, message: "Forbidden: this session belongs to another token" } });
    expect(entries).toEqual([]);
  });

  it("answers a 2026-07-28 request with no session, entering the host once with the request's view", async () => {
    entries.length = 0;
    const response = await fetch(`${instances[0]!.url}?toolsets=bing`, {
      method: "POST",
      headers: { ...auth("beta"), "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "echo" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "echo", arguments: {}, _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 3, result: { content: [{ type: "text", text: "echo {} for w2" }], resultType: "complete" } });
    expect(entries).toEqual(["callTool 2 bing echo"]);
  });

  // Regression (session 19): a row that could not be restored was answered 500 to the client and
  // told to nobody else, so an operator never saw a broken store row.
  it("tells the host's onError of a stored session it could not restore, with the session id and the code the client got", async () => {
    const opened = await sessions.open({ tokenId: 1, toolsets: null, protocolVersion: "2025-11-25", clientCapabilities: {}, clientInfo: { name: "c", version: "1" } });
    sessions.rows.set(opened.id, { ...opened, clientInfo: { name: 7, version: "1" } });
    reported.length = 0;
    const response = await fetch(instances[1]!.url, {
      method: "POST",
      headers: { ...auth("alpha"), "mcp-session-id": opened.id, "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/list" }),
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { data: unknown } }).error.data).toEqual({ code: "SESSION_NOT_RESTORED" });
    expect(reported).toEqual([`session restore ${opened.id} SESSION_NOT_RESTORED`]);
  });
});
