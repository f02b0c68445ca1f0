// The relay limit of upstream notifications (issue #36 R8), on a hand-driven clock: the burst
// passes, then the rate; drops are counted per server and reported coalesced, one report per
// server and method, and a removed server's pending drops are reported and forgotten.
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkNotificationLimit, DROP_REPORT_INTERVAL_MS, NotificationLimiter, type DroppedNotifications } from "../src/manager/notification-limit";

afterEach(() => {
  vi.useRealTimers();
});

describe("NotificationLimiter", () => {
  it("admits the burst, then the rate, and reports what it dropped once per interval", () => {
    vi.useFakeTimers();
    let clock = 0;
    const reports: DroppedNotifications[] = [];
    const limiter = new NotificationLimiter({ perSecond: 10, burst: 5 }, (report) => reports.push(report), () => clock);
    const admitted = Array.from({ length: 8 }, () => limiter.admit("a", "notifications/message"));
    expect(admitted).toEqual([true, true, true, true, true, false, false, false]);
    expect(limiter.admit("b", "notifications/message")).toBe(true);
    expect(limiter.admit("a", "notifications/resources/updated")).toBe(true);
    clock += 100;
    expect(limiter.admit("a", "notifications/message")).toBe(true);
    expect(limiter.admit("a", "notifications/message")).toBe(false);
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(DROP_REPORT_INTERVAL_MS);
    expect(reports).toEqual([{ server: "a", method: "notifications/message", dropped: 4, limit: { perSecond: 10, burst: 5 } }]);
    expect(limiter.droppedOf("a")).toBe(4);
    expect(limiter.droppedOf("b")).toBe(0);
  });

  it("reports a removed server's pending drops and forgets it; refuses a limit that is not positive", () => {
    const reports: DroppedNotifications[] = [];
    const limiter = new NotificationLimiter({ perSecond: 1, burst: 1 }, (report) => reports.push(report), () => 0);
    limiter.admit("a", "notifications/message");
    limiter.admit("a", "notifications/message");
    limiter.forget("a");
    expect(reports.map((report) => report.dropped)).toEqual([1]);
    expect(limiter.droppedOf("a")).toBe(0);
    expect(() => checkNotificationLimit({ perSecond: 0, burst: 5 })).toThrow("notificationLimit.perSecond must be a number above 0, got 0.");
  });
});
