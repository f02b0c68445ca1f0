// Issue 39, T2/T4/T5: one workspace must never stall or refuse another. Each test lets a noisy
// workspace ("demo") push one shared resource to its bound (the credit transaction with a fetch
// inside it, the session table, the stream-event log) and measures a bystander workspace's status
// and latency meanwhile, on SQLite and on PostgreSQL (a throwaway cluster; skips loudly without
// its binaries outside CI). Every gateway is the built bundle, as a real process. Also issue 36
// R3: what refused calls with huge names make the store keep.
import http from "node:http";
import type { Socket } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { openWorkspaceStore } from "@foundry-mcp/workspace-store";
import { payload, requireBuild, runCli, textOf, trackResources } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";

const gate = postgresGate();
let cluster: PostgresCluster | undefined;
let databases = 0;
const resources = trackResources("all");

interface FreshStore {
  location: string;
  tokens: Record<string, WorkspaceTokens>;
}

/** A new store with the demo workspace (the noisy one) and a bystander, on SQLite or PostgreSQL. */
function freshStore(kind: "SQLite" | "PostgreSQL"): FreshStore {
  if (kind === "SQLite") {
    const { dir, tokens } = resources.data(["bystander"]);
    return { location: dir, tokens };
  }
  const location = cluster!.createDatabase(`isolation${++databases}`);
  const tokens: Record<string, WorkspaceTokens> = {};
  for (const args of [["init"], ["workspace", "create", "bystander"]]) {
    const created = JSON.parse(runCli([...args, "--database", location]).trim()) as WorkspaceTokens;
    tokens[created.workspace] = created;
  }
  return { location, tokens };
}

const runTool = (on: Client, name: string, args: Record<string, unknown>) =>
  on.callTool({ name: "run_tool", arguments: { name, arguments: args } });
const readTool = (on: Client, name: string, args: Record<string, unknown> = {}) =>
  on.callTool({ name: "read_tool", arguments: { name, arguments: args } });

let nextId = 1;
/** One raw JSON-RPC POST; `stream` asks for progress (an SSE answer logged in the store). */
async function post(url: string, token: string, message: Record<string, unknown>, session?: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
      "mcp-protocol-version": "2025-06-18",
      ...(session ? { "mcp-session-id": session } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", ...message }),
  });
  const text = await response.text();
  return { status: response.status, session: response.headers.get("mcp-session-id"), text };
}

const initialize = (url: string, token: string) =>
  post(url, token, {
    id: nextId++,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "isolation", version: "0" } },
  });

/** The bystander's round trip: initialize, then one read tool call; its status and latency. */
async function bystanderRoundTrip(url: string, token: string): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  const bystander = await resources.open(url, token);
  const answer = await readTool(bystander, "account_get_workspace");
  return { ok: answer.isError !== true && payload(answer).workspace === "bystander", ms: performance.now() - started };
}

beforeAll(async () => {
  requireBuild();
  if (gate.run) {
    cluster = await startPostgres();
    resources.defer(() => cluster?.stop());
  }
}, 120_000);

const kinds = (gate.run ? ["SQLite", "PostgreSQL"] : ["SQLite"]) as ("SQLite" | "PostgreSQL")[];

