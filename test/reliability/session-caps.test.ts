// Issue 15, defect 2: any token could take the gateway down by opening sessions. Each
// `initialize` kept an SDK Server and transport for 30 idle minutes with no cap, so one client
// that never used its sessions grew the heap until the process died, for every workspace. Now
// sessions are capped per token and in total (503 + a JSON-RPC error naming the cap, answering
// the initialize's id), idle ones are closed, and an ended session frees its slot at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, createWorkspace, initGateway, serveGateway, type GatewayWorkspace, type RunningGateway } from "./support/programs";

const PER_TOKEN = 3;
const TOTAL = 5;
let data: string;
let first: GatewayWorkspace;
let other: GatewayWorkspace;
let idler: GatewayWorkspace;
const running: RunningGateway[] = [];

beforeAll(() => {
  ({ data, workspace: first } = initGateway());
  other = createWorkspace(data, "other");
  // Sessions live in the data folder's database, shared by every gateway on it: the idle test
  // needs a token the first test's sessions do not count against.
  idler = createWorkspace(data, "idler");
});

afterAll(async () => {
  for (const gateway of running) await gateway.stop();
  cleanupTemporaryDirs();
});

let nextId = 1;
async function initialize(url: string, token: string): Promise<{ status: number; sessionId: string | null; retryAfter: string | null; body: unknown; id: number }> {
  const id = nextId++;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "abandoner", version: "0" } } }),
  });
  const text = await response.text();
  const body = response.headers.get("content-type")?.includes("application/json") ? JSON.parse(text) : text;
  return { status: response.status, sessionId: response.headers.get("mcp-session-id"), retryAfter: response.headers.get("retry-after"), body, id };
}

const perTokenMessage = `Too many sessions: this token already has ${PER_TOKEN} open sessions, the cap per token (--max-sessions-per-token ${PER_TOKEN}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after 30 min.`;
const totalMessage = `Too many sessions: the gateway has ${TOTAL} open sessions, its total cap (--max-sessions ${TOTAL}). Try again later; idle sessions close after 30 min.`;

describe("session caps of the HTTP gateway", () => {
  it("refuses abandoned initializes past the cap per token, exactly, and keeps serving", async () => {
    const gateway = await serveGateway(data, ["--max-sessions", String(TOTAL), "--max-sessions-per-token", String(PER_TOKEN)]);
    running.push(gateway);
    const opened: string[] = [];
    for (let index = 0; index < PER_TOKEN; index++) {
      const answer = await initialize(gateway.url, first.readToken);
      expect(answer.status).toBe(200);
      opened.push(answer.sessionId!);
    }
    // Many more abandoned initializes: none opens a session, each gets the same exact refusal.
    const flood = await Promise.all(Array.from({ length: 200 }, () => initialize(gateway.url, first.readToken)));
    for (const refused of flood) {
      expect(refused.status).toBe(503);
      expect(refused.sessionId).toBeNull();
      expect(refused.body).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: perTokenMessage }, id: refused.id });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // Another token still gets in until the total cap; then everyone is told the total cap.
    expect((await initialize(gateway.url, other.readToken)).status).toBe(200);
    expect((await initialize(gateway.url, other.writeToken)).status).toBe(200);
    const full = await initialize(gateway.url, first.writeToken);
    expect(full.status).toBe(503);
    expect(full.body).toEqual({ jsonrpc: "2.0", error: { code: -32000, message: totalMessage }, id: full.id });
    // An ended session frees its slot at once.
    const ended = await fetch(gateway.url, { method: "DELETE", headers: { authorization: `Bearer ${first.readToken}`, "mcp-session-id": opened[0]!, "mcp-protocol-version": "2025-06-18" } });
    expect(ended.status).toBe(200);
    expect((await initialize(gateway.url, first.readToken)).status).toBe(200);
  });

  it("closes idle sessions, so a token at its cap can open a new one once its old ones idled out", async () => {
    const gateway = await serveGateway(data, ["--max-sessions-per-token", "1", "--session-idle-ms", "300"]);
    running.push(gateway);
    const old = await initialize(gateway.url, idler.readToken);
    expect(old.status).toBe(200);
    let fresh = await initialize(gateway.url, idler.readToken);
    const deadline = Date.now() + 15_000;
    while (fresh.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      fresh = await initialize(gateway.url, idler.readToken);
    }
    expect(fresh.status).toBe(200);
    const stale = await fetch(gateway.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${idler.readToken}`, "mcp-session-id": old.sessionId! },
      body: JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/list" }),
    });
    expect(stale.status).toBe(404);
  });
});
