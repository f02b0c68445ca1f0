// The requests tool search learned (tool-catalog's `catalog.learn`, decision 0055), kept so a
// restarted host, or another instance on the same PostgreSQL, learns them again: one row per
// learn (workspace, tool, request), written in the background through BatchedWrites
// (batched-writes.ts) like the call log, so the call that taught a request never waits on its
// write. Per workspace (the default), the table keeps what the catalog keeps: a request said again
// once (its newest row, by the key the catalog compares, learned-key.ts), each workspace's tool's
// newest 20 requests (the catalog's `maxPerTool`), each workspace's newest 5,000 (its
// `maxPerTenant`), and past 20,000 in all (its `maxTotal`) exactly 20,000 by fair shares, ranked
// as the catalog ranks its tenants' requests (decision 0057), pruned while writing at most once a
// minute, so a restarted host learns what its catalog kept. A `pooled` log (one catalog for every
// workspace) counts rows instead: each workspace's newest 5,000 and the newest 20,000 of all,
// requests said again and the bound per tool not looked at (learned-prune.ts says why). A
// workspace's rows go with the workspace (foreign key, ON DELETE CASCADE).
// An operator lists them a page at a time (newest first) and forgets a selection of them (one
// row, a tool's, a workspace's, or all) through `forget`, which also counts the forget in
// `learned_request_forgets` so every instance sharing the store learns again from the rows left
// at its next poll (the gateway's server/learning.ts), and records what it named, so a request
// another instance still queues is not written after it (learned-fence.ts). Each row may hold the
// rank its tool had in the search it was chosen from (migration 8): each batch adds its ranked
// requests to the choice counts per workspace and day in its transaction (choice-ranks.ts), which
// the prune and a forget leave, so search quality in use outlives the rows.
import { learnableRequest } from "@foundry-mcp/core";
import { DEFAULT_LEARNED_PER_TENANT, DEFAULT_LEARNED_PER_TOOL, DEFAULT_LEARNED_TOTAL, MAX_LEARNED_REQUEST_LENGTH, MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import { BatchedWrites } from "./batched-writes";
import { addChoiceCounts, checkedChoiceRank, countChoiceRanks, deleteChoiceCountsPastMaxDays, type ChoiceRankQuery, type ChoiceRanks } from "./choice-ranks";
import { boundedInteger, WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { learnedForgets } from "./learned-fence-statements";
import { recordForget, requestsNotForgotten } from "./learned-fence";
import { learnedRequestKey } from "./learned-key";
import { deleteLearnedRequestsBeyondKept } from "./learned-prune";
import {
  deleteLearnedRequestRow,
  deleteLearnedRequests,
  insertLearnedRequest,
  learnedRequestsAfter,
  learnedRequestsCount,
  learnedRequestsPage,
  learnedRequestsPerTool,
  rewriteLearnedRequest,
  type LearnedSelectionColumn,
} from "./learned-statements";
import type { WorkspaceStore } from "./types";

/** One request to keep: a workspace's agent searched with `request`, then chose `tool`. */
export interface LearnedRequestEvent {
  workspaceId: string;
  tool: string;
  request: string;
  at?: Date;
  /** The rank `tool` had in the search it was chosen from (1 = the first hit of the first page; 1 to 1,000,000). */
  rank?: number;
}

// A request as queued: every field set, no rank stored as null, and the newest forget's generation
// its log knew when it was queued (a newer forget that names it keeps it from being written).
type QueuedRequest = Required<Omit<LearnedRequestEvent, "rank">> & { rank: number | null; generation: number };

/** One kept row; `id` increases with every row written (across instances on one database). */
export interface LearnedRequestRow {
  id: number;
  workspaceId: string;
  tool: string;
  request: string;
  learnedAt: string;
}

/** Which learned requests an operator means; every field given must match (none: every row). */
export interface LearnedRequestSelection {
  /** One row, by its id. */
  id?: number;
  workspaceId?: string;
  tool?: string;
}

/** One page of kept rows, newest first, with the workspace's name beside its id. */
export interface LearnedRequestPage {
  rows: (LearnedRequestRow & { workspaceName: string })[];
  /** Rows matching the selection in all. */
  total: number;
  offset: number;
  limit: number;
}

/** Bounds of a page of learned requests (`list`) and of the per-tool counts (`countsPerTool`). */
export const LEARNED_REQUESTS_PAGE = { defaultLimit: 50, maxLimit: 1000, maxOffset: 1_000_000, maxTools: 1000 } as const;

/**
 * Rows kept when nothing else is said, in all (the catalog's default `maxTotal`) and per workspace
 * (its default `maxPerTenant`), requests per workspace's tool (its default `maxPerTool`), and the
 * bounds each setting must keep.
 */
export const LEARNED_REQUESTS_KEPT = {
  defaultRows: DEFAULT_LEARNED_TOTAL,
  defaultRowsPerWorkspace: DEFAULT_LEARNED_PER_TENANT,
  defaultRequestsPerTool: DEFAULT_LEARNED_PER_TOOL,
  minRows: 1,
  maxRows: 1_000_000,
} as const;

/** Options of a LearnedRequestLog. */
export interface LearnedRequestLogOptions {
  /**
   * Rows kept in all, every workspace's counted together (default 20,000, from 1 to 1,000,000),
   * after the bounds below. Past it exactly this many stay: every row is ranked by its place from
   * its workspace's newest, then newer first (by id), and the first `keepRows` are kept (core's
   * fairShareCounts, as the catalog cuts its tenants past `maxTotal`). Each workspace keeps
   * min(rows, L) or L + 1: only the workspaces with the most rows lose their oldest, so a workspace
   * that teaches a great deal never pushes out a quieter workspace's rows. `pooled` keeps the
   * newest of all instead.
   */
  keepRows?: number;
  /**
   * Newest rows kept for one workspace (default 5,000, from 1 to 1,000,000), after the two rules
   * of `keepRequestsPerTool`: past it that workspace's oldest go first, and they take no place in
   * `keepRows`' ranking.
   */
  keepRowsPerWorkspace?: number;
  /**
   * Newest distinct requests kept for one workspace's tool (default 20, the catalog's
   * `maxPerTool`, from 1 to 1,000,000). A request said again (the same once spacing is folded
   * and case lowered, as the catalog compares them) keeps its newest row only, so it counts once
   * here and in the bounds above. Not applied when `pooled`.
   */
  keepRequestsPerTool?: number;
  /**
   * Every workspace's rows are one pool for `keepRows`: past it the oldest go, whoever's they are
   * (default false). For a host that learns every workspace's rows for every search (the gateway's
   * `--shared-learning`), whose catalog keeps the newest of all.
   */
  pooled?: boolean;
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
  readonly keepRowsPerWorkspace: number;
  readonly keepRequestsPerTool: number;
  readonly pooled: boolean;
  private lastPrune = 0;
  private readonly writes: BatchedWrites<QueuedRequest>;
  /** The newest forget's generation this log has seen (forgets(), its own forget, each write); undefined before the first. */
  private knownGeneration: number | undefined;
  private forgottenQueued = 0;
  /** Records waiting for the log's first read of the generation before they queue. */
  private readonly readingGeneration = new Set<Promise<void>>();

  constructor(
    private readonly store: WorkspaceStore,
    options: LearnedRequestLogOptions = {},
  ) {
    this.keepRows = boundedInteger("keepRows", options.keepRows ?? LEARNED_REQUESTS_KEPT.defaultRows, LEARNED_REQUESTS_KEPT.minRows, LEARNED_REQUESTS_KEPT.maxRows);
    this.keepRowsPerWorkspace = boundedInteger(
      "keepRowsPerWorkspace",
      options.keepRowsPerWorkspace ?? LEARNED_REQUESTS_KEPT.defaultRowsPerWorkspace,
      LEARNED_REQUESTS_KEPT.minRows,
      LEARNED_REQUESTS_KEPT.maxRows,
    );
    this.keepRequestsPerTool = boundedInteger(
      "keepRequestsPerTool",
      options.keepRequestsPerTool ?? LEARNED_REQUESTS_KEPT.defaultRequestsPerTool,
      LEARNED_REQUESTS_KEPT.minRows,
      LEARNED_REQUESTS_KEPT.maxRows,
    );
    this.pooled = options.pooled === true;
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
   * Queued requests this log left out since it opened because a forget newer than their queuing
   * named them (or one that may have, no longer on record). Not an error, so not in `dropped`.
   */
  get forgottenBeforeWritten(): number {
    return this.forgottenQueued;
  }

  /**
   * Queues one request, as a catalog learns it: less what looks like a secret or an identifier
   * (core's learnableRequest; a request with nothing else left is not queued). A request
   * over the catalog's 2,000 characters, or a tool name over 128, is cut; written with others within 250 ms, so the caller need not wait (a failed write
   * loses its batch, reported to onError). A rank that is not an integer from 1 to 1,000,000
   * rejects with INVALID_ARGUMENT and nothing is queued. A forget that names the request and
   * counts after it was queued, by any instance, keeps it from being written
   * (`forgottenBeforeWritten`); the first record of a log that has seen no generation yet reads it.
   */
  async record(event: LearnedRequestEvent): Promise<void> {
    const rank = event.rank === undefined ? null : checkedChoiceRank(event.rank);
    // Kept as a catalog learns it (core's learnableRequest): nothing that looks like a secret or an identifier.
    const request = learnableRequest(event.request);
    if (request === "") return;
    const queue = (generation: number) =>
      this.writes.add({
        rank,
        generation,
        workspaceId: event.workspaceId,
        tool: event.tool.slice(0, MAX_TOOL_NAME_LENGTH),
        request: request.slice(0, MAX_LEARNED_REQUEST_LENGTH),
        at: event.at ?? new Date(),
      });
    if (this.knownGeneration !== undefined) return queue(this.knownGeneration);
    // Queued once the generation is read; a flush (and a forget) that comes meanwhile waits for it.
    // A store that cannot answer yet loses no request: it queues as older than every forget, so
    // its write (retried as any) leaves it out if any forget on record names it.
    const queued = this.forgets().then(queue, () => queue(0));
    this.readingGeneration.add(queued);
    try {
      await queued;
    } finally {
      this.readingGeneration.delete(queued);
    }
  }

  /** Writes what is queued; resolves once every request queued so far is written. */
  async flush(): Promise<void> {
    await Promise.allSettled(this.readingGeneration);
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

  /**
   * Cleans `rows` (as read by `after`) as a catalog cleans what it learns (core's
   * learnableRequest): a row whose request holds what looks like a secret or an identifier gets
   * the cleaned text and its key, and one with nothing else left goes, in one transaction; clean
   * rows cost no write. For rows an earlier version stored, and for the few this version wrote
   * that learnableRequest would still change (it is not idempotent: a second pass can take more,
   * decision 0057): the gateway passes every row it reads. Safe beside other instances doing the
   * same (they write the same text). Choice counts are not touched.
   * @example const { rewritten, deleted } = await log.scrub(await log.after(0));
   */
  async scrub(rows: readonly LearnedRequestRow[]): Promise<{ rewritten: number; deleted: number }> {
    const changed = rows.flatMap((row) => {
      const request = learnableRequest(row.request);
      return request === row.request ? [] : [{ id: row.id, request: request.slice(0, MAX_LEARNED_REQUEST_LENGTH) }];
    });
    if (changed.length > 0) {
      await this.store.transaction(async (queries) => {
        for (const { id, request } of changed) {
          if (request === "") await deleteLearnedRequestRow.run(queries, { id });
          else await rewriteLearnedRequest.run(queries, { id, request, request_key: learnedRequestKey(request) });
        }
      });
    }
    const deleted = changed.filter((row) => row.request === "").length;
    return { rewritten: changed.length - deleted, deleted };
  }

  /**
   * Deletes the rows the catalog would not keep: a request's rows but its newest, each workspace's
   * tool's requests but its newest `keepRequestsPerTool`, each workspace's rows but its newest
   * `keepRowsPerWorkspace` and, past `keepRows` in all, every row past the first `keepRows` by fair
   * shares (when `pooled`, each workspace's newest `keepRowsPerWorkspace` rows and the newest
   * `keepRows` of all); returns how many went. The choice counts keep every choice of the last
   * CHOICE_RANKS.maxDays (90) UTC days, whatever rows went; older days' counts go here too.
   */
  async prune(): Promise<number> {
    await this.flush();
    return this.deleteBeyondBounds();
  }

  /**
   * The rows `selection` names, newest first: `limit` (default 50, 1 to 1,000) from `offset`
   * (0 to 1,000,000), and how many match in all. Out of bounds: INVALID_ARGUMENT naming the bound.
   * @example const { rows, total } = await log.list({ tool: "seo_rank_history" }, { limit: 20 });
   */
  async list(selection: LearnedRequestSelection = {}, page: { limit?: number; offset?: number } = {}): Promise<LearnedRequestPage> {
    const limit = boundedInteger("limit", page.limit ?? LEARNED_REQUESTS_PAGE.defaultLimit, 1, LEARNED_REQUESTS_PAGE.maxLimit);
    const offset = boundedInteger("offset", page.offset ?? 0, 0, LEARNED_REQUESTS_PAGE.maxOffset);
    const [columns, values] = selectionOf(selection);
    await this.flush();
    const rows = await learnedRequestsPage(columns).all(this.store, { ...values, limit, offset });
    const total = Number((await learnedRequestsCount(columns).get(this.store, values))?.n ?? 0);
    return {
      rows: rows.map((row) => ({ id: Number(row.id), workspaceId: row.workspace_id, workspaceName: row.workspace_name, tool: row.tool, request: row.request, learnedAt: row.learned_at })),
      total,
      offset,
      limit,
    };
  }

  /** Rows per tool among those `selection` names, most first: at most 1,000 tools. */
  async countsPerTool(selection: LearnedRequestSelection = {}): Promise<{ tool: string; count: number }[]> {
    const [columns, values] = selectionOf(selection);
    await this.flush();
    const rows = await learnedRequestsPerTool(columns).all(this.store, { ...values, limit: LEARNED_REQUESTS_PAGE.maxTools });
    return rows.map((row) => ({ tool: row.tool, count: Number(row.n) }));
  }

  /**
   * Deletes the rows `selection` names (every row when it names nothing; the choice counts stay,
   * they hold no request text) and counts a forget in
   * the same transaction, also when no row went: every instance sharing the store learns again
   * from the rows left at its next poll (`forgets`), and a request another instance queued before
   * is not written if the selection names it (a selection by `id` names stored rows only). What is
   * queued here is written first, so a request learned just before is forgotten too. Returns how
   * many rows went.
   * @example await log.forget({ workspaceId, tool: "seo_rank_history" });
   */
  async forget(selection: LearnedRequestSelection = {}): Promise<number> {
    const [columns, values] = selectionOf(selection);
    await this.flush();
    const [changes, generation] = await this.store.transaction(async (queries) => {
      // The generation first: it waits for a batch being written to commit, so the delete after it sees that batch's rows.
      const generation = await recordForget(queries, values, new Date().toISOString());
      return [(await deleteLearnedRequests(columns).run(queries, values)).changes, generation] as const;
    });
    this.learnGeneration(generation);
    return changes;
  }

  /**
   * Per UTC day of the last `days` (default 14, 1 to 90), how many stored choices had a rank and
   * how many of those took the first hit, one of the top 3, one of the first page of 10, newest
   * day first (days with none left out), and the sums: search quality in use across every
   * instance on the store, from the counts kept per workspace and day (every choice written in
   * the last 90 days, whatever the prune or a forget took of the rows). What is queued here is
   * written first.
   * @example const { days, total } = await log.choiceRanksPerDay({ days: 7, workspaceId });
   */
  async choiceRanksPerDay(query: ChoiceRankQuery = {}): Promise<ChoiceRanks> {
    // The workspace id is checked as a selection's is (selectionOf), with the same bound and error.
    if (query.workspaceId !== undefined) selectionOf({ workspaceId: query.workspaceId });
    await this.flush();
    return countChoiceRanks(this.store, query);
  }

  /** Deletes one workspace's rows (`forget({ workspaceId })`); returns how many went. */
  forgetWorkspace(workspaceId: string): Promise<number> {
    return this.forget({ workspaceId });
  }

  /** Deletes every row (`forget()`); returns how many went. */
  forgetAll(): Promise<number> {
    return this.forget();
  }

  /**
   * Forgets counted in the store so far, by every instance (0 before the first), which is the
   * newest forget's generation: one primary-key read, so a poll can ask at each turn whether rows
   * it learned were deleted since. Requests queued after it carry what it read.
   */
  async forgets(): Promise<number> {
    const forgets = Number((await learnedForgets.get(this.store))?.forgets ?? 0);
    this.learnGeneration(forgets);
    return forgets;
  }

  // One transaction: the requests no forget newer than their queuing names, then their rows, and
  // every request's choice (a forget takes request text, not counts, also of a request it kept out).
  private async insert(events: QueuedRequest[]): Promise<void> {
    const { newest, kept } = await this.store.transaction(async (queries) => {
      const fenced = await requestsNotForgotten(queries, events);
      for (const event of fenced.kept)
        await insertLearnedRequest.run(queries, {
          workspace_id: event.workspaceId,
          tool: event.tool,
          request: event.request,
          request_key: learnedRequestKey(event.request),
          learned_at: event.at.toISOString(),
          chosen_rank: event.rank,
        });
      await addChoiceCounts(queries, events);
      return fenced;
    });
    this.forgottenQueued += events.length - kept.length;
    this.learnGeneration(newest);
  }

  // Generations only grow; a read that raced a newer one never moves it back.
  private learnGeneration(generation: number): void {
    this.knownGeneration = Math.max(this.knownGeneration ?? 0, generation);
  }

  // After a batch, as the call log prunes: at most once a minute.
  private async pruneAtMostOncePerMinute(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < MINUTE) return;
    this.lastPrune = now;
    await this.deleteBeyondBounds();
  }

  // The counts' days past CHOICE_RANKS.maxDays, then the rows past the bounds; how many rows went.
  private async deleteBeyondBounds(): Promise<number> {
    await deleteChoiceCountsPastMaxDays(this.store);
    return deleteLearnedRequestsBeyondKept(this.store, this);
  }
}

// The columns and values of a selection, each value checked: an id is a positive integer, a tool a
// name of at most 128 characters (MAX_TOOL_NAME_LENGTH, as written), a workspace id non-empty text.
function selectionOf(selection: LearnedRequestSelection): [LearnedSelectionColumn[], Record<string, string | number>] {
  const columns: LearnedSelectionColumn[] = [];
  const values: Record<string, string | number> = {};
  if (selection.id !== undefined) {
    columns.push("id");
    values.id = boundedInteger("id", selection.id, 1, Number.MAX_SAFE_INTEGER);
  }
  if (selection.workspaceId !== undefined) {
    columns.push("workspace_id");
    values.workspace_id = nameOf("workspaceId", selection.workspaceId, 200);
  }
  if (selection.tool !== undefined) {
    columns.push("tool");
    values.tool = nameOf("tool", selection.tool, MAX_TOOL_NAME_LENGTH);
  }
  return [columns, values];
}

function nameOf(field: string, value: unknown, most: number): string {
  if (typeof value === "string" && value.length >= 1 && value.length <= most) return value;
  throw new WorkspaceStoreError(
    WorkspaceStoreErrorCode.INVALID_ARGUMENT,
    `${field} must be text of 1 to ${most} characters; got ${typeof value === "string" ? `${value.length} characters` : typeof value}`,
  );
}
