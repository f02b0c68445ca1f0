import { describe, expect, it } from "vitest";
import { fairShareCounts } from "../src/index";

// Each tenant's requests by recency, newest first (larger is newer).
type Tenants = Map<string, number[]>;

const random = (start: number) => {
  let seed = start;
  return (most: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % (most + 1);
  };
};

// The rule by its definition: rank every request by (place from its tenant's newest, newer first), keep the first `bound`.
const keptByDefinition = (tenants: Tenants, bound: number, newerFirst = true): Tenants => {
  const ranked = [...tenants].flatMap(([tenant, recencies]) => recencies.map((recency, place) => ({ tenant, recency, place })));
  ranked.sort((left, right) => left.place - right.place || (newerFirst ? right.recency - left.recency : left.recency - right.recency));
  const kept: Tenants = new Map([...tenants.keys()].map((tenant) => [tenant, []]));
  for (const { tenant, recency } of ranked.slice(0, bound)) kept.get(tenant)!.push(recency);
  for (const recencies of kept.values()) recencies.sort((left, right) => right - left);
  return kept;
};

// fairShareCounts applied: each tenant keeps its newest `count`.
const cut = (tenants: Tenants, bound: number): Tenants => {
  const entries = [...tenants];
  const counts = fairShareCounts(
    entries.map(([, recencies]) => recencies.length),
    bound,
    (tenant, place) => entries[tenant]![1][place]!,
  );
  return new Map(entries.map(([tenant, recencies], index) => [tenant, recencies.slice(0, counts[index])]));
};

const sorted = (tenants: Tenants) => [...tenants].filter(([, recencies]) => recencies.length > 0).sort(([left], [right]) => left.localeCompare(right));

// One request learned: its tenant and its name (a name said again is the same request).
type Learn = { tenant: string; name: number };

// A random history over random tenants; about one learn in four says again a request its tenant said before.
const history = (seed: number): Learn[] => {
  const next = random(seed);
  const tenantCount = 1 + next(6);
  const learns: Learn[] = [];
  for (let step = next(80); step > 0; step -= 1) {
    const tenant = `t${next(tenantCount - 1)}`;
    const said = learns.filter((learn) => learn.tenant === tenant);
    learns.push({ tenant, name: said.length > 0 && next(3) === 0 ? said[next(said.length - 1)]!.name : learns.length });
  }
  return learns;
};

/**
 * Replays `learns` as the catalog learns them (a request said again leaves its place, if still
 * kept, for its tenant's newest), cut by `rule` after the steps `cutNow` chooses, and once more at
 * the end; returns what is kept, each request as its name and when it was (last) learned.
 */
const replay = (learns: readonly Learn[], bound: number, cutNow: (step: number) => boolean, rule: (tenants: Tenants, bound: number) => Tenants) => {
  let tenants: Tenants = new Map();
  const nameAt = new Map<number, number>();
  for (const [index, { tenant, name }] of learns.entries()) {
    const step = index + 1;
    const recencies = (tenants.get(tenant) ?? []).filter((recency) => nameAt.get(recency) !== name);
    nameAt.set(step, name);
    tenants.set(tenant, [step, ...recencies]);
    if (cutNow(step)) tenants = rule(tenants, bound);
  }
  return sorted(rule(tenants, bound)).map(([tenant, recencies]) => [tenant, recencies.map((recency) => `${nameAt.get(recency)}@${recency}`)]);
};

describe("fairShareCounts", () => {
  it("keeps min(count, L) or L + 1 per tenant, filling the bound exactly, the free places to the tenants whose next request is newest", () => {
    // Level 3 over 9 (2 + 3 + 3 = 8): the third tenant's 4th newest is newer, so it gets the free place.
    expect(fairShareCounts([2, 6, 6], 9, (tenant, place) => 100 * tenant - place)).toEqual([2, 3, 4]);
    // Five busy tenants and a quiet one over 16: level 2 keeps 12, the four tenants whose 3rd newest is newest keep 3.
    expect(fairShareCounts([10, 10, 2, 10, 10, 10], 16, (tenant, place) => tenant - 10 * place)).toEqual([2, 3, 2, 3, 3, 3]);
    // A tie in recency goes to the tenant first in the counts.
    expect(fairShareCounts([5, 5, 5], 10, () => 1)).toEqual([4, 3, 3]);
    expect(fairShareCounts([200, 9000, 9000, 9000], 20_000, (tenant, place) => tenant - 4 * place)).toEqual([200, 6600, 6600, 6600]);
  });

  it("keeps every request when the counts fit, and one per tenant first when there are more tenants than the bound", () => {
    expect(fairShareCounts([3, 1, 4], 8, () => 0)).toEqual([3, 1, 4]);
    expect(fairShareCounts([3, 1, 4], 100, () => 0)).toEqual([3, 1, 4]);
    expect(fairShareCounts([], 5, () => 0)).toEqual([]);
    expect(fairShareCounts([0, 0], 0, () => 0)).toEqual([0, 0]);
    // Level 0: the newest request of the two tenants whose newest is newest.
    expect(fairShareCounts([1, 2, 1], 2, (tenant) => [5, 9, 7][tenant]!)).toEqual([0, 1, 1]);
    expect(fairShareCounts([4, 4], 0, () => 0)).toEqual([0, 0]);
  });

  it("agrees with its definition (rank by place from the tenant's newest, then newer first; keep the first `bound`) on random tenants", () => {
    const next = random(7);
    for (let trial = 0; trial < 500; trial += 1) {
      let recency = 0;
      const tenants: Tenants = new Map();
      for (let tenant = next(8); tenant > 0; tenant -= 1) tenants.set(`t${tenant}`, []);
      for (let request = next(120); request > 0 && tenants.size > 0; request -= 1) tenants.get(`t${1 + next(tenants.size - 1)}`)!.unshift((recency += 1 + next(3)));
      const bound = next(130);
      const kept = cut(tenants, bound);
      expect(sorted(kept)).toEqual(sorted(keptByDefinition(tenants, bound)));
      const total = [...tenants.values()].reduce((sum, recencies) => sum + recencies.length, 0);
      expect([...kept.values()].reduce((sum, recencies) => sum + recencies.length, 0)).toBe(Math.min(total, bound));
    }
  });

  // The property that lets the catalog (a cut at every learn) and the store (a cut at most once a
  // minute) keep the same requests: cutting at every step, at random steps or once at the end keeps the same.
  it("keeps the same requests whether it cuts after every request, at random steps or once at the end (random histories, requests learned again)", () => {
    let histories = 0;
    for (let seed = 1; seed <= 3000; seed += 1) {
      const bound = 1 + (seed % 25);
      const learns = history(seed);
      const atEnd = replay(learns, bound, () => false, cut);
      const cutSteps = random(seed * 7 + 3);
      expect(replay(learns, bound, () => true, cut)).toEqual(atEnd);
      expect(replay(learns, bound, () => cutSteps(3) === 0, cut)).toEqual(atEnd);
      histories += 1;
    }
    expect(histories).toBe(3000);
  });

  it("would not with the other tie-break: at the same place, older first keeps different requests when cut at every step", () => {
    const olderFirst = (tenants: Tenants, bound: number) => keptByDefinition(tenants, bound, false);
    let differs = 0;
    for (let seed = 1; seed <= 300; seed += 1) {
      const bound = 1 + (seed % 25);
      const learns = history(seed);
      if (JSON.stringify(replay(learns, bound, () => true, olderFirst)) !== JSON.stringify(replay(learns, bound, () => false, olderFirst))) differs += 1;
    }
    expect(differs).toBeGreaterThan(0);
  });
});
