// The SSE event log of resumable MCP streams, in the store so that a client cut off from one
// gateway instance can resume on another (GET with Last-Event-ID). Each event is one row keyed by
// (stream, sequence number) and owned by a session; the rows go when the session ends or idles out
// (mcp-sessions.ts). Bounded twice: at most `maxEventsPerStream` events before a stream's final
// answer (which is always kept), and at most `maxEvents` rows in all, checked when a stream starts.
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import type { WorkspaceStore } from "./types";

/** The bounds of the event log. */
export interface StreamEventLimits {
  /** Events one stream may log before its final answer (default 256). */
  maxEventsPerStream: number;
  /** Rows the whole log may hold (default 100,000). */
  maxEvents: number;
}

/** Defaults of StreamEventLimits. */
export const DEFAULT_STREAM_EVENT_LIMITS: StreamEventLimits = { maxEventsPerStream: 256, maxEvents: 100_000 };

/** One logged event: its sequence number in the stream, the message text, and whether it is the final answer. */
export interface StreamEvent {
  seq: number;
  message: string;
  final: boolean;
}

/**
 * The event log over a migrated WorkspaceStore (migration 4, table `mcp_stream_events`).
 * @example const log = new StreamEventLog(store); await log.append(sessionId, streamId, 1, text, false);
 */
export class StreamEventLog {
  readonly limits: StreamEventLimits;

  constructor(
    private readonly store: WorkspaceStore,
    limits: Partial<StreamEventLimits> = {},
  ) {
    this.limits = { ...DEFAULT_STREAM_EVENT_LIMITS, ...limits };
  }

  /** Whether a new stream may start: false while the log holds `maxEvents` rows. */
  async hasRoom(): Promise<boolean> {
    const row = await this.store.get<{ n: number }>("SELECT COUNT(*) AS n FROM mcp_stream_events");
    return (row?.n ?? 0) < this.limits.maxEvents;
  }

  /**
   * Logs event `seq` (from 0) of a stream. Past `maxEventsPerStream` events, anything but the final answer is
   * refused with STREAM_LOG_FULL (the caller stops streaming that request's notifications).
   */
  async append(sessionId: string, streamId: string, seq: number, message: string, final: boolean): Promise<void> {
    if (!final && seq >= this.limits.maxEventsPerStream)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.STREAM_LOG_FULL,
        `stream ${streamId} already logged ${this.limits.maxEventsPerStream} events, the bound per stream; its further notifications are not sent, its answer still is.`,
      );
    await this.store.run(
      "INSERT INTO mcp_stream_events (stream_id, seq, session_id, message, is_final) VALUES (?, ?, ?, ?, ?)",
      [streamId, seq, sessionId, message, final ? 1 : 0],
    );
  }

  /** Whether `streamId` is a logged stream of `sessionId`, and whether its answer is logged. */
  async streamState(sessionId: string, streamId: string): Promise<"unknown" | "open" | "answered"> {
    const row = await this.store.get<{ n: number; answered: number | null }>(
      "SELECT COUNT(*) AS n, MAX(is_final) AS answered FROM mcp_stream_events WHERE stream_id = ? AND session_id = ?",
      [streamId, sessionId],
    );
    if (!row || Number(row.n) === 0) return "unknown";
    return Number(row.answered) === 1 ? "answered" : "open";
  }

  /** Up to `limit` events of the stream after `seq`, in order. */
  async after(sessionId: string, streamId: string, seq: number, limit = 100): Promise<StreamEvent[]> {
    const rows = await this.store.all<{ seq: number; message: string; is_final: number }>(
      "SELECT seq, message, is_final FROM mcp_stream_events WHERE stream_id = ? AND session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
      [streamId, sessionId, seq, limit],
    );
    return rows.map((row) => ({ seq: Number(row.seq), message: row.message, final: Number(row.is_final) === 1 }));
  }
}
