// The bounds of the learned-request table (learned-requests.ts' LearnedRequestLog, decision
// 0057), kept as tool-catalog keeps its learned requests so a restarted host learns what its
// catalog kept: of each request said again (its key, learned-key.ts) its newest row, each
// workspace's tool's newest `keepRequestsPerTool` of those (the catalog's `maxPerTool`), each
// workspace's newest `keepRowsPerWorkspace` (its `maxPerTenant`) and, of those, the first
// `keepRows` (its `maxTotal`) ranked by place from their workspace's newest, then newer first
// (core's fairShareCounts), all in one SQL statement; or, pooled (a catalog learning every
// workspace's rows for every search), the newest `keepRows` of all.
import { deleteLearnedRequestsBeyond, deleteLearnedRequestsBeyondCatalogBounds, deleteLearnedRequestsBeyondPerWorkspace } from "./learned-statements";
import type { WorkspaceStore } from "./types";

/** The bounds a prune keeps the table to (a LearnedRequestLog's). */
export interface LearnedRequestBounds {
  readonly keepRows: number;
  readonly keepRowsPerWorkspace: number;
  readonly keepRequestsPerTool: number;
  readonly pooled: boolean;
}

/**
 * Deletes the rows beyond `bounds`; returns how many went. Per workspace, one statement: the
 * ranking does not depend on when the cuts happen, so a prune once a minute keeps what a catalog
 * cutting at every learn keeps. Rows another instance writes meanwhile are newer than every row
 * ranked, so they stay, and may leave the table a few rows over until the next prune. Pooled, rows
 * are counted as rows: a request said again and the bound per tool are not looked at, since the
 * pooled catalog holds one copy of a request several workspaces taught and a workspace's forget
 * would then take the others' (decision 0057).
 */
export async function deleteLearnedRequestsBeyondKept(store: WorkspaceStore, bounds: LearnedRequestBounds): Promise<number> {
  if (!bounds.pooled) {
    const values = { keep_per_tool: bounds.keepRequestsPerTool, keep_per_workspace: bounds.keepRowsPerWorkspace, keep: bounds.keepRows };
    return (await deleteLearnedRequestsBeyondCatalogBounds.run(store, values)).changes;
  }
  // Each workspace's share first, so rows a workspace lost to it no longer count in the total.
  const perWorkspace = (await deleteLearnedRequestsBeyondPerWorkspace.run(store, { keep: bounds.keepRowsPerWorkspace })).changes;
  return perWorkspace + (await deleteLearnedRequestsBeyond.run(store, { skip: bounds.keepRows - 1 })).changes;
}
