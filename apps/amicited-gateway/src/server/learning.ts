// The gateway's tool search learns its users' words (decision 0055): a search_tools request is
// learned for the tool the same caller then describes, reads or runs from that search's page
// (progressive's search learning); each pair is kept in the store (workspace-store's
// LearnedRequestLog, written in the background) with the rank the tool had in that search, and
// learned again at start, oldest first.
// Instances sharing the store (PostgreSQL, or several processes on one SQLite file) share the rows:
// each one polls for rows above the last it read, at the catalog's refresh interval. An operator's
// forget (`learned forget`, the dashboard) deletes rows and counts itself in the store; a poll that
// finds the count moved forgets everything the catalog learned and learns the rows left, oldest
// first, so a purge reaches every instance within one poll. A row this instance still queued when
// another forgot what names it is never written (workspace-store's forget fence), and a forget
// counts even when it deleted nothing, so that poll also drops words this catalog learned from
// such a row. `serve --no-learning` leaves all of this out (gateway.ts).
// Each workspace is a tenant of the catalog (decision 0056): a row, and a pair learned now, rank
// only the searches of the workspace whose agent taught it, so no workspace moves another's
// ranking or learns what another searched by watching it move. `serve --shared-learning` learns
// them for every search instead (one organisation's gateway, where pooling the words helps).
import { CatalogError, DEFAULT_LEARNED_TOTAL, type CallContext, type ToolCatalog } from "@foundry-mcp/tool-catalog";
import type { SearchLearning } from "@foundry-mcp/progressive";
import { LearnedRequestLog, type LearnedRequestRow, type LearnedRequestSelection, type WorkspaceStore } from "@foundry-mcp/workspace-store";

/** How often the catalog reads newly learned requests, and PostgreSQL instances each other's (the catalog's default). */
export const DEFAULT_LEARNING_REFRESH_MS = 10_000;
/** Rows read from the store at a time. */
const PAGE_ROWS = 1000;
/**
 * Ids below the highest read that each poll reads again. PostgreSQL hands out an id when a row is
 * inserted, not when it commits, so another instance's batch can commit after a higher id was read;
 * learning a row again only moves it to its tool's newest place (no index rebuild).
 */
export const LATE_ROWS = 100;

/** How the gateway learns (createGateway's `learning`). */
export interface GatewayLearningOptions {
  /** How often the catalog reads newly learned requests and the store is polled (default DEFAULT_LEARNING_REFRESH_MS). */
  refreshMs?: number;
  /** Every workspace's requests rank every workspace's searches (`serve --shared-learning`); default: each its own. */
  shared?: boolean;
}

/** The gateway's learning: what its surfaces get, and the store rows it has learned. */
export interface GatewayLearning {
  /**
   * The catalog tenant whose searches a workspace's learned requests rank, and whose ranking its
   * tokens' searches get: the workspace's id (CallContext.workspace, LearnedRequestRow.workspaceId),
   * or undefined when learning is shared.
   */
  tenantOf(workspaceId: string): string | undefined;
  /** The surfaces' `learning` option (surfaces.ts): each learned pair is kept in the store. */
  readonly surfaces: SearchLearning<CallContext>;
  /** The kept requests, in the store. */
  readonly log: LearnedRequestLog;
  /** Learns the rows written since the last read (by any instance). */
  catchUp(): Promise<void>;
  /** Learns every row again, oldest first: after tools were added (upstreams), rows skipped for a missing tool count now. */
  relearnAll(): Promise<void>;
  /**
   * Deletes the rows `selection` names (the store's one forget, counted for the other instances)
   * and learns again from the rows left before it resolves; returns how many rows went.
   */
  forget(selection: LearnedRequestSelection): Promise<number>;
  /** Stops the poll and writes what is queued; call before closing the store. */
  close(): Promise<void>;
}

const report = (what: string, error: unknown): void =>
  void process.stderr.write(`amicited-gateway: ${what}${(error as Error).message ?? String(error)}\n`);

/**
 * Learns the store's rows into `catalog` and keeps what the surfaces learn from now on. A row
 * whose tool the catalog lacks or whose request it refuses is skipped; a store that cannot be
 * read is reported on stderr and read again at the next poll, so start never fails for either.
 */
