// The search index as saved for cold starts (drivers/saved-index.ts): fact ids in position
// order, the sorted vocabulary with each term's positions, the written forms with their stems
// and counts, and the field totals. Restoring it is one pass over arrays, not one insertion per
// term of every fact (which is what made a cold start at 10,000 facts take seconds).
// Decoding checks every value's shape and range, so a malformed part is refused, never used.

import type { Fact } from "../types";
import { IncrementalSearchIndex } from "./incremental-index";
import type { FactTerms } from "./search-index";

/** The saved form. */
export interface SavedPostings {
  ids: string[];
  vocabulary: string[];
  postings: number[][];
  surfaces: [string, string, number][];
  totals: number[];
}

/** The saved form of `index`, with only the facts `keep` accepts. */
export function encodePostings(index: IncrementalSearchIndex, keep: (fact: Fact) => boolean): SavedPostings {
  const parts = index.parts(keep);
  return {
    ids: parts.facts.map((fact) => fact.id),
    vocabulary: [...parts.vocabulary],
    postings: parts.postings.map((list) => [...list]),
    surfaces: parts.surfaces.map(([word, stem, count]) => [word, stem, count]),
    totals: [...parts.totals],
  };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * The index restored from `saved`, its facts (and their restored terms) looked up by id;
 * undefined when any part is malformed or names a fact `factById` does not hold (then the
 * index is built as usual).
 */
export function decodePostings(saved: unknown, factById: (id: string) => { fact: Fact; terms?: FactTerms } | undefined): IncrementalSearchIndex | undefined {
  if (typeof saved !== "object" || saved === null) return undefined;
  const { ids, vocabulary, postings, surfaces, totals } = saved as Partial<SavedPostings>;
  if (!isStringArray(ids) || !isStringArray(vocabulary) || !Array.isArray(postings) || !Array.isArray(surfaces) || !Array.isArray(totals)) return undefined;
  if (postings.length !== vocabulary.length || totals.length !== 3 || !totals.every((total) => Number.isInteger(total) && total >= 0)) return undefined;
  for (let at = 1; at < vocabulary.length; at++) if ((vocabulary[at - 1] as string) >= (vocabulary[at] as string)) return undefined;
  const facts: Fact[] = [];
  const terms: (FactTerms | undefined)[] = [];
  for (const id of ids) {
    const found = factById(id);
    if (!found) return undefined;
    facts.push(found.fact);
    terms.push(found.terms);
  }
  for (const list of postings) {
    if (!Array.isArray(list) || list.length === 0) return undefined;
    for (const position of list) if (!Number.isInteger(position) || position < 0 || position >= facts.length) return undefined;
  }
  for (const surface of surfaces) {
    if (!Array.isArray(surface) || typeof surface[0] !== "string" || typeof surface[1] !== "string" || !Number.isInteger(surface[2]) || surface[2] < 1) return undefined;
  }
  return IncrementalSearchIndex.restore({ facts, vocabulary, postings, surfaces, totals, terms });
}
