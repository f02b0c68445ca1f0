// The hourly quota kept in the workspace store itself, so every gateway instance on one database
// shares one exact cap. Each consume() is one atomic upsert that only counts while under the cap
// (both SQLite and PostgreSQL run it as written); no read-then-write race exists.
import { windowResetOf, windowStartOf } from "@foundry-mcp/tool-catalog";
import type { QuotaDecision, QuotaDriver, QuotaUsage } from "@foundry-mcp/tool-catalog";
import { defineStatement } from "./query/statement";
import type { WorkspaceStore } from "./types";

const consumeOne = defineStatement((q) =>
  q.db
    .insertInto("quota_usage")
    .values({ workspace: q.param("workspace"), window_start: q.param<number>("window_start"), used: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["workspace", "window_start"])
        .doUpdateSet((eb) => ({ used: eb("quota_usage.used", "+", 1) }))
        .where("quota_usage.used", "<", q.param<number>("cap")),
    )
    .returning("used"),
);
const usedInWindow = defineStatement((q) =>
  q.db
    .selectFrom("quota_usage")
    .select("used")
    .where("workspace", "=", q.param("workspace"))
    .where("window_start", "=", q.param<number>("window_start")),
);
const dropOlderWindows = defineStatement((q) =>
  q.db
    .deleteFrom("quota_usage")
    .where("workspace", "=", q.param("workspace"))
    .where("window_start", "<", q.param<number>("window_start")),
);

/**
 * A QuotaDriver over a migrated WorkspaceStore (table `quota_usage`).
 * @example new ToolCatalog({ quota: new StoreQuotaDriver(store), hourlyCap: 1000 })
 */
export class StoreQuotaDriver implements QuotaDriver {
  constructor(private readonly store: WorkspaceStore) {}

  async consume(workspace: string, cap: number, now: Date = new Date()): Promise<QuotaDecision> {
    const start = windowStartOf(now);
    const resetAt = windowResetOf(now);
    if (cap <= 0)
      return { allowed: false, used: (await this.peek(workspace, now)).used, cap, resetAt };
    const counted = await consumeOne.get(this.store, { workspace, window_start: start, cap });
    if (counted === undefined)
      return { allowed: false, used: (await this.peek(workspace, now)).used, cap, resetAt };
    // The first call of a window clears the workspace's older windows.
    if (counted.used === 1)
      await dropOlderWindows.run(this.store, { workspace, window_start: start });
    return { allowed: true, used: counted.used, cap, resetAt };
  }

  async peek(workspace: string, now: Date = new Date()): Promise<QuotaUsage> {
    const row = await usedInWindow.get(this.store, { workspace, window_start: windowStartOf(now) });
    return { used: row?.used ?? 0, resetAt: windowResetOf(now) };
  }
}
