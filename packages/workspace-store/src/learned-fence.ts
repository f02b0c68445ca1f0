// The forget fence (issue 32, session 32): a learned request still queued in one instance when an
// operator forgets it through another (the CLI, another instance's dashboard) is never written.
// Every forget takes the next generation from the counter row of migration 7, in its own
// transaction and before it deletes anything, and records what it named (migration 9). Every
// queued request carries the newest generation its log knew when it was queued. A batch is written
// in one transaction that first reads the counter row holding it (PostgreSQL FOR UPDATE; SQLite's
// IMMEDIATE transactions run one at a time anyway), then the records of the forgets newer than
// the batch's oldest request, and leaves out each request a newer forget names. Either the batch
// commits first and the forget, which deletes after it took the row, deletes its rows; or the
// forget commits first and the batch reads its record. A request learned just after a forget its
// instance had not seen yet is left out with it: it is learned again at its next use. No clocks.
// learned-requests.ts queues and writes; these are the two transactions' first steps.
import { countLearnedForget, deleteForgetSelectionsBefore, forgetSelectionsAfter, insertForgetSelection, lockedLearnedForgets } from "./learned-fence-statements";
import { outlivesForgets } from "@foundry-mcp/core";
import type { StoreQueries } from "./types";

/** Records of forgets kept: the newest 1,000 (a forget prunes older ones in its transaction). */
export const LEARNED_FORGETS_KEPT = 1000;

/** What a forget named, with the checked values of learned-requests.ts' selection; absent: not narrowed by it. */
export interface NamedByForget {
  id?: number;
  workspace_id?: string;
  tool?: string;
}

/** A request waiting to be written and the newest generation its log knew when it was queued. */
export interface FencedRequest {
  workspaceId: string;
  tool: string;
  generation: number;
}

interface ForgetRecord {
  generation: number;
  workspace_id: string | null;
  tool: string | null;
  row_id: number | null;
}

/**
 * The forget's first step, in its transaction: takes the next generation (the counter row's update
 * locks the row until the transaction ends, so a batch being written is either committed before,
 * and its rows are there to delete, or waits and reads this record), records what `named`, and
 * drops the records beyond the newest LEARNED_FORGETS_KEPT. Returns the generation.
 */
export async function recordForget(queries: StoreQueries, named: NamedByForget, at: string): Promise<number> {
  const generation = Number((await countLearnedForget.get(queries, { at }))?.forgets);
  await insertForgetSelection.run(queries, { generation, workspace_id: named.workspace_id ?? null, tool: named.tool ?? null, row_id: named.id ?? null, forgot_at: at });
  await deleteForgetSelectionsBefore.run(queries, { oldest_kept: generation - LEARNED_FORGETS_KEPT + 1 });
  return generation;
}

/**
 * A batch's first step, in its transaction: the requests of `batch` no newer forget names, and the
 * newest generation (read holding the counter row until the transaction ends).
 */
export async function requestsNotForgotten<Request extends FencedRequest>(queries: StoreQueries, batch: readonly Request[]): Promise<{ newest: number; kept: Request[] }> {
  const newest = Number((await lockedLearnedForgets.get(queries))?.forgets ?? 0);
  const oldest = Math.min(...batch.map((request) => request.generation));
  if (oldest >= newest) return { newest, kept: [...batch] };
  const records = (await forgetSelectionsAfter.all(queries, { after: oldest, limit: LEARNED_FORGETS_KEPT })).map((record) => ({
    generation: Number(record.generation),
    workspace_id: record.workspace_id,
    tool: record.tool,
    row_id: record.row_id === null ? null : Number(record.row_id),
  }));
  return { newest, kept: batch.filter((request) => !forgottenSinceQueued(request, newest, records)) };
}

// True when a forget newer than the request's generation names it, or when one of those forgets is
// no longer on record: a request older than the kept records may have been named by a forget whose
// record went, and a forget must win, so it is left out (learned again at its next use; core's outlivesForgets).
function forgottenSinceQueued(request: FencedRequest, newest: number, records: readonly ForgetRecord[]): boolean {
  return !outlivesForgets(request.generation, newest, records, (record) => names(record, request));
}

// A forget of one row id names only a stored row, never a queued request; otherwise every column it
// narrowed by must match (none: it forgot everything).
function names(record: ForgetRecord, request: FencedRequest): boolean {
  return record.row_id === null && (record.workspace_id === null || record.workspace_id === request.workspaceId) && (record.tool === null || record.tool === request.tool);
}
