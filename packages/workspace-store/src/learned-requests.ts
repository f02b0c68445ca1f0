// The requests tool search learned (tool-catalog's `catalog.learn`, decision 0055), kept so a
// restarted host, or another instance on the same PostgreSQL, learns them again: one row per
// (workspace, tool, request), written in the background through BatchedWrites (batched-writes.ts)
// like the call log, so the call that taught a request never waits on its write. The table keeps
// the newest rows only (20,000 by default, the catalog's own `maxTotal`), pruned while writing at
// most once a minute; a workspace's rows go with the workspace (foreign key, ON DELETE CASCADE) or
// with forgetWorkspace.
import { DEFAULT_LEARNED_TOTAL, MAX_LEARNED_REQUEST_LENGTH, MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import { BatchedWrites } from "./batched-writes";
import { boundedInteger } from "./errors";
import {
  deleteAllLearnedRequests,
  deleteLearnedRequestsBeyond,
  deleteWorkspaceLearnedRequests,
  insertLearnedRequest,
  learnedRequestsAfter,
} from "./learned-statements";
import type { WorkspaceStore } from "./types";

/** One request to keep: a workspace's agent searched with `request`, then chose `tool`. */
export interface LearnedRequestEvent {
  workspaceId: string;
  tool: string;
  request: string;
  at?: Date;
}

/** One kept row; `id` increases with every row written (across instances on one database). */
export interface LearnedRequestRow {
  id: number;
  workspaceId: string;
  tool: string;
  request: string;
  learnedAt: string;
}

/** Rows kept when nothing else is said (the catalog's default `maxTotal`), and the bounds a setting must keep. */
export const LEARNED_REQUESTS_KEPT = { defaultRows: DEFAULT_LEARNED_TOTAL, minRows: 1, maxRows: 1_000_000 } as const;

/** Options of a LearnedRequestLog. */
export interface LearnedRequestLogOptions {
  /** Newest rows kept (default 20,000, from 1 to 1,000,000). */
  keepRows?: number;
  /** Told when a batch is dropped after its tries, or for want of room (those requests are not kept). */
  onError?: (error: unknown) => void;
  /** Told when a batch's write failed and will be tried again (`attempt` is the one that failed, from 1). */
  onRetry?: (attempt: number, error: unknown) => void;
}

const MINUTE = 60_000;

/**
 * Keeps learned requests in a migrated store and reads them back in the order they were written.
 * @example const log = new LearnedRequestLog(store); void log.record({ workspaceId, tool: "seo_rank_history", request: "where do we show up on google" });
 *          for (const row of await log.after(0)) catalog.learn(row.request, row.tool);
 */
export class LearnedRequestLog {
  readonly keepRows: number;
  private lastPrune = 0;
  private readonly writes: BatchedWrites<Required<LearnedRequestEvent>>;

  constructor(
    private readonly store: WorkspaceStore,
    options: LearnedRequestLogOptions = {},
  ) {
    this.keepRows = boundedInteger("keepRows", options.keepRows ?? LEARNED_REQUESTS_KEPT.defaultRows, LEARNED_REQUESTS_KEPT.minRows, LEARNED_REQUESTS_KEPT.maxRows);
    this.writes = new BatchedWrites({
      log: "learned requests",
      rows: "requests",
      write: (events) => this.insert(events),
      afterWrite: () => this.pruneAtMostOncePerMinute(),
      onError: options.onError ?? (() => undefined),
      onRetry: options.onRetry ?? (() => undefined),
    });
  }

  /** Requests this log could not write since it opened. */
  get dropped(): number {
    return this.writes.dropped;
  }

  /**
   * Queues one request (a request over the catalog's 2,000 characters, or a tool name over 128,
   * is cut); written with others within 250 ms, so the caller need not wait (a failed write
   * loses its batch, reported to onError).
   */
  async record(event: LearnedRequestEvent): Promise<void> {
    await this.writes.add({
      workspaceId: event.workspaceId,
      tool: event.tool.slice(0, MAX_TOOL_NAME_LENGTH),
      request: event.request.slice(0, MAX_LEARNED_REQUEST_LENGTH),
      at: event.at ?? new Date(),
    });
  }

  /** Writes what is queued; resolves once every request queued so far is written. */
  async flush(): Promise<void> {
    await this.writes.flush();
  }

  /** Writes what is queued and stops the timer; call before closing the store. */
  async close(): Promise<void> {
    await this.flush();
  }

  /** At most `limit` rows with an id above `afterId`, oldest first (0: from the first). */
  async after(afterId: number, limit = 1000): Promise<LearnedRequestRow[]> {
    const rows = await learnedRequestsAfter.all(this.store, { after: afterId, limit });
    return rows.map((row) => ({ id: Number(row.id), workspaceId: row.workspace_id, tool: row.tool, request: row.request, learnedAt: row.learned_at }));
  }

  /** Deletes every row but the newest `keepRows`; returns how many went. */
  async prune(): Promise<number> {
    await this.flush();
    return this.deleteBeyondKept();
  }

  /** Deletes one workspace's rows (what it taught stays in running catalogs until they restart); returns how many went. */
  async forgetWorkspace(workspaceId: string): Promise<number> {
    await this.flush();
    return (await deleteWorkspaceLearnedRequests.run(this.store, { workspace_id: workspaceId })).changes;
  }

  /** Deletes every row; returns how many went. */
  async forgetAll(): Promise<number> {
    await this.flush();
    return (await deleteAllLearnedRequests.run(this.store)).changes;
  }

  private async insert(events: Required<LearnedRequestEvent>[]): Promise<void> {
    await this.store.batch(
      events.map((event) =>
        insertLearnedRequest.bind(this.store.dialect, {
          workspace_id: event.workspaceId,
          tool: event.tool,
          request: event.request,
          learned_at: event.at.toISOString(),
        }),
      ),
    );
  }

  // After a batch, as the call log prunes: at most once a minute.
  private async pruneAtMostOncePerMinute(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < MINUTE) return;
    this.lastPrune = now;
    await this.deleteBeyondKept();
  }

  private async deleteBeyondKept(): Promise<number> {
    return (await deleteLearnedRequestsBeyond.run(this.store, { skip: this.keepRows - 1 })).changes;
  }
}
