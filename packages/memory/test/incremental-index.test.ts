// The incremental search index (src/search/incremental-index.ts) after facts come and go one at
// a time must rank exactly as an index built afresh over the same facts: same facts, same
// scores. Removals move the last fact into the gap, so positions and posting order differ. What
// ranking keeps beside an index (length norms readied per position, written forms grouped by
// first letter) must follow every change (the typo questions reach facts through written forms),
// and the norms follow `RANKING.fieldB` when a tuner sets it between queries.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../src/search/incremental-index";
import { RANKING, rankFacts } from "../src/search/rank";
import { ABSENT_TERM, KeptPerTerm } from "../src/search/search-index";
import type { SearchIndex } from "../src/search/search-index";
import type { Fact } from "../src/types";
import { storedFact } from "./__fixtures__/stored-fact";

interface Labelled { type: Fact["type"]; confidence: Fact["confidence"]; scope: string; tags: string[]; title: string; body: string }
const labelled = (JSON.parse(readFileSync(new URL("../bench/labelled-facts.json", import.meta.url), "utf8")) as { facts: Labelled[] }).facts;

const facts: Fact[] = labelled.map((one, at) => ({
  id: `fact-${String(at + 1).padStart(4, "0")}`,
  type: one.type,
  title: one.title,
  body: one.body,
  scope: one.scope,
  tags: one.tags,
  confidence: one.confidence,
  source: "conversation",
  created: `2026-01-${String((at % 28) + 1).padStart(2, "0")}T10:00:00Z`,
}));

const QUESTIONS = ["payment provider for refunds", "which queue broker do services use", "how long are sessions kept", "database platform for orders", "money cents", "search engine", "servcies queue brokre", "refnuds provdier"];

describe("IncrementalSearchIndex", () => {
  it("ranks like a fresh build after each of 120 adds and removes in a seeded random order", () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const held = new Set(facts.slice(0, Math.floor(facts.length / 2)));
    const index = buildSearchIndex([...held]);
    let compared = 0;
    for (let step = 0; step < 120; step++) {
      const fact = facts[Math.floor(random() * facts.length)] as Fact;
      if (held.has(fact)) {
        held.delete(fact);
        index.remove(fact);
      } else {
        held.add(fact);
        index.add(fact);
      }
      if (step % 10 !== 9) continue;
      const fresh = buildSearchIndex([...held]);
      expect(index.size).toBe(held.size);
      for (const question of QUESTIONS) {
        expect(rankFacts(index, question, { limit: 8 }), `${question} at step ${step}`).toEqual(rankFacts(fresh, question, { limit: 8 }));
        compared++;
      }
    }
    expect(compared).toBe(12 * QUESTIONS.length);
  });

  it("follows the length normalisation set between queries, as a tuner sets it", () => {
    const index = buildSearchIndex(facts);
    const question = QUESTIONS[0] as string;
    const before = rankFacts(index, question, { limit: 8 });
    const fieldB = RANKING.fieldB as unknown as number[];
    const kept = [...fieldB];
    try {
      fieldB.splice(0, 3, 1, 1, 1);
      const changed = rankFacts(index, question, { limit: 8 });
      expect(changed).toEqual(rankFacts(buildSearchIndex(facts), question, { limit: 8 }));
      expect(changed.map(({ score }) => score)).not.toEqual(before.map(({ score }) => score));
    } finally {
      fieldB.splice(0, 3, ...kept);
    }
    expect(rankFacts(index, question, { limit: 8 })).toEqual(before);
  });

  it("keeps what is made from a term's postings until a fact holding the term comes, goes or moves", () => {
    const alpha = storedFact("fact-0001", "domain", "Alpha beacon");
    const bravo = storedFact("fact-0002", "domain", "Bravo harbour");
    const charlie = storedFact("fact-0003", "domain", "Charlie beacon");
    const index = buildSearchIndex([alpha]);
    const kept = new KeptPerTerm<number>();
    let made = 0;
    const value = (term: string): number => kept.get(index, term, () => ++made);
    // "charli" no fact holds yet: its value is made on every call, never kept.
    expect([value("beacon"), value("beacon"), value("charli")]).toEqual([1, 1, 2]);
    index.add(bravo); // holds neither
    expect([value("beacon"), value("charli")]).toEqual([1, 3]);
    index.add(charlie); // holds both
    expect([value("beacon"), value("charli"), value("harbour")]).toEqual([4, 5, 6]);
    index.remove(alpha); // holds "beacon"; Charlie, the last fact, moves into its place
    expect(index.facts[0]).toBe(charlie);
    expect([value("beacon"), value("charli"), value("harbour")]).toEqual([7, 8, 6]);
    // An index without stamps (a read-only one) has the value made on every call.
    const readOnly: SearchIndex = { facts: index.facts, terms: index.terms, postings: index.postings, averageLengths: index.averageLengths, fieldLengths: index.fieldLengths, vocabulary: index.vocabulary, surfaces: index.surfaces, learnedTerms: () => [] };
    expect([kept.get(readOnly, "beacon", () => 0), kept.get(readOnly, "beacon", () => 1)]).toEqual([0, 1]);
  });

  // Regression (session 35 review): the stamps of terms no fact held any more, and what was kept
  // for words asked that no fact holds, were never dropped: 300,000 one-off words asked, or facts
  // with one-off words written and deleted, grew the heap from 19 to 94 MiB over 57 terms held.
  it("keeps no stamp or value for a term no fact holds, and a term that comes back is made afresh", () => {
    const alpha = storedFact("fact-0001", "domain", "Alpha beacon");
    const index = buildSearchIndex([alpha]);
    const kept = new KeptPerTerm<number>();
    let made = 0;
    const value = (term: string): number => kept.get(index, term, () => ++made);
    expect([value("beacon"), value("beacon")]).toEqual([1, 1]);
    index.remove(alpha);
    expect(index.termStamp?.("beacon")).toBe(ABSENT_TERM);
    expect([value("beacon"), value("beacon")]).toEqual([2, 3]);
    for (let turn = 0; turn < 3; turn++) {
      const again = storedFact(`fact-000${turn + 2}`, "domain", "Again beacon");
      index.add(again);
      const stamp = index.termStamp?.("beacon") ?? ABSENT_TERM;
      expect(stamp).toBeGreaterThan(0);
      expect([value("beacon"), value("beacon")]).toEqual([4 + turn, 4 + turn]);
      index.remove(again);
      expect(index.termStamp?.("beacon")).toBe(ABSENT_TERM);
    }
  });
});
