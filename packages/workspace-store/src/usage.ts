// The call log behind the gateway's dashboard: one row per tool call (workspace, tool, kind,
// outcome code, latency), queued in memory and written in batches through BatchedWrites
// (batched-writes.ts: one transaction per 200 calls or 250 ms, bounded retries and room, dropped
// calls counted), so a call never waits on a disk write; and the summaries /ui shows: calls per
// clock hour, top tools, refusals by code. Rows older than the retention are deleted while writing
// (at most once a minute), so the table never grows without bound.
import { MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import { BatchedWrites } from "./batched-writes";
import { boundedInteger } from "./errors";
import type { StoreQueries, WorkspaceStore } from "./types";
import { callsPerHour, deleteCallsBefore, insertCallEvent, refusalsByCode, topToolCalls, touchTokenUse } from "./usage-statements";

/** One recorded call. `outcome` is "ok" or the refusal's stable code (QUOTA_EXCEEDED, …). */
export interface CallEvent {
  workspaceId: string;
  tool: string;
  /** The tool's kind (read, write, paid, destructive); null for a name the catalog lacks. */
  kind: string | null;
  outcome: string;
  latencyMs: number;
  /** The API token that made the call: its last use is updated (at most once a minute). */
  tokenId?: number;
  at?: Date;
}

/** Days of call log kept when nothing else is said, and the bounds a setting must keep. */
export const CALL_LOG_RETENTION = { defaultDays: 30, minDays: 1, maxDays: 366 } as const;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const HOUR = 60 * MINUTE;

/** Options of a CallLog. */
export interface CallLogOptions {
  /** Days a row is kept (default 30, from 1 to 366). */
  retentionDays?: number;
  /** Told when a batch is dropped after its tries, or for want of room (those calls are not logged). */
  onError?: (error: unknown) => void;
  /** Told when a batch's write failed and will be tried again (`attempt` is the one that failed, from 1). */
  onRetry?: (attempt: number, error: unknown) => void;
}

/** Calls per hour of one workspace: `hour` is the ISO hour (`2026-12-01T17`), oldest first. */
export interface HourlyCalls {
  hour: string;
  calls: number;
  refused: number;
}

/** One row of the top tools. */
export interface ToolUsage {
  tool: string;
  kind: string | null;
  calls: number;
  refused: number;
  avgMs: number;
}

/**
 * Records calls and answers the dashboard's usage questions over a migrated store.
 * @example const log = new CallLog(store, { retentionDays: 30 }); await log.record({ workspaceId, tool, kind: "read", outcome: "ok", latencyMs: 3 });
 */
export class CallLog {
  readonly retentionDays: number;
  private lastPrune = 0;
  private readonly writes: BatchedWrites<CallEvent>;

  constructor(
    private readonly store: WorkspaceStore,
    options: CallLogOptions = {},
  ) {
    this.retentionDays = boundedInteger("retentionDays", options.retentionDays ?? CALL_LOG_RETENTION.defaultDays, CALL_LOG_RETENTION.minDays, CALL_LOG_RETENTION.maxDays);
    this.writes = new BatchedWrites<CallEvent>({
      log: "call log",
      rows: "calls",
      write: (events) => this.insert(events),
      afterWrite: (events) => this.pruneAfter(events),
      onError: options.onError ?? (() => undefined),
      onRetry: options.onRetry ?? (() => undefined),
    });
  }

  /** Calls this log could not write since it opened (a batch that failed every try, or found no room). */
  get dropped(): number {
    return this.writes.dropped;
  }

  /**
   * Queues one call; the queue is written in one transaction when it holds 200 calls or 250 ms
   * after its first call, so a tool call never waits for a disk write (a failed write loses its
   * batch, reported to onError, and never the call itself). Every summary below writes the queue
   * first; close() writes what is left.
   */
  async record(event: CallEvent): Promise<void> {
    await this.writes.add({ ...event, at: event.at ?? new Date() });
  }

  /**
   * Writes the queued calls (and their tokens' last use) in one transaction; prunes once a
   * minute. Resolves once every call queued so far is written, including a batch a timer began.
   */
  async flush(): Promise<void> {
    await this.writes.flush();
  }

  // After a batch: the retention's cut, at most once a minute.
  private async pruneAfter(events: CallEvent[]): Promise<void> {
    const newest = events[events.length - 1]!.at!.getTime();
    if (newest - this.lastPrune >= MINUTE) {
      this.lastPrune = newest;
      await this.deleteBefore(new Date(newest));
    }
  }

  // One batch's rows and its tokens' last use, in one transaction: all or nothing, so a retry never doubles a row.
  private async insert(events: CallEvent[]): Promise<void> {
    const lastUse = new Map<number, Date>();
    for (const event of events) if (event.tokenId !== undefined && event.tokenId > 0) lastUse.set(event.tokenId, event.at!);
    await this.store.batch([
      ...events.map((event) =>
        insertCallEvent.bind(this.store.dialect, {
          workspace_id: event.workspaceId,
          at: event.at!.toISOString(),
          tool: event.tool.slice(0, MAX_TOOL_NAME_LENGTH), // a catalog name is at most this long; anything longer is cut
          kind: event.kind,
          outcome: event.outcome,
          latency_ms: Math.max(0, Math.round(event.latencyMs)),
        }),
      ),
      ...[...lastUse].map(([tokenId, at]) => touchTokenUse.bind(this.store.dialect, touchValues(tokenId, at))),
    ]);
  }

  /** Writes what is queued and stops the timer; call before closing the store. */
  async close(): Promise<void> {
    await this.flush();
  }

  /** Deletes rows older than the retention; returns how many went. */
  async prune(now: Date = new Date()): Promise<number> {
    await this.flush();
    return this.deleteBefore(now);
  }

  // The retention's cut, without writing the queue first (a batch's own write prunes with it).
  private async deleteBefore(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.retentionDays * DAY).toISOString();
    return (await deleteCallsBefore.run(this.store, { before: cutoff })).changes;
  }

  /** The last `hours` clock hours (this one included) of a workspace, every hour present. */
  async hourly(workspaceId: string, hours = 48, now: Date = new Date()): Promise<HourlyCalls[]> {
    await this.flush();
    const first = Math.floor(now.getTime() / HOUR) * HOUR - (hours - 1) * HOUR;
    const rows = await callsPerHour.all(this.store, { workspace_id: workspaceId, since: new Date(first).toISOString() });
    const byHour = new Map(rows.map((row) => [row.hour, row]));
    return Array.from({ length: hours }, (_, index) => {
      const hour = new Date(first + index * HOUR).toISOString().slice(0, 13);
      const row = byHour.get(hour);
      return { hour, calls: Number(row?.calls ?? 0), refused: Number(row?.refused ?? 0) };
    });
  }

  /** The most called tools of a workspace since `since`, with their kind, refusals and mean latency. */
  async topTools(workspaceId: string, since: Date, limit = 10): Promise<ToolUsage[]> {
    await this.flush();
    const rows = await topToolCalls.all(this.store, { workspace_id: workspaceId, since: since.toISOString(), limit });
    return rows.map((row) => ({ tool: row.tool, kind: row.kind, calls: Number(row.calls), refused: Number(row.refused), avgMs: Math.round(Number(row.avg_ms)) }));
  }

  /** Refused calls of a workspace since `since`, counted by outcome code, most first. */
  async refusals(workspaceId: string, since: Date): Promise<{ code: string; calls: number }[]> {
    await this.flush();
    const rows = await refusalsByCode.all(this.store, { workspace_id: workspaceId, since: since.toISOString() });
    return rows.map((row) => ({ code: row.code, calls: Number(row.calls) }));
  }
}

const touchValues = (tokenId: number, at: Date) => ({
  at: at.toISOString(),
  id: tokenId,
  stale_before: new Date(at.getTime() - MINUTE).toISOString(),
});

/** Marks a token as used at `at`, writing only when its last use is a minute old or unknown. */
export async function touchToken(store: StoreQueries, tokenId: number, at: Date = new Date()): Promise<void> {
  await touchTokenUse.run(store, touchValues(tokenId, at));
}
