// The SSE event log of resumable 2025-era streams (StreamEventRows) in the host's SQL store, so
// that a client cut off from one instance resumes on another (GET with Last-Event-ID). Each event
// is one row of mcp_stream_events keyed by (stream, sequence number) and owned by a session; the
// rows go when the session ends or idles out (sql-session-store.ts). Bounded three times: at most
// `maxEventsPerStream` events before a stream's final answer (which is always kept); at most
// `maxEventsPerSession` events before the answers of one session, whose answered streams are
// dropped first when it needs room (makeRoom), so one session's traffic never fills the log for the
// others; and at most `maxEvents` rows in all, checked when a stream starts.
import { CodedError } from "@foundry-mcp/core";
import type { LoggedStreamEvent, StreamEventRows } from "./session-rows";
import { sqlFor, type SqlRunner } from "./sql-runner";

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
 * Defaults of StreamEventLimits: 384 events a session times 200 sessions a workspace (the
 * gateway's default cap) stays below the 100,000 in all, so no one workspace can fill the log.
 */
export const DEFAULT_STREAM_EVENT_LIMITS: StreamEventLimits = { maxEventsPerStream: 256, maxEventsPerSession: 384, maxEvents: 100_000 };

/** A refused append: code STREAM_LOG_FULL, the message naming the bound. */
export class StreamLogFullError extends CodedError<"STREAM_LOG_FULL"> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/server-kit.StreamLogFullError");
  override readonly name = "StreamLogFullError";
}

/** The error class of a refused append: the host's own (e.g. its store's error class) or StreamLogFullError. */
export type StreamLogFullErrorClass = new (code: "STREAM_LOG_FULL", message: string) => Error;

interface CountRow {
  n: number | string;
}

/**
 * The event log over a SqlRunner (the host's store, its mcp_stream_events table created).
 * @example const log = new SqlStreamEventLog(store); await log.append(sessionId, streamId, 0, text, false);
 */
export class SqlStreamEventLog implements StreamEventRows {
  readonly limits: StreamEventLimits;

  constructor(
    private readonly store: SqlRunner,
    limits: Partial<StreamEventLimits> = {},
    private readonly LogFull: StreamLogFullErrorClass = StreamLogFullError,
  ) {
    this.limits = { ...DEFAULT_STREAM_EVENT_LIMITS, ...limits };
  }

  /** Whether a new stream may start: false while the log holds `maxEvents` rows. */
  async hasRoom(): Promise<boolean> {
    const sql = sqlFor(this.store.dialect);
    const row = await this.store.get<CountRow>(sql`SELECT count(*) AS n FROM mcp_stream_events`);
    return Number(row?.n ?? 0) < this.limits.maxEvents;
  }

  /**
   * Whether `sessionId` may start another stream: when its events reach `maxEventsPerSession`,
   * the events of its answered streams go first (their answers were sent; only a late resume of
   * them would read these rows); false when its open streams alone still fill the bound.
   */
  async makeRoom(sessionId: string): Promise<boolean> {
    if ((await this.sessionEvents(sessionId)) < this.limits.maxEventsPerSession) return true;
    const sql = sqlFor(this.store.dialect);
    await this.store.run(
      sql`DELETE FROM mcp_stream_events WHERE session_id = ${sessionId} AND stream_id IN (SELECT stream_id FROM mcp_stream_events WHERE session_id = ${sessionId} AND is_final = ${1})`,
    );
    return (await this.sessionEvents(sessionId)) < this.limits.maxEventsPerSession;
  }

  private async sessionEvents(sessionId: string): Promise<number> {
    const sql = sqlFor(this.store.dialect);
    const row = await this.store.get<CountRow>(sql`SELECT count(*) AS n FROM mcp_stream_events WHERE session_id = ${sessionId}`);
    return Number(row?.n ?? 0);
  }

  /**
   * Logs event `seq` (from 0) of a stream. Past `maxEventsPerStream` events of the stream, or
   * `maxEventsPerSession` of the session, anything but the final answer is refused with
   * STREAM_LOG_FULL (the caller stops streaming that request's notifications).
   */
  async append(sessionId: string, streamId: string, seq: number, message: string, final: boolean): Promise<void> {
    if (!final && seq >= this.limits.maxEventsPerStream)
      throw new this.LogFull(
        "STREAM_LOG_FULL",
        `stream ${streamId} already logged ${this.limits.maxEventsPerStream} events, the bound per stream; its further notifications are not sent, its answer still is.`,
      );
    if (!final && (await this.sessionEvents(sessionId)) >= this.limits.maxEventsPerSession)
      throw new this.LogFull(
        "STREAM_LOG_FULL",
        `session ${sessionId} already logged ${this.limits.maxEventsPerSession} events, the bound per session; stream ${streamId}'s further notifications are not sent, its answer still is.`,
      );
    const sql = sqlFor(this.store.dialect);
    await this.store.run(
      sql`INSERT INTO mcp_stream_events (stream_id, seq, session_id, message, is_final) VALUES (${streamId}, ${seq}, ${sessionId}, ${message}, ${final ? 1 : 0})`,
    );
  }

  /** Whether `streamId` is a logged stream of `sessionId`, and whether its answer is logged. */
  async streamState(sessionId: string, streamId: string): Promise<"unknown" | "open" | "answered"> {
    const sql = sqlFor(this.store.dialect);
    const row = await this.store.get<{ n: number | string; answered: number | string | null }>(
      sql`SELECT count(*) AS n, max(is_final) AS answered FROM mcp_stream_events WHERE stream_id = ${streamId} AND session_id = ${sessionId}`,
    );
    if (!row || Number(row.n) === 0) return "unknown";
    return Number(row.answered) === 1 ? "answered" : "open";
  }

  /** Up to `limit` events of the stream after `seq`, in order. */
  async after(sessionId: string, streamId: string, seq: number, limit = 100): Promise<LoggedStreamEvent[]> {
    const sql = sqlFor(this.store.dialect);
    const rows = await this.store.all<{ seq: number | string; message: string; is_final: number | string }>(
      sql`SELECT seq, message, is_final FROM mcp_stream_events WHERE stream_id = ${streamId} AND session_id = ${sessionId} AND seq > ${seq} ORDER BY seq LIMIT ${limit}`,
    );
    return rows.map((row) => ({ seq: Number(row.seq), message: row.message, final: Number(row.is_final) === 1 }));
  }
}
