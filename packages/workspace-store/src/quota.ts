// The hourly quota kept in the workspace store itself, so every gateway instance on one database
// shares one exact cap. Each consume() is one atomic upsert that only counts while under the cap
// (both SQLite and PostgreSQL run it as written); no read-then-write race exists.
import { windowResetOf, windowStartOf } from "@foundry-mcp/tool-catalog";
import type { QuotaDecision, QuotaDriver, QuotaUsage } from "@foundry-mcp/tool-catalog";
import type { WorkspaceStore } from "./types";

const CONSUME =
  "INSERT INTO quota_usage (workspace, window_start, used) VALUES (?, ?, 1) ON CONFLICT (workspace, window_start) DO UPDATE SET used = quota_usage.used + 1 WHERE quota_usage.used < ? RETURNING used";
const READ = "SELECT used FROM quota_usage WHERE workspace = ? AND window_start = ?";

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
    const counted = await this.store.get<{ used: number }>(CONSUME, [workspace, start, cap]);
    if (counted === undefined)
      return { allowed: false, used: (await this.peek(workspace, now)).used, cap, resetAt };
    // The first call of a window clears the workspace's older windows.
    if (counted.used === 1)
      await this.store.run("DELETE FROM quota_usage WHERE workspace = ? AND window_start < ?", [
        workspace,
        start,
      ]);
    return { allowed: true, used: counted.used, cap, resetAt };
  }

  async peek(workspace: string, now: Date = new Date()): Promise<QuotaUsage> {
    const row = await this.store.get<{ used: number }>(READ, [workspace, windowStartOf(now)]);
    return { used: row?.used ?? 0, resetAt: windowResetOf(now) };
  }
}