describe.each(kinds)("tenant isolation on %s", (kind) => {
  it("T2: slow checks of one workspace run outside the credit transaction, at most 3 at once; the bystander is answered meanwhile", async () => {
    // A URL that accepts the connection and never answers: each check would wait its whole 5 s.
    const sockets = new Set<Socket>();
    let requests = 0;
    const silent = http.createServer(() => void requests++);
    silent.on("connection", (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const store = freshStore(kind);
      const gateway = await resources.serve(store.location, ["--max-outbound-per-workspace", "3"]);
      const noisy = await resources.open(gateway.url, store.tokens.demo!.writeToken);
      const domain = (payload(await readTool(noisy, "list_domains")).rows as { domain_id: number }[])[0]!;
      const port = (silent.address() as { port: number }).port;
      const created = await runTool(noisy, "uptime_create_monitor", {
        domain_id: domain.domain_id,
        name: "never answers",
        url: `http://127.0.0.1:${port}/`,
        interval_s: 3600,
      });
      const monitor = payload(created).monitor_id as number;
      const before = payload(await readTool(noisy, "account_get_credit_balance"));

      // Twelve checks at once (more than PostgreSQL's pool of 10 connections).
      let answered = 0;
      const checks = Promise.all(
        Array.from({ length: 12 }, () =>
          runTool(noisy, "uptime_run_check_now", { domain_id: domain.domain_id, monitor_id: monitor }).finally(() => void answered++),
        ),
      );
      await expect.poll(() => requests, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

      const bystander = await bystanderRoundTrip(gateway.url, store.tokens.bystander!.readToken);
      // Answered while the noisy checks still wait on their silent URL (each would take 5 s).
      expect(answered).toBeLessThanOrEqual(9);
      expect(bystander.ok).toBe(true);
      console.info(`T2 ${kind}: bystander initialize + call answered in ${Math.round(bystander.ms)} ms while noisy checks hung`);
      // The nine past the bound were refused at once; three hang on the silent URL.
      await expect.poll(() => answered).toBe(9);
      expect(requests).toBe(3);

      for (const socket of sockets) socket.destroy(); // the checks end now, as failed fetches
      const results = await checks;
      const ran = results.filter((result) => result.isError !== true).map((result) => payload(result));
      const refused = results.filter((result) => result.isError === true).map((result) => textOf(result));
      expect(ran).toHaveLength(3);
      for (const check of ran) expect(check).toMatchObject({ up: false, status_code: 0, credits_spent: 1 });
      expect(refused).toEqual(
        Array.from(
          { length: 9 },
          () =>
            "OUTBOUND_BUSY: uptime_run_check_now was not run: this workspace already has 3 outbound requests in flight, the bound per workspace (3); nothing was charged. Wait for one to finish (each times out after at most a few seconds) and call again.",
        ),
      );
      const after = payload(await readTool(noisy, "account_get_credit_balance"));
      expect(after.credits).toBe((before.credits as number) - 3);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 60_000);

  it("T4: tokens are capped per workspace, and one workspace's tokens cannot take the bystander's sessions", async () => {
    const store = freshStore(kind);
    const gateway = await resources.serve(store.location, ["--max-sessions", "12", "--max-sessions-per-workspace", "6", "--max-sessions-per-token", "4"]);
    const noisy = await resources.open(gateway.url, store.tokens.demo!.writeToken);
    const minted: string[] = [];
    let refusal = "";
    for (let attempt = 0; attempt < 30 && !refusal; attempt++) {
      const answer = await runTool(noisy, "account_create_api_token", { scope: "read", label: `mint ${attempt}` });
      if (answer.isError) refusal = textOf(answer);
      else minted.push(payload(answer).token as string);
    }
    // init issued the workspace's read and write tokens: 23 more reach the cap of 25 live tokens.
    expect(minted).toHaveLength(23);
    expect(refusal).toMatch(
      /^TOKEN_LIMIT: workspace \S+ already has 25 live API tokens, the cap per workspace; revoke one \(account_revoke_api_token, see account_list_api_tokens\) before creating another\.$/,
    );

    // The noisy client holds one session; its minted tokens try 4 each (the cap per token).
    const opened = await Promise.all(minted.slice(0, 3).flatMap((token) => Array.from({ length: 4 }, () => initialize(gateway.url, token))));
    expect(opened.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refusals = opened.filter((answer) => answer.status === 503).map((answer) => (JSON.parse(answer.text) as { error: { message: string } }).error.message);
    expect(refusals).toHaveLength(7);
    for (const message of refusals)
      expect(message).toBe(
        "Too many sessions: this workspace's tokens already have 6 open sessions, the cap per workspace (--max-sessions-per-workspace 6). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after 30 min.",
      );

    const bystander = await bystanderRoundTrip(gateway.url, store.tokens.bystander!.readToken);
    expect(bystander.ok).toBe(true);
    console.info(`T4 ${kind}: bystander initialize + call answered in ${Math.round(bystander.ms)} ms beside the capped workspace`);
  }, 60_000);

  it("R3: streamed calls with 20,000-character tool names keep bounded rows and bytes; an oversized clientInfo opens no session", async () => {
    const store = freshStore(kind);
    const gateway = await resources.serve(store.location, ["--max-stream-events-per-session", "10"]);
    const token = store.tokens.demo!.readToken;
    const session = (await initialize(gateway.url, token)).session!;
    await post(gateway.url, token, { method: "notifications/initialized" }, session);
    for (let index = 0; index < 40; index++) {
      const id = nextId++;
      const huge = `eshop_${String(index).padStart(19_994, "x")}`;
      const answer = await post(
        gateway.url,
        token,
        { id, method: "tools/call", params: { name: "run_tool", arguments: { name: huge, arguments: {} }, _meta: { progressToken: id } } },
        session,
      );
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("`name` is 20000 characters; the limit is 128.");
    }
    const opened = await openWorkspaceStore(store.location.startsWith("postgres://") ? { url: store.location } : { dataDir: store.location });
    try {
      const events = await opened.get<{ n: number; bytes: number }>(
        "SELECT COUNT(*) AS n, COALESCE(SUM(LENGTH(message)), 0) AS bytes FROM mcp_stream_events WHERE session_id = ?",
        [session],
      );
      // The session's share (10) plus at most one answer; each answer names the bound, not the name.
      expect(Number(events!.n)).toBeLessThanOrEqual(11);
      expect(Number(events!.bytes)).toBeLessThan(11 * 1024);
      await expect
        .poll(async () => Number((await opened.get<{ n: number }>("SELECT COUNT(*) AS n FROM call_events WHERE LENGTH(tool) = 128"))!.n))
        .toBe(40);
      expect(await opened.get("SELECT MAX(LENGTH(tool)) AS longest FROM call_events")).toEqual({ longest: 128 });
    } finally {
      await opened.close();
    }
    const id = nextId++;
    const bloated = await post(gateway.url, token, {
      id,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x".repeat(100_000), version: "0" } },
    });
    expect(bloated.status).toBe(400);
    expect(bloated.session).toBeNull();
    expect(JSON.parse(bloated.text)).toEqual({
      jsonrpc: "2.0",
      id,
      error: { code: -32602, message: "Invalid params: capabilities and clientInfo are 100027 bytes of JSON together; a session keeps at most 16384. Send a shorter clientInfo." },
    });
  }, 60_000);

  it("T5: free streamed pings count toward the hourly cap and stay in their session's share of the event log; the bystander still streams", async () => {
    const store = freshStore(kind);
    const gateway = await resources.serve(store.location, ["--hourly-cap", "40", "--max-stream-events", "30", "--max-stream-events-per-session", "6"]);
    const token = store.tokens.demo!.readToken;
    const session = (await initialize(gateway.url, token)).session!;
    await post(gateway.url, token, { method: "notifications/initialized" }, session);
    const statuses: number[] = [];
    let lastRefusal = "";
    for (let index = 0; index < 45; index++) {
      const id = nextId++;
      const answer = await post(gateway.url, token, { id, method: "ping", params: { _meta: { progressToken: id } } }, session);
      statuses.push(answer.status);
      if (answer.status !== 200) lastRefusal = answer.text;
      else expect(answer.text).toContain(`"id":${id}`);
    }
    // 40 pings within the cap (their events pruned to the session's share), then 429 for the rest.
    expect(statuses).toEqual([...Array<number>(40).fill(200), ...Array<number>(5).fill(429)]);
    const message = (JSON.parse(lastRefusal) as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Too many requests: Hourly cap of 40 tool calls reached for workspace \S+; it resets at \S+ \(in about \d+ min\)\. Requests with a progressToken count toward it\.$/);

    // The bystander's streamed tool call: an SSE answer, not 503 (the log is not full for it).
    const started = performance.now();
    const other = store.tokens.bystander!.readToken;
    const mine = (await initialize(gateway.url, other)).session!;
    await post(gateway.url, other, { method: "notifications/initialized" }, mine);
    const id = nextId++;
    const streamed = await post(
      gateway.url,
      other,
      { id, method: "tools/call", params: { name: "read_tool", arguments: { name: "account_get_workspace", arguments: {} }, _meta: { progressToken: id } } },
      mine,
    );
    expect(streamed.status).toBe(200);
    expect(streamed.text).toContain("bystander");
    console.info(`T5 ${kind}: bystander streamed call answered ${streamed.status} in ${Math.round(performance.now() - started)} ms`);
  }, 60_000);
});
