// Credits: a paid call charges the workspace, acts, and commits both together; a failure rolls
// the charge back with the action (hooks.ts runs the call inside store.transaction), so a process
// killed mid-call loses nothing. A tool that waits on the network (`outbound`) is the exception:
// no transaction may stay open across a fetch (it would hold SQLite's one writer, or a pooled
// PostgreSQL connection, for every other workspace), so its charge is reserved in one short
// transaction and refunded in another when the call fails (refundCredits).
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { sql } from "kysely";
import { defineStatement } from "./query/statement";
import type { StoreQueries } from "./types";

const takeCredits = defineStatement((q) =>
  q.db
    .updateTable("workspaces")
    .set({ credits: sql<number>`credits - ${q.param<number>("cost")}` })
    .where("id", "=", q.param("workspace_id"))
    .where("credits", ">=", q.param<number>("cost")),
);
const giveCredits = defineStatement((q) =>
  q.db
    .updateTable("workspaces")
    .set({ credits: sql<number>`credits + ${q.param<number>("cost")}` })
    .where("id", "=", q.param("workspace_id")),
);
const balanceOf = defineStatement((q) =>
  q.db.selectFrom("workspaces").select("credits").where("id", "=", q.param("workspace_id")),
);
const insertLedgerRow = defineStatement((q) =>
  q.db.insertInto("credit_ledger").values({
    workspace_id: q.param("workspace_id"),
    at: q.param("at"),
    tool: q.param("tool"),
    amount: q.param<number>("amount"),
    balance_after: q.param<number>("balance_after"),
  }),
);

async function ledger(queries: StoreQueries, workspaceId: string, tool: string, amount: number): Promise<number> {
  const balance = (await balanceOf.get(queries, { workspace_id: workspaceId }))?.credits ?? 0;
  await insertLedgerRow.run(queries, {
    workspace_id: workspaceId,
    at: new Date().toISOString(),
    tool,
    amount,
    balance_after: balance,
  });
  return balance;
}

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
  const charged = await takeCredits.run(queries, { cost, workspace_id: workspaceId });
  if (charged.changes === 0) {
    const balance = (await balanceOf.get(queries, { workspace_id: workspaceId }))?.credits ?? 0;
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.CREDITS_EXHAUSTED,
      `${tool} costs ${cost} credit${cost === 1 ? "" : "s"} and the workspace has ${balance}; nothing was run or charged. Upgrade the plan (account_change_plan) or wait for the monthly refill.`,
    );
  }
  return ledger(queries, workspaceId, tool, -cost);
}

/** Gives back `cost` credits a failed outbound call reserved, with a ledger row saying so. */
export async function refundCredits(
  queries: StoreQueries,
  workspaceId: string,
  tool: string,
  cost: number,
): Promise<void> {
  await giveCredits.run(queries, { cost, workspace_id: workspaceId });
  await ledger(queries, workspaceId, `${tool} (refund)`, cost);
}
