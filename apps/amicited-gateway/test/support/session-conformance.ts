// The MCP session table and SSE event log on every store driver (run by ../session-rows.test.ts on
// SQLite and PostgreSQL; moved here from workspace-store with the rows, issue 37): ids of 128
// random bits, the caps counted exactly under concurrent opens (on PostgreSQL, on several pooled
// connections at once), token binding, idle expiry and ending that take the stream events along,
// and the log's bounds; then the session cap per workspace and the event log's share per session
// (issue 39 T4, T5).
import { insertWorkspace, issueToken, WorkspaceStoreError } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { expect, it } from "vitest";
import { describeOnMigratedStore, tokenIdsOf as tokenIds, workspaceMaker } from "../../../../tooling/store-suite.mjs";
import { McpSessionStore } from "../../src/server/mcp-session-store";
import type { McpSessionDetails } from "../../src/server/mcp-session-store";
import { StreamEventLog } from "../../src/server/stream-event-log";

const T0 = Date.parse("2026-12-01T20:00:00.000Z");
const details = (tokenId: number): McpSessionDetails => ({
  tokenId,
  toolsets: "eshop",
  protocolVersion: "2025-11-25",
  clientCapabilities: { elicitation: {} },
  clientInfo: { name: "client", version: "1.0.0" },
});

/** Registers the session tests for a driver made by `open` and disposed by `dispose`. */
export function mcpSessionConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describeOnMigratedStore(`${name} (MCP sessions and stream events)`, open, dispose, (store) => {
    it("opens a session with a 128-bit id and reads it back for its own token only", async () => {
      const sessions = new McpSessionStore(store(), { maxSessions: 10, maxSessionsPerToken: 5, idleMs: 60_000 });
      const opened = await sessions.open(details(7), T0);
      if (!("session" in opened)) throw new Error("refused");
      expect(opened.session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      const seen = async (at: number) => {
        const found = await sessions.touch(opened.session.id, 7, at);
        return "session" in found ? found.session.lastSeen : found;
      };
      // last_seen is written once it is a tenth of the idle time (6 s) old, not on every request.
      expect(await seen(T0 + 5000)).toBe(T0);
      expect(await sessions.touch(opened.session.id, 7, T0 + 7000)).toEqual({ session: { ...details(7), id: opened.session.id, createdAt: T0, lastSeen: T0 + 7000 } });
      expect(await seen(T0 + 8000)).toBe(T0 + 7000);
      expect(await sessions.touch(opened.session.id, 8, T0 + 60_000)).toEqual({ forbidden: true });
      expect(await sessions.touch(opened.session.id, 7, T0 + 67_001)).toEqual({ missing: true });
      expect(await sessions.touch("no-such-session", 7, T0 + 1000)).toEqual({ missing: true });
    });

    it("counts both caps exactly under 20 concurrent opens and says when a slot frees up", async () => {
      const sessions = new McpSessionStore(store(), { maxSessions: 6, maxSessionsPerToken: 4, idleMs: 60_000 });
      const first = await Promise.all(Array.from({ length: 20 }, () => sessions.open(details(1), T0)));
      expect(first.filter((opening) => "session" in opening)).toHaveLength(4);
      expect(first.filter((opening) => "refused" in opening)).toEqual(Array(16).fill({ refused: "per-token", retryAfterSeconds: 60 }));
      const others = await Promise.all(Array.from({ length: 20 }, (_, index) => sessions.open(details(2 + (index % 2)), T0 + 10_000)));
      expect(others.filter((opening) => "session" in opening)).toHaveLength(2);
      expect(others.filter((opening) => "refused" in opening)[0]).toEqual({ refused: "total", retryAfterSeconds: 50 });
      expect((await store().get<{ n: number }>("SELECT COUNT(*) AS n FROM mcp_sessions"))?.n).toBe(6);
    });

    it("expires idle sessions and ends sessions, with their stream events", async () => {
      const sessions = new McpSessionStore(store(), { maxSessions: 10, maxSessionsPerToken: 1, idleMs: 1000 });
      const log = new StreamEventLog(store());
      const idle = await sessions.open(details(1), T0);
      if (!("session" in idle)) throw new Error("refused");
      await log.append(idle.session.id, "stream-a", 0, "{}", false);
      expect(await sessions.open(details(1), T0 + 500)).toEqual({ refused: "per-token", retryAfterSeconds: 1 });
      expect(await sessions.touch(idle.session.id, 1, T0 + 1001)).toEqual({ missing: true });
      const fresh = await sessions.open(details(1), T0 + 1001);
      if (!("session" in fresh)) throw new Error("refused");
      expect(await log.streamState(idle.session.id, "stream-a")).toBe("unknown");
      await log.append(fresh.session.id, "stream-b", 0, "{}", false);
      expect(await sessions.end(fresh.session.id)).toBe(true);
      expect(await sessions.end(fresh.session.id)).toBe(false);
      expect(await store().get("SELECT COUNT(*) AS n FROM mcp_stream_events")).toEqual({ n: 0 });
      await sessions.open(details(2), T0);
      expect(await sessions.sweep(T0 + 5000)).toBe(1);
    });

    it("logs a stream's events in order within its bounds, and only for its session", async () => {
      const log = new StreamEventLog(store(), { maxEventsPerStream: 3, maxEvents: 5 });
      for (let seq = 0; seq < 3; seq++) await log.append("s1", "stream-1", seq, `{"n":${seq}}`, false);
      const refused = await log.append("s1", "stream-1", 3, '{"n":3}', false).catch((error: unknown) => error);
      expect(WorkspaceStoreError.isInstance(refused) && refused.code).toBe("STREAM_LOG_FULL");
      expect((refused as Error).message).toBe("stream stream-1 already logged 3 events, the bound per stream; its further notifications are not sent, its answer still is.");
      expect(await log.streamState("s1", "stream-1")).toBe("open");
      await log.append("s1", "stream-1", 3, '{"id":1}', true);
      expect(await log.streamState("s1", "stream-1")).toBe("answered");
      expect(await log.after("s1", "stream-1", 1)).toEqual([
        { seq: 2, message: '{"n":2}', final: false },
        { seq: 3, message: '{"id":1}', final: true },
      ]);
      expect(await log.after("s2", "stream-1", 0)).toEqual([]);
      expect(await log.streamState("s2", "stream-1")).toBe("unknown");
      expect(await log.hasRoom()).toBe(true);
      await log.append("s1", "stream-2", 0, "{}", false);
      expect(await log.hasRoom()).toBe(false);
    });
  });
}

