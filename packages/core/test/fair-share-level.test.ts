import { describe, expect, it } from "vitest";
import { fairShareLevel } from "../src/index";

// The level by its definition: the largest L with Σ min(count, L) ≤ bound (searched from the largest count down).
const levelByDefinition = (counts: readonly number[], bound: number) => {
  for (let level = Math.max(0, ...counts); level > 0; level -= 1) {
    if (counts.reduce((sum, count) => sum + Math.min(count, level), 0) <= bound) return level;
  }
  return 0;
};

describe("fairShareLevel", () => {
  it("cuts only the largest tenants, each to the same level, and leaves the others whole", () => {
    expect(fairShareLevel([200, 9000, 9000, 9000], 20_000)).toBe(6600);
    // Five busy tenants and a quiet one over 20: the quiet one's 2 fit, the busy share 18.
    expect(fairShareLevel([10, 10, 2, 10, 10, 10], 20)).toBe(3);
    // Shares that do not divide evenly round down: 3 tenants over 10 keep 3 each.
    expect(fairShareLevel([5, 5, 5], 10)).toBe(3);
  });

  it("is the largest count when the counts fit the bound (nothing is cut)", () => {
    expect(fairShareLevel([3, 1, 4], 8)).toBe(4);
    expect(fairShareLevel([3, 1, 4], 100)).toBe(4);
    expect(fairShareLevel([], 5)).toBe(0);
    expect(fairShareLevel([0, 0], 0)).toBe(0);
  });

  it("is 0 when there are more tenants than the bound holds", () => {
    expect(fairShareLevel([1, 1, 1], 2)).toBe(0);
    expect(fairShareLevel([4, 4], 0)).toBe(0);
  });

  it("agrees with its definition on random counts", () => {
    let seed = 7;
    const next = (most: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % (most + 1);
    };
    for (let trial = 0; trial < 300; trial += 1) {
      const counts = Array.from({ length: next(12) }, () => next(50));
      const bound = next(300);
      const level = fairShareLevel(counts, bound);
      expect(level).toBe(levelByDefinition(counts, bound));
      // The tenants' kept requests fit the bound.
      expect(counts.reduce((sum, count) => sum + Math.min(count, level), 0)).toBeLessThanOrEqual(bound);
    }
  });
});
