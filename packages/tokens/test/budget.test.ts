import { describe, expect, it } from "vitest";
import { fitToBudget } from "../src/index";

describe("fitToBudget", () => {
  const cost = (item: { tokens: number }) => item.tokens;

  it("keeps items in order while they fit and reports what was used", () => {
    const items = [{ id: "a", tokens: 40 }, { id: "b", tokens: 50 }, { id: "c", tokens: 30 }];
    const fit = fitToBudget(items, 100, cost);
    expect(fit.included.map((i) => i.id)).toEqual(["a", "b"]);
    expect(fit.omitted.map((i) => i.id)).toEqual(["c"]);
    expect(fit.usedTokens).toBe(90);
    expect(fit.budgetTokens).toBe(100);
  });

  it("skips an item that does not fit but keeps a later cheaper one", () => {
    const items = [{ id: "a", tokens: 60 }, { id: "big", tokens: 50 }, { id: "small", tokens: 40 }];
    const fit = fitToBudget(items, 100, cost);
    expect(fit.included.map((i) => i.id)).toEqual(["a", "small"]);
    expect(fit.omitted.map((i) => i.id)).toEqual(["big"]);
    expect(fit.usedTokens).toBe(100);
  });

  it("includes an item that exactly fills the budget and nothing with a zero budget", () => {
    expect(fitToBudget([{ tokens: 10 }], 10, cost).included).toHaveLength(1);
    const empty = fitToBudget([{ tokens: 1 }], 0, cost);
    expect(empty.included).toHaveLength(0);
    expect(empty.omitted).toHaveLength(1);
  });

  it("accepts any iterable and calls cost once per item", () => {
    let calls = 0;
    const fit = fitToBudget(new Set([1, 2, 3]), 5, (n) => {
      calls += 1;
      return n;
    });
    expect(fit.included).toEqual([1, 2]);
    expect(calls).toBe(3);
  });

  it("refuses a negative or non-finite budget, naming the bound", () => {
    expect(() => fitToBudget([], -1, cost)).toThrow("budgetTokens must be a finite number >= 0, got -1");
    expect(() => fitToBudget([], Number.NaN, cost)).toThrow(RangeError);
  });
});
