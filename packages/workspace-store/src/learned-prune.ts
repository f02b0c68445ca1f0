// The bounds of the learned-request table (learned-requests.ts' LearnedRequestLog, decision
// 0057), kept as tool-catalog keeps its learned requests so a restarted host learns what its
// catalog kept: each workspace's newest `keepRowsPerWorkspace` rows (the catalog's
// `maxPerTenant`), then, past `keepRows` in all (its `maxTotal`), each workspace's newest
// min(rows, level), the level from core's fairShareLevel over the rows per workspace; or, pooled
// (a catalog learning every workspace's rows for every search), the newest `keepRows` of all.
import { fairShareLevel } from "@foundry-mcp/core";
import { deleteLearnedRequestsBeyond, deleteLearnedRequestsBeyondPerWorkspace, learnedRequestsPerWorkspace } from "./learned-statements";
import type { WorkspaceStore } from "./types";

/** The bounds a prune keeps the table to (a LearnedRequestLog's). */
export interface LearnedRequestBounds {
  readonly keepRows: number;
  readonly keepRowsPerWorkspace: number;
  readonly pooled: boolean;
}

/**
 * Deletes the rows beyond `bounds`; returns how many went. Each workspace's share first, so rows
 * a workspace lost to it no longer count in the total and push no other workspace's out. Past
 * `keepRows`, one grouped count gives the level and the per-workspace statement cuts each
 * workspace over it; rows another instance writes meanwhile are newer, so they stay, and may leave
 * the table a few rows over until the next prune.
 */
export async function deleteLearnedRequestsBeyondKept(store: WorkspaceStore, bounds: LearnedRequestBounds): Promise<number> {
  const perWorkspace = (await deleteLearnedRequestsBeyondPerWorkspace.run(store, { keep: bounds.keepRowsPerWorkspace })).changes;
  if (bounds.pooled) return perWorkspace + (await deleteLearnedRequestsBeyond.run(store, { skip: bounds.keepRows - 1 })).changes;
  const counts = (await learnedRequestsPerWorkspace.all(store)).map((row) => Number(row.n));
  if (counts.reduce((total, count) => total + count, 0) <= bounds.keepRows) return perWorkspace;
  const level = fairShareLevel(counts, bounds.keepRows);
  return perWorkspace + (await deleteLearnedRequestsBeyondPerWorkspace.run(store, { keep: level })).changes;
}
