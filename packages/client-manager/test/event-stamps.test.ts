// Regression (issue 18): every tool call stamps two events (call_started, call_finished), and
// formatting a Date for each stamp was the largest single cost the manager added to a call of
// `foya serve`. Stamps now reuse the text of the current second; they must stay exactly what
// `new Date().toISOString()` gives, at every millisecond and across second and day boundaries.
import { afterEach, describe, expect, it, vi } from "vitest";
import { now } from "../src/events";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("event stamps", () => {
  it("are the ISO text of the current time, millisecond for millisecond", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const instants = [
      Date.UTC(2026, 11, 1, 23, 59, 59, 999),
      Date.UTC(2026, 11, 2, 0, 0, 0, 0),
      Date.UTC(2026, 11, 2, 0, 0, 0, 7),
      Date.UTC(2026, 11, 2, 0, 0, 0, 42),
      Date.UTC(2026, 11, 2, 0, 0, 0, 420),
      Date.UTC(2026, 11, 2, 0, 0, 1, 0),
      Date.UTC(2024, 1, 29, 12, 30, 5, 5),
      Date.UTC(2026, 11, 2, 0, 0, 0, 420),
    ];
    for (const instant of instants) {
      vi.setSystemTime(instant);
      expect(now()).toBe(new Date(instant).toISOString());
    }
  });

  it("format a Date once per second, not once per stamp", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 11, 2, 1, 2, 3, 0));
    now();
    const formatted = vi.spyOn(Date.prototype, "toISOString");
    const stamps: string[] = [];
    for (let millis = 1; millis <= 40; millis++) {
      vi.setSystemTime(Date.UTC(2026, 11, 2, 1, 2, 3, millis * 20));
      stamps.push(now());
    }
    expect(formatted).toHaveBeenCalledTimes(0);
    expect(stamps.at(-1)).toBe("2026-12-02T01:02:03.800Z");
    vi.setSystemTime(Date.UTC(2026, 11, 2, 1, 2, 4, 1));
    expect(now()).toBe("2026-12-02T01:02:04.001Z");
    expect(formatted).toHaveBeenCalledTimes(1);
  });
});
