// Issue #33: the telemetry bench decides a 2% target from the rounds' median ratio, so it prints
// the median's bootstrap interval; these pin down what that interval is and is not.
import { describe, expect, it } from "vitest";
import { median, medianInterval } from "../bench-measure.mjs";

// 24 ratios around 1.01 with a spread like a loaded machine's rounds (min 0.95, max 1.12).
const ROUNDS = [1.01, 0.98, 1.03, 1.0, 0.99, 1.02, 1.05, 0.97, 1.01, 1.12, 0.95, 1.0, 1.02, 1.04, 0.99, 1.01, 1.0, 1.03, 0.98, 1.02, 1.06, 1.0, 1.01, 0.99];

describe("medianInterval", () => {
  it("gives no interval for fewer than three rounds, and a point for rounds that agree", () => {
    expect(medianInterval([])).toBeUndefined();
    expect(medianInterval([1.1, 0.9])).toBeUndefined();
    expect(medianInterval([1.02, 1.02, 1.02, Number.NaN])).toEqual([1.02, 1.02]);
  });

  it("holds the median, lies inside the rounds' range, and is the same on every run (seeded)", () => {
    const interval = medianInterval(ROUNDS);
    expect(interval).toBeDefined();
    const [low, high] = interval!;
    expect(low).toBeLessThanOrEqual(median(ROUNDS));
    expect(high).toBeGreaterThanOrEqual(median(ROUNDS));
    expect(low).toBeGreaterThanOrEqual(Math.min(...ROUNDS));
    expect(high).toBeLessThanOrEqual(Math.max(...ROUNDS));
    // Narrower than min–max: one round's luck (1.12) does not widen it.
    expect(high - low).toBeLessThan(0.05);
    expect(medianInterval(ROUNDS)).toEqual(interval);
  });

  it("narrows with more rounds of the same spread, and at a lower confidence level", () => {
    const [low, high] = medianInterval(ROUNDS)!;
    const [lowMore, highMore] = medianInterval([...ROUNDS, ...ROUNDS, ...ROUNDS, ...ROUNDS])!;
    expect(highMore - lowMore).toBeLessThan(high - low);
    const [low80, high80] = medianInterval(ROUNDS, 0.8)!;
    expect(high80 - low80).toBeLessThanOrEqual(high - low);
  });
});
