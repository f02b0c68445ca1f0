// Notifications a host relays from its servers (log messages, resource updates) are limited per
// server and method: a token bucket refilling `perSecond` up to `burst`. What is over it is
// dropped and counted, and the count goes out coalesced, in one report a second at most, instead
// of one relay per message: a server sending 350,000 messages in 25 s costs the host a line a
// second. State is one small record per server and method, removed with the server.
// Neighbours: client-manager.ts (applies it to the forwarding sinks), status.ts (the total).

/** The rate a host relays one server's notifications of one method at. */
export interface NotificationLimit {
  /** Sustained notifications a second. */
  perSecond: number;
  /** How many may come at once before the rate applies. */
  burst: number;
}

/** 50 a second after a burst of 200: far above what a server sends while working, far below a flood. */
export const DEFAULT_NOTIFICATION_LIMIT: NotificationLimit = { perSecond: 50, burst: 200 };

/** How long drops are gathered before they are reported (once per method and server). */
export const DROP_REPORT_INTERVAL_MS = 1000;

/** What was dropped since the last report. */
export interface DroppedNotifications {
  server: string;
  method: string;
  dropped: number;
  limit: NotificationLimit;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
  dropped: number;
  report?: ReturnType<typeof setTimeout>;
}

/** Validates a limit: both figures positive numbers. */
export function checkNotificationLimit(limit: NotificationLimit): NotificationLimit {
  for (const key of ["perSecond", "burst"] as const) {
    const value = limit[key];
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`notificationLimit.${key} must be a number above 0, got ${String(value)}.`);
  }
  return limit;
}

/** The buckets of every server's relayed notifications. */
export class NotificationLimiter {
  private readonly buckets = new Map<string, Map<string, Bucket>>();
  private readonly totals = new Map<string, number>();

  constructor(
    private readonly limit: NotificationLimit,
    private readonly onDropped: (report: DroppedNotifications) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** True when this notification may be relayed; false when it is dropped (and counted). */
  admit(server: string, method: string): boolean {
    const now = this.clock();
    let methods = this.buckets.get(server);
    if (!methods) this.buckets.set(server, (methods = new Map()));
    let bucket = methods.get(method);
    if (!bucket) methods.set(method, (bucket = { tokens: this.limit.burst, refilledAt: now, dropped: 0 }));
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + ((now - bucket.refilledAt) * this.limit.perSecond) / 1000);
    bucket.refilledAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return true;
    }
    bucket.dropped += 1;
    this.totals.set(server, (this.totals.get(server) ?? 0) + 1);
    if (bucket.report === undefined) {
      const pending = bucket;
      pending.report = setTimeout(() => this.report(server, method, pending), DROP_REPORT_INTERVAL_MS);
      pending.report.unref?.();
    }
    return false;
  }

  /** Notifications of `server` dropped since it was added. */
  droppedOf(server: string): number {
    return this.totals.get(server) ?? 0;
  }

  /** Reports what is pending for `server` and forgets it (the server was removed). */
  forget(server: string): void {
    for (const [method, bucket] of this.buckets.get(server) ?? []) this.report(server, method, bucket);
    this.buckets.delete(server);
    this.totals.delete(server);
  }

  /** Reports everything pending (at close). */
  flush(): void {
    for (const [server, methods] of this.buckets) for (const [method, bucket] of methods) this.report(server, method, bucket);
  }

  private report(server: string, method: string, bucket: Bucket): void {
    clearTimeout(bucket.report);
    bucket.report = undefined;
    if (bucket.dropped === 0) return;
    const dropped = bucket.dropped;
    bucket.dropped = 0;
    this.onDropped({ server, method, dropped, limit: this.limit });
  }
}
