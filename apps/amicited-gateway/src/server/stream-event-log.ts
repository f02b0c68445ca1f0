// The SSE event log of resumable MCP streams, in the store so that a client cut off from one
// gateway instance can resume on another (GET with Last-Event-ID). Each event is one row keyed by
// (stream, sequence number) and owned by a session; the rows go when the session ends or idles out
// (mcp-session-store.ts). Bounded three times: at most `maxEventsPerStream` events before a stream's
// final answer (which is always kept); at most `maxEventsPerSession` events before the answers of
// one session, whose answered streams are dropped first when it needs room (makeRoom), so one
// session's traffic never fills the log for the others (issue 39, T5); and at most `maxEvents`
// rows in all, checked when a stream starts.
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import {
  deleteAnsweredStreams,
  eventCount,
  insertStreamEvent,
  sessionEventCount,
  streamEventsAfter,
  streamSummary,
} from "./session-statements";

/** The bounds of the event log. */
export interface StreamEventLimits {
  /** Events one stream may log before its final answer (default 256). */
  maxEventsPerStream: number;
  /** Events one session may keep (default 384); an answer is always logged, even past it. */
  maxEventsPerSession: number;
  /** Rows the whole log may hold (default 100,000). */
  maxEvents: number;
}

/**
 * Defaults of StreamEventLimits: 384 events a session times the gateway's 200 sessions a
 * workspace stays below the 100,000 in all, so no one workspace can fill the log.
 */
export const DEFAULT_STREAM_EVENT_LIMITS: StreamEventLimits = { maxEventsPerStream: 256, maxEventsPerSession: 384, maxEvents: 100_000 };

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
    const row = await eventCount.get(this.store);
    return (row?.n ?? 0) < this.limits.maxEvents;
  }

  /**
   * Whether `sessionId` may start another stream: when its events reach `maxEventsPerSession`,
   * the events of its answered streams go first (their answers were sent; only a late resume of
   * them would read these rows); false when its open streams alone still fill the bound.
   */
  async makeRoom(sessionId: string): Promise<boolean> {
    if ((await this.sessionEvents(sessionId)) < this.limits.maxEventsPerSession) return true;
    await deleteAnsweredStreams.run(this.store, { session_id: sessionId });
    return (await this.sessionEvents(sessionId)) < this.limits.maxEventsPerSession;
  }

  private async sessionEvents(sessionId: string): Promise<number> {
    const row = await sessionEventCount.get(this.store, { session_id: sessionId });
    return Number(row?.n ?? 0);
  }

  /**
   * Logs event `seq` (from 0) of a stream. Past `maxEventsPerStream` events of the stream, or
   * `maxEventsPerSession` of the session, anything but the final answer is refused with STREAM_LOG_FULL (the caller stops streaming that request's notifications).
   */
  async append(sessionId: string, streamId: string, seq: number, message: string, final: boolean): Promise<void> {
    if (!final && seq >= this.limits.maxEventsPerStream)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.STREAM_LOG_FULL,
        `stream ${streamId} already logged ${this.limits.maxEventsPerStream} events, the bound per stream; its further notifications are not sent, its answer still is.`,
      );
    if (!final && (await this.sessionEvents(sessionId)) >= this.limits.maxEventsPerSession)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.STREAM_LOG_FULL,
        `session ${sessionId} already logged ${this.limits.maxEventsPerSession} events, the bound per session; stream ${streamId}'s further notifications are not sent, its answer still is.`,
      );
    await insertStreamEvent.run(this.store, {
      stream_id: streamId,
      seq,
      session_id: sessionId,
      message,
      is_final: final ? 1 : 0,
    });
  }

  /** Whether `streamId` is a logged stream of `sessionId`, and whether its answer is logged. */
  async streamState(sessionId: string, streamId: string): Promise<"unknown" | "open" | "answered"> {
    const row = await streamSummary.get(this.store, { stream_id: streamId, session_id: sessionId });
    if (!row || Number(row.n) === 0) return "unknown";
    return Number(row.answered) === 1 ? "answered" : "open";
  }

  /** Up to `limit` events of the stream after `seq`, in order. */
  async after(sessionId: string, streamId: string, seq: number, limit = 100): Promise<StreamEvent[]> {
    const rows = await streamEventsAfter.all(this.store, { stream_id: streamId, session_id: sessionId, seq, limit });
    return rows.map((row) => ({ seq: Number(row.seq), message: row.message, final: Number(row.is_final) === 1 }));
  }
}
