// rankFacts reads a title for its lifts (product names, question forms) only for facts that
// could still reach the results; the results must be exactly the first `limit` of ranking all.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../src/search/incremental-index";
import { rankFacts } from "../src/search/rank";
import type { Fact } from "../src/types";

interface Labelled { type: Fact["type"]; confidence: Fact["confidence"]; scope: string; tags: string[]; title: string; body: string }
const labelled = (JSON.parse(readFileSync(new URL("../bench/labelled-facts.json", import.meta.url), "utf8")) as { facts: Labelled[] }).facts;

// Three copies of the labelled facts, each copy a day apart: many candidates, many near ties.
const facts: Fact[] = [0, 1, 2].flatMap((copy) =>
  labelled.map((one, at) => ({
    id: `fact-${String(copy * labelled.length + at + 1).padStart(4, "0")}`,
    type: one.type,
    title: copy === 0 ? one.title : `${one.title} (${["copy", "again"][copy - 1]})`,
    body: one.body,
    scope: one.scope,
    tags: one.tags,
    confidence: one.confidence,
    source: "conversation",
    created: `2026-0${copy + 1}-15T10:00:00Z`,
  })),
);
const index = buildSearchIndex(facts);

const QUESTIONS = [
  "what engine powers product search",
  "which test framework runs end to end tests",
  "which queue broker do services use",
  "why do we store money as integer cents",
  "how long are sessions kept",
  "what is a customer order",
  "services log structured",
  "payment provider for refunds",
  "database platform for orders",
];

describe("rankFacts with a limit", () => {
  it("gives exactly the first `limit` facts of ranking them all, for questions that lift by product name or question form", () => {
    let compared = 0;
    for (const question of QUESTIONS) {
      const all = rankFacts(index, question, { limit: facts.length });
      expect(all.length, question).toBeGreaterThan(25);
      for (const limit of [1, 2, 3, 5, 8, 25]) {
        expect(rankFacts(index, question, { limit }), `${question} (limit ${limit})`).toEqual(all.slice(0, limit));
        compared++;
      }
      for (const type of ["decision", "constraint", "convention"] as const) {
        const typed = rankFacts(index, question, { limit: facts.length, type });
        expect(rankFacts(index, question, { limit: 3, type }), `${question} (${type})`).toEqual(typed.slice(0, 3));
      }
    }
    expect(compared).toBe(QUESTIONS.length * 6);
  });
});
