// In-process quota driver: a map of workspace → (window, count). Exact under concurrency
// because consume() does its read-check-increment without awaiting in between.

import { type QuotaDecision, type QuotaDriver, type QuotaUsage, windowResetOf, windowStartOf } from "./quota-driver";

/**
 * The default quota driver: counts live in this process and vanish with it. Use
 * SqliteQuotaDriver when several processes share one workspace's cap.
 */
export class MemoryQuotaDriver implements QuotaDriver {
  private readonly windows = new Map<string, { start: number; used: number }>();

  async consume(workspace: string, cap: number, now: Date = new Date()): Promise<QuotaDecision> {
    const start = windowStartOf(now);
    let entry = this.windows.get(workspace);
    if (entry === undefined || entry.start !== start) {
      entry = { start, used: 0 };
      this.windows.set(workspace, entry);
    }
    const allowed = entry.used < cap;
    if (allowed) entry.used += 1;
    return { allowed, used: entry.used, cap, resetAt: windowResetOf(now) };
  }

  async peek(workspace: string, now: Date = new Date()): Promise<QuotaUsage> {
    const entry = this.windows.get(workspace);
    const used = entry !== undefined && entry.start === windowStartOf(now) ? entry.used : 0;
    return { used, resetAt: windowResetOf(now) };
  }
}
