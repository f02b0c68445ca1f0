// The MCP session table and SSE event log on every driver (run by sqlite.test.ts and
// postgres.test.ts beside driver-conformance.ts): ids of 128 random bits, the caps counted
// exactly under concurrent opens (on PostgreSQL, on several pooled connections at once), token
// binding, idle expiry and ending that take the stream events along, and the log's bounds.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { McpSessionStore, StreamEventLog, WorkspaceStoreError } from "../src/index";
import type { McpSessionDetails, WorkspaceStore } from "../src/index";

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
  describe(`${name} (MCP sessions and stream events)`, () => {
    let store: WorkspaceStore;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => dispose(store));

    it("opens a session with a 128-bit id and reads it back for its own token only", async () => {
      const sessions = new McpSessionStore(store, { maxSessions: 10, maxSessionsPerToken: 5, idleMs: 60_000 });
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
      const sessions = new McpSessionStore(store, { maxSessions: 6, maxSessionsPerToken: 4, idleMs: 60_000 });
      const first = await Promise.all(Array.from({ length: 20 }, () => sessions.open(details(1), T0)));
      expect(first.filter((opening) => "session" in opening)).toHaveLength(4);
      expect(first.filter((opening) => "refused" in opening)).toEqual(Array(16).fill({ refused: "per-token", retryAfterSeconds: 60 }));
      const others = await Promise.all(Array.from({ length: 20 }, (_, index) => sessions.open(details(2 + (index % 2)), T0 + 10_000)));
      expect(others.filter((opening) => "session" in opening)).toHaveLength(2);
      expect(others.filter((opening) => "refused" in opening)[0]).toEqual({ refused: "total", retryAfterSeconds: 50 });
      expect((await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM mcp_sessions"))?.n).toBe(6);
    });

    it("expires idle sessions and ends sessions, with their stream events", async () => {
      const sessions = new McpSessionStore(store, { maxSessions: 10, maxSessionsPerToken: 1, idleMs: 1000 });
      const log = new StreamEventLog(store);
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
      expect(await store.get("SELECT COUNT(*) AS n FROM mcp_stream_events")).toEqual({ n: 0 });
      await sessions.open(details(2), T0);
      expect(await sessions.sweep(T0 + 5000)).toBe(1);
    });

    it("logs a stream's events in order within its bounds, and only for its session", async () => {
      const log = new StreamEventLog(store, { maxEventsPerStream: 3, maxEvents: 5 });
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
