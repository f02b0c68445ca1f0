// Credits: a paid call charges the workspace, acts, and commits both together; a failure rolls
// the charge back with the action (hooks.ts runs the call inside store.transaction), so a process
// killed mid-call loses nothing. A tool that waits on the network (`outbound`) is the exception:
// no transaction may stay open across a fetch (it would hold SQLite's one writer, or a pooled
// PostgreSQL connection, for every other workspace), so its charge is reserved in one short
// transaction and refunded in another when the call fails (refundCredits).
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import type { StoreQueries } from "./types";

/**
 * Charges `cost` credits to `workspaceId` for `tool` and writes the ledger row; refuses with
 * CREDITS_EXHAUSTED when the balance cannot pay. Run it inside the call's transaction.
 * @returns the balance after the charge
 */
export async function chargeCredits(
  queries: StoreQueries,
  workspaceId: string,
  tool: string,
  cost: number,
): Promise<number> {
  const charged = await queries.run(
    "UPDATE workspaces SET credits = credits - ? WHERE id = ? AND credits >= ?",
    [cost, workspaceId, cost],
  );
  const balance =
    (
      await queries.get<{ credits: number }>("SELECT credits FROM workspaces WHERE id = ?", [
        workspaceId,
      ])
    )?.credits ?? 0;
  if (charged.changes === 0) {
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.CREDITS_EXHAUSTED,
      `${tool} costs ${cost} credit${cost === 1 ? "" : "s"} and the workspace has ${balance}; nothing was run or charged. Upgrade the plan (account_change_plan) or wait for the monthly refill.`,
    );
  }
  await queries.run(
    "INSERT INTO credit_ledger (workspace_id, at, tool, amount, balance_after) VALUES (?, ?, ?, ?, ?)",
    [workspaceId, new Date().toISOString(), tool, -cost, balance],
  );
  return balance;
}

/** Gives back `cost` credits a failed outbound call reserved, with a ledger row saying so. */
export async function refundCredits(
  queries: StoreQueries,
  workspaceId: string,
  tool: string,
  cost: number,
): Promise<void> {
  await queries.run("UPDATE workspaces SET credits = credits + ? WHERE id = ?", [cost, workspaceId]);
  const balance =
    (await queries.get<{ credits: number }>("SELECT credits FROM workspaces WHERE id = ?", [workspaceId]))
      ?.credits ?? 0;
  await queries.run(
    "INSERT INTO credit_ledger (workspace_id, at, tool, amount, balance_after) VALUES (?, ?, ?, ?, ?)",
    [workspaceId, new Date().toISOString(), `${tool} (refund)`, cost, balance],
  );
}