export async function startGatewayLearning(
  catalog: ToolCatalog<CallContext>,
  store: WorkspaceStore,
  options: GatewayLearningOptions = {},
): Promise<GatewayLearning> {
  const refreshMs = options.refreshMs ?? DEFAULT_LEARNING_REFRESH_MS;
  const shared = options.shared === true;
  const tenantOf = (workspaceId: string): string | undefined => (shared ? undefined : workspaceId);
  const log = new LearnedRequestLog(store, {
    // The store's workspaces are the catalog's tenants, so both prune alike (decision 0057). Per
    // workspace, each keeps its share (the catalog's maxPerTenant) and, past the rows in all, its
    // fair share of them (as the catalog past maxTotal). Shared, the catalog is one pool bounded in
    // all only, oldest first out, so the store keeps as many of one workspace's rows as of all and
    // the newest of all, whoever's.
    ...(shared ? { keepRowsPerWorkspace: DEFAULT_LEARNED_TOTAL, pooled: true } : {}),
    onError: (error) => report("", error),
    onRetry: (attempt, error) => report(`learned requests write failed (try ${attempt}), trying again: `, error),
  });
  let lastId = 0;
  // The store's count of forgets when this instance last read its rows (undefined before the first read).
  let forgetsSeen: number | undefined;
  let failing = false;
  // One read at a time: a poll that comes while another runs waits for it and reads after it.
  let reading: Promise<void> = Promise.resolve();

  const learnRow = (row: LearnedRequestRow): void => {
    lastId = Math.max(lastId, row.id);
    try {
      catalog.learn(row.request, row.tool, tenantOf(row.workspaceId));
    } catch (error) {
      // A tool no longer served (UNKNOWN_TOOL) or a request the catalog refuses is left out.
      if (!CatalogError.isInstance(error)) throw error;
    }
  };
  // Every stored row with an id above `from`, oldest first, read a page at a time. Rows an earlier
  // version stored keep whatever the agent typed: those are cleaned in the store as they are read
  // (the first read at start reads them all; a failure is reported and the read goes on), and the
  // catalog learns their text cleaned in any case.
  const rowsAfter = async (from: number): Promise<LearnedRequestRow[]> => {
    const rows: LearnedRequestRow[] = [];
    for (let page = await log.after(from, PAGE_ROWS); ; page = await log.after(page.at(-1)!.id, PAGE_ROWS)) {
      rows.push(...page);
      if (page.length < PAGE_ROWS) break;
    }
    await log.scrub(rows).catch((error: unknown) => report("cleaning stored learned requests failed: ", error));
    return rows;
  };
  // The rows above the last read, reaching back LATE_ROWS ids for rows that committed late.
  const learnRowsAfter = async (): Promise<void> => {
    for (const row of await rowsAfter(Math.max(0, lastId - LATE_ROWS))) learnRow(row);
  };
  // After a forget: every row still stored, read before the catalog forgets anything, so no search
  // in between ranks with half of them (the catalog rebuilds its index at the next search). Each
  // row is learned again in its workspace's tenant, as at start.
  const learnAgainFromStore = async (): Promise<void> => {
    // Requests this instance learned and still queues are written first: they are rows to keep.
    await log.flush();
    const rows = await rowsAfter(0);
    catalog.forgetLearned();
    lastId = 0;
    for (const row of rows) learnRow(row);
  };
  const learnStoredRows = async (): Promise<void> => {
    // Read before the rows: a forget that commits after this read moves the count for the next poll.
    const forgets = await log.forgets();
    if (forgetsSeen !== undefined && forgets !== forgetsSeen) await learnAgainFromStore();
    else await learnRowsAfter();
    forgetsSeen = forgets;
  };
  const read = (from?: number): Promise<void> => {
    const next = reading.then(async () => {
      if (from !== undefined) lastId = from;
      try {
        await learnStoredRows();
        failing = false;
      } catch (error) {
        // Said once per run of failures, not at every poll while the database is away.
        if (!failing) report("reading learned requests failed (tried again at the next poll): ", error);
        failing = true;
      }
    });
    reading = next;
    return next;
  };

  await read();
  // Instances sharing the store (PostgreSQL, or processes on one SQLite file) read each other's rows;
  // one indexed read every refreshMs, nothing learned when no row is new.
  const poll = setInterval(() => void read(), refreshMs);
  poll.unref();
  return {
    log,
    tenantOf,
    surfaces: {
      // A token's searches rank with its workspace's words, and what it teaches is learned there:
      // context.workspace is the credential's workspace id, the id its rows are stored under.
      ...(shared ? {} : { tenantOf: (context: CallContext) => tenantOf(context.workspace) }),
      // The rank the tool had in its search is kept beside the pair: the dashboard's "Search in use".
      learned: (pair, context, choice) =>
        void log.record({ workspaceId: context.workspace, tool: pair.tool, request: pair.request, rank: choice.rank }).catch((error: unknown) => report("", error)),
    },
    catchUp: () => read(),
    relearnAll: () => read(0),
    async forget(selection) {
      const forgotten = await log.forget(selection);
      await read();
      return forgotten;
    },
    async close() {
      clearInterval(poll);
      await reading;
      await log.close().catch((error: unknown) => report("", error));
    },
  };
}
