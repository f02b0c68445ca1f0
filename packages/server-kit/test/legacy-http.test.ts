// The 2025-era endpoint builds an SDK Server for each request of a stored session and closes it once
// the request is answered. Regression (session 18): restoreSession ran outside the try/finally that
// closes it, so a request whose stored session could not be restored (a bad row, a Server from an
// SDK without `_oninitialize`) left its Server and transport open for good and got no answer — the
// rejection escaped to the host. Here every Server the endpoint builds is counted open until its
// transport's close reaches it (the SDK Server's `onclose`).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAppServer, jsonRpcError, sendJson, type McpApp, type ServerIdentity, type SessionRows, type StoredSession } from "../src/index";
import { answerInSession, type LegacyEndpoint } from "../src/sessions/legacy-http";
import { noStreamEvents } from "./__fixtures__/no-stream-events";

interface TestCredential {
  tokenId: number;
  workspaceId: string;
}
const credential: TestCredential = { tokenId: 1, workspaceId: "w1" };
const identity: ServerIdentity = { serverInfo: { name: "legacy", version: "1" }, capabilities: { tools: {} } };
const app: McpApp<TestCredential> = {
  listTools: () => [{ name: "echo", inputSchema: { type: "object" } }],
  callTool: async () => ({ content: [{ type: "text", text: "echoed" }] }),
};

const goodRow: StoredSession = {
  id: "s-good",
  tokenId: 1,
  toolsets: null,
  protocolVersion: "2025-06-18",
  clientCapabilities: {},
  clientInfo: { name: "stored-client", version: "1.0.0" },
};
// A row the SDK's initialize schema refuses (clientInfo.name must be a string).
const badRow = { ...goodRow, id: "s-bad", clientInfo: { name: 7, version: "1.0.0" } } as unknown as StoredSession;
const rows = new Map([goodRow, badRow].map((row) => [row.id, row]));

const sessions: SessionRows = {
  limits: { idleMs: 60_000 },
  open: async () => ({ message: "no new sessions here", retryAfterSeconds: 1 }),
  touch: async (id) => {
    const session = rows.get(id);
    return session ? { session } : { missing: true as const };
  },
  end: async (id) => rows.delete(id),
  sweep: async () => 0,
};

/** Servers built and not yet closed; what each test's Server factory does to the Server it builds. */
let openServers = 0;
let alterServer: (server: Server) => void = () => undefined;
/** Rejections that escaped the endpoint to the host. */
const escaped: unknown[] = [];
/** What the host's onRestoreError heard: the session id and the error's code. */
const restoreErrors: string[] = [];

const endpoint: LegacyEndpoint<TestCredential> = {
  sessions,
  events: noStreamEvents,
  createServer: (who, view) => {
    const server = createAppServer(identity, app, who, view);
    openServers += 1;
    server.onclose = () => (openServers -= 1);
    alterServer(server);
    return server;
  },
  countFreeRequest: async () => undefined,
  wording: { server: "the test server", maxEvents: "--max-events", maxEventsPerSession: "--max-events-per-session" },
  onStreamLogError: () => undefined,
  onRestoreError: (sessionId, error) => void restoreErrors.push(`${sessionId} ${error.code}`),
};

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

let httpServer: http.Server;
let url: string;
beforeAll(async () => {
  httpServer = http.createServer((req, res) => {
    const method = req.method as string;
    const answered = (method === "POST" ? readBody(req) : Promise.resolve(undefined)).then((body) =>
      answerInSession(endpoint, { req, res, credential, body, method }, req.headers["mcp-session-id"] as string),
    );
    // What a host does with a rejection (the gateway answers it so): the test then sees what leaked.
    answered.catch((error: unknown) => {
      escaped.push(error);
      sendJson(res, 500, jsonRpcError(-32603, "escaped to the host"));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
});
beforeEach(() => {
  openServers = 0;
  alterServer = () => undefined;
  escaped.length = 0;
  restoreErrors.length = 0;
});

const postInSession = (sessionId: string, message: object) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": sessionId, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify(message),
  });

const listTools = { jsonrpc: "2.0", id: 5, method: "tools/list" };

describe("answerInSession", () => {
  it("answers a request of a stored session and closes the Server it built for it", async () => {
    const response = await postInSession(goodRow.id, listTools);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 5, result: { tools: [{ name: "echo", inputSchema: { type: "object" } }] } });
    // The Server closes once the answer is out, so just after the client has it.
    await expect.poll(() => openServers).toBe(0);
    expect(restoreErrors).toEqual([]);
  });

  it("closes the Server and answers 500 SESSION_NOT_RESTORED with the request's id when the stored row fails the SDK's schema", async () => {
    const response = await postInSession(badRow.id, listTools);
    // Closed before the refusal went out.
    expect(openServers).toBe(0);
    expect(escaped).toEqual([]);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      id: 5,
      error: {
        code: -32603,
        message:
          "Internal error: session s-bad could not be restored: its stored initialize fails the SDK's schema " +
          "(params.clientInfo.name: Invalid input: expected string, received number). Initialize a new session.",
        data: { code: "SESSION_NOT_RESTORED" },
      },
    });
    // Regression (session 19): only the client heard of the broken row; the operator's hook now does too.
    expect(restoreErrors).toEqual(["s-bad SESSION_NOT_RESTORED"]);
  });

  it("closes the Server and answers 500 SDK_UNSUPPORTED when the Server has no _oninitialize to restore through", async () => {
    alterServer = (server) => Object.defineProperty(server, "_oninitialize", { value: undefined });
    const response = await postInSession(goodRow.id, listTools);
    expect(openServers).toBe(0);
    expect(escaped).toEqual([]);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { id: unknown; error: { code: number; message: string; data: unknown } };
    expect(body.id).toBe(5);
    expect(body.error.code).toBe(-32603);
    expect(body.error.message).toMatch(/^Internal error: @modelcontextprotocol\/sdk's Server has no _oninitialize, .* install @modelcontextprotocol\/sdk 1\.32\.2, /);
    expect(body.error.data).toEqual({ code: "SDK_UNSUPPORTED" });
    expect(restoreErrors).toEqual(["s-good SDK_UNSUPPORTED"]);
  });
});
