// Tenant isolation and bounded growth on every driver (issue 39 T4, T5, T13; run by sqlite.test.ts
// and postgres.test.ts): the cap on live tokens per workspace, the session cap per workspace across
// its tokens, the event log's share per session (answered streams pruned first), and call-log
// batches retried on a database error, then counted when dropped.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CallLog, insertWorkspace, issueToken, MAX_LIVE_TOKENS_PER_WORKSPACE, McpSessionStore, revokeToken, StreamEventLog } from "../src/index";
import type { McpSessionDetails, WorkspaceStore } from "../src/index";

const T0 = Date.parse("2026-12-01T20:00:00.000Z");
const details = (tokenId: number): McpSessionDetails => ({
  tokenId,
  toolsets: null,
  protocolVersion: "2025-11-25",
  clientCapabilities: {},
  clientInfo: { name: "client", version: "1.0.0" },
});
const workspace = async (store: WorkspaceStore, name: string) =>
  (await insertWorkspace(store, { name, plan: "free", credits: 5, dataAsOf: "2026-11-29" })).id;
const tokenIds = async (store: WorkspaceStore, id: string) =>
  (await store.all<{ id: number }>("SELECT id FROM api_tokens WHERE workspace_id = ? ORDER BY id", [id])).map((row) => Number(row.id));

/** Registers the isolation tests for a driver made by `open` and disposed by `dispose`. */
export function isolationConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describe(`${name} (tenant isolation and bounded growth)`, () => {
    let store: WorkspaceStore;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => dispose(store));

    it("caps live API tokens per workspace; a revoked one frees its place (T4)", async () => {
      const a = await workspace(store, "alpha");
      const b = await workspace(store, "beta");
      for (let index = 0; index < MAX_LIVE_TOKENS_PER_WORKSPACE; index++) await issueToken(store, a, "read", `t${index}`);
      await expect(issueToken(store, a, "read", "one more")).rejects.toMatchObject({
        code: "TOKEN_LIMIT",
        message: `workspace ${a} already has 25 live API tokens, the cap per workspace; revoke one (account_revoke_api_token, see account_list_api_tokens) before creating another.`,
      });
      expect(await tokenIds(store, a)).toHaveLength(25);
      expect(await issueToken(store, b, "read", "other workspace")).toMatch(/^amc_r_/);
      await revokeToken(store, a, (await tokenIds(store, a))[0]!);
      expect(await issueToken(store, a, "write", "after a revoke")).toMatch(/^amc_w_/);
    });

    it("counts sessions per workspace across all its tokens, leaving room for the others (T4)", async () => {
      const a = await workspace(store, "alpha");
      const b = await workspace(store, "beta");
      for (let index = 0; index < 3; index++) await issueToken(store, a, "read", `a${index}`);
      await issueToken(store, b, "read", "b");
      const [a1, a2, a3] = await tokenIds(store, a);
      const [b1] = await tokenIds(store, b);
      const sessions = new McpSessionStore(store, { maxSessions: 10, maxSessionsPerWorkspace: 4, maxSessionsPerToken: 2, idleMs: 60_000 });
      const outcomes = [];
      for (const token of [a1, a1, a2, a2, a3, a3]) outcomes.push(await sessions.open(details(token!), T0, a));
      expect(outcomes.map((outcome) => ("session" in outcome ? "open" : outcome.refused))).toEqual([
        "open",
        "open",
        "open",
        "open",
        "per-workspace",
        "per-workspace",
      ]);
      expect("session" in (await sessions.open(details(b1!), T0, b))).toBe(true);
    });

    it("keeps each session's share of the event log: answered streams go first, open ones are refused past it (T5)", async () => {
      const log = new StreamEventLog(store, { maxEventsPerStream: 4, maxEventsPerSession: 6, maxEvents: 100 });
      const count = async (session: string) =>
        Number((await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM mcp_stream_events WHERE session_id = ?", [session]))!.n);
      // Ten answered pings: a priming event and an answer each; the session never holds more than its share plus one answer.
      for (let ping = 0; ping < 10; ping++) {
        expect(await log.makeRoom("s1")).toBe(true);
        await log.append("s1", `ping-${ping}`, 0, "{}", false);
        await log.append("s1", `ping-${ping}`, 1, `{"id":${ping}}`, true);
        expect(await count("s1")).toBeLessThanOrEqual(7);
      }
      expect(await log.streamState("s1", "ping-9")).toBe("answered");
      // Open streams are not pruned: past the share their notifications are refused, their answers kept.
      await store.run("DELETE FROM mcp_stream_events WHERE session_id = ?", ["s1"]);
      for (let seq = 0; seq < 3; seq++) await log.append("s1", "open-1", seq, "{}", false);
      for (let seq = 0; seq < 3; seq++) await log.append("s1", "open-2", seq, "{}", false);
      expect(await log.makeRoom("s1")).toBe(false);
      await expect(log.append("s1", "open-2", 3, "{}", false)).rejects.toMatchObject({
        code: "STREAM_LOG_FULL",
        message: "session s1 already logged 6 events, the bound per session; stream open-2's further notifications are not sent, its answer still is.",
      });
      await log.append("s1", "open-2", 3, '{"id":2}', true);
      // Another session is untouched by s1's full share.
      expect(await log.makeRoom("s2")).toBe(true);
    });

    it("retries a call-log batch the database refused, then writes it once (T13)", async () => {
      const retries: string[] = [];
      const log = new CallLog(store, {
        onRetry: (attempt, error) => {
          retries.push(`${attempt}: ${(error as Error).message.length > 0}`);
          // The database comes back after the first refusal.
          if (attempt === 1) void store.run("ALTER TABLE call_events_away RENAME TO call_events");
        },
      });
      await store.run("ALTER TABLE call_events RENAME TO call_events_away");
      for (let index = 0; index < 3; index++) await log.record({ workspaceId: "ws_a", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 });
      await log.flush();
      expect(retries).toEqual(["1: true"]);
      expect(await store.get("SELECT COUNT(*) AS n FROM call_events")).toEqual({ n: 3 });
      expect(log.dropped).toBe(0);
    });

    it("drops a batch after four refused tries and counts its calls (T13)", async () => {
      const attempts: number[] = [];
      const log = new CallLog(store, { onRetry: (attempt) => attempts.push(attempt) });
      await store.run("ALTER TABLE call_events RENAME TO call_events_away");
      for (let index = 0; index < 5; index++) await log.record({ workspaceId: "ws_a", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 });
      await expect(log.flush()).rejects.toMatchObject({ code: "STORE", message: expect.stringMatching(/^call log: 5 calls not written \(the database refused them 4 times; 5 dropped since start\): /) });
      expect(attempts).toEqual([1, 2, 3]);
      expect(log.dropped).toBe(5);
      await store.run("ALTER TABLE call_events_away RENAME TO call_events");
      await log.record({ workspaceId: "ws_a", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 });
      await log.flush();
      expect(await store.get("SELECT COUNT(*) AS n FROM call_events")).toEqual({ n: 1 });
    });
  });
}
