// The quota driver interface: an hourly call counter per workspace. Drivers live beside it
// (memory.ts in-process, sqlite.ts shared between processes); all pass
// test/drivers/quota-conformance.ts. A server-backed driver only has to implement `consume`.

/** The verdict of one consume(): whether the call may proceed, the count and the window end. */
export interface QuotaDecision {
  allowed: boolean;
  /** Calls counted in the current window, this one included when allowed. */
  used: number;
  /** The cap the decision was made against. */
  cap: number;
  /** When the current window ends and the count starts again from zero. */
  resetAt: Date;
}

/** Usage in the current window without counting a call. */
export interface QuotaUsage {
  used: number;
  resetAt: Date;
}

/**
 * Counts calls per workspace per clock hour (UTC). `consume` must be atomic: under any number
 * of concurrent callers at most `cap` calls are allowed per window.
 */
export interface QuotaDriver {
  consume(workspace: string, cap: number, now?: Date): Promise<QuotaDecision>;
  peek?(workspace: string, now?: Date): Promise<QuotaUsage>;
  close?(): Promise<void> | void;
}

/** Length of one quota window. */
export const QUOTA_WINDOW_MS = 3_600_000;

/** Start of the clock hour containing `now`, in epoch milliseconds. */
export function windowStartOf(now: Date): number {
  return Math.floor(now.getTime() / QUOTA_WINDOW_MS) * QUOTA_WINDOW_MS;
}

/** The instant the window containing `now` ends. */
export function windowResetOf(now: Date): Date {
  return new Date(windowStartOf(now) + QUOTA_WINDOW_MS);
}
