// The gateway's 2026-07-28 HTTP edge, request by request: routing headers checked against the body
// (-32020, HTTP 400), envelope errors 400, unknown or removed methods 404, cache hints on
// tools/list, and no Mcp-Session-Id on any modern answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, initGateway, serveGateway, type RunningGateway } from "./support/programs";
import { ENVELOPE } from "./support/raw-lines";

let running: RunningGateway;
let token: string;

beforeAll(async () => {
  const gateway = initGateway();
  token = gateway.token;
  running = await serveGateway(gateway.data);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  cleanupTemporaryDirs();
});

async function post(method: string, params: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(running.url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
  });
  return { status: response.status, session: response.headers.get("mcp-session-id"), body: (await response.json()) as { id: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } } };
}

describe("gateway HTTP, 2026-07-28", () => {
  it("answers server/discover and tools/list statelessly, with cache hints and no session", async () => {
    const discover = await post("server/discover", { _meta: ENVELOPE });
    expect(discover.status).toBe(200);
    expect(discover.session).toBeNull();
    expect(discover.body.result).toMatchObject({ supportedVersions: ["2026-07-28"], resultType: "complete", capabilities: { tools: { listChanged: false } } });
    const listed = await post("tools/list", { _meta: ENVELOPE });
    expect(listed.status).toBe(200);
    expect(listed.session).toBeNull();
    expect(listed.body.result).toMatchObject({ resultType: "complete", ttlMs: 3_600_000, cacheScope: "private" });
  });

  it("refuses a missing envelope with -32602 and HTTP 400, keeping the request id", async () => {
    const missing = await post("server/discover", {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ id: 7, error: { code: -32602 } });
  });

  it("refuses disagreeing or missing routing headers with -32020 and HTTP 400", async () => {
    const versionMismatch = await post("tools/list", { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } });
    expect(versionMismatch.status).toBe(400);
    expect(versionMismatch.body.error).toMatchObject({ code: -32020, message: "Bad Request: the request headers and body disagree: the body names protocol version 2099-01-01 but the MCP-Protocol-Version header names 2026-07-28" });
    const methodMismatch = await post("tools/list", { _meta: ENVELOPE }, { "mcp-method": "tools/call" });
    expect(methodMismatch.body.error?.code).toBe(-32020);
    const noName = await post("tools/call", { name: "search_tools", arguments: { query: "x" }, _meta: ENVELOPE });
    expect(noName.status).toBe(400);
    expect(noName.body.error?.message).toContain('params.name="search_tools" but the Mcp-Name header is absent');
    const named = await post("tools/call", { name: "search_tools", arguments: { query: "site down", limit: 1 }, _meta: ENVELOPE }, { "mcp-name": "search_tools" });
    expect(named.status).toBe(200);
    expect(named.body.result).toMatchObject({ resultType: "complete" });
  });

  it("answers an unsupported version with -32022 naming both versions, HTTP 400", async () => {
    const future = await post("server/discover", { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } }, { "mcp-protocol-version": "2099-01-01" });
    expect(future.status).toBe(400);
    expect(future.body.error).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"], requested: "2099-01-01" } });
  });

  it("answers unknown and removed methods with -32601 and HTTP 404", async () => {
    for (const method of ["unknown/method", "initialize", "ping"]) {
      const answer = await post(method, { _meta: ENVELOPE });
      expect(answer.status, method).toBe(404);
      expect(answer.body).toMatchObject({ id: 7, error: { code: -32601 } });
    }
  });
});