const detailsWithoutToolsets = (tokenId: number): McpSessionDetails => ({
  tokenId,
  toolsets: null,
  protocolVersion: "2025-11-25",
  clientCapabilities: {},
  clientInfo: { name: "client", version: "1.0.0" },
});
const workspace = workspaceMaker(insertWorkspace);

/** The session and event-log parts of the isolation tests (issue 39 T4, T5) for a driver made by `open`. */
export function sessionIsolationConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describeOnMigratedStore(`${name} (tenant isolation and bounded growth)`, open, dispose, (store) => {
    it("counts sessions per workspace across all its tokens, leaving room for the others (T4)", async () => {
      const a = await workspace(store(), "alpha");
      const b = await workspace(store(), "beta");
      for (let index = 0; index < 3; index++) await issueToken(store(), a, "read", `a${index}`);
      await issueToken(store(), b, "read", "b");
      const [a1, a2, a3] = await tokenIds(store(), a);
      const [b1] = await tokenIds(store(), b);
      const sessions = new McpSessionStore(store(), { maxSessions: 10, maxSessionsPerWorkspace: 4, maxSessionsPerToken: 2, idleMs: 60_000 });
      const outcomes = [];
      for (const token of [a1, a1, a2, a2, a3, a3]) outcomes.push(await sessions.open(detailsWithoutToolsets(token!), T0, a));
      expect(outcomes.map((outcome) => ("session" in outcome ? "open" : outcome.refused))).toEqual([
        "open",
        "open",
        "open",
        "open",
        "per-workspace",
        "per-workspace",
      ]);
      expect("session" in (await sessions.open(detailsWithoutToolsets(b1!), T0, b))).toBe(true);
    });

    it("keeps each session's share of the event log: answered streams go first, open ones are refused past it (T5)", async () => {
      const log = new StreamEventLog(store(), { maxEventsPerStream: 4, maxEventsPerSession: 6, maxEvents: 100 });
      const count = async (session: string) =>
        Number((await store().get<{ n: number }>("SELECT COUNT(*) AS n FROM mcp_stream_events WHERE session_id = ?", [session]))!.n);
      // Ten answered pings: a priming event and an answer each; the session never holds more than its share plus one answer.
      for (let ping = 0; ping < 10; ping++) {
        expect(await log.makeRoom("s1")).toBe(true);
        await log.append("s1", `ping-${ping}`, 0, "{}", false);
        await log.append("s1", `ping-${ping}`, 1, `{"id":${ping}}`, true);
        expect(await count("s1")).toBeLessThanOrEqual(7);
      }
      expect(await log.streamState("s1", "ping-9")).toBe("answered");
      // Open streams are not pruned: past the share their notifications are refused, their answers kept.
      await store().run("DELETE FROM mcp_stream_events WHERE session_id = ?", ["s1"]);
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
  });
}
