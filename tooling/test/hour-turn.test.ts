import { afterEach, describe, expect, it, vi } from "vitest";
import { clearOfHourTurn } from "../hour-turn.mjs";

afterEach(() => vi.useRealTimers());

describe("clearOfHourTurn", () => {
  it("returns at once when the next hour is further away than asked", async () => {
    vi.useFakeTimers({ now: new Date("2026-12-02T07:59:00.000Z") });
    let done = false;
    void clearOfHourTurn(30_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it("waits until just past HH:00 when the hour turns within the time asked", async () => {
    vi.useFakeTimers({ now: new Date("2026-12-02T07:59:50.000Z") });
    let done = false;
    void clearOfHourTurn(30_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    expect(done).toBe(true);
    expect(new Date().toISOString()).toBe("2026-12-02T08:00:00.250Z");
  });
});
