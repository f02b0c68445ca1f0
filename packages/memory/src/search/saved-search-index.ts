// The search index saves and restores itself (in the spirit of minisearch's toJSON/loadJSON):
// its postings and per-fact term counts as plain arrays and numbers, and a fingerprint of the
// analyser that made them (tokenizer, stemmer, glossary rules), so an index saved by another
// analyser is never believed. What file holds the parts, beside what, is the caller's business
// (saved-index/ writes them beside the fact store's entries in one sectioned file).
// Restoring validates every value (saved-postings.ts, saved-terms.ts); one out of shape or range
// gives undefined and the caller builds the index from the facts instead.

import { createHash } from "node:crypto";
import type { Fact } from "../types";
import { glossaryFingerprint } from "./glossary";
import type { IncrementalSearchIndex } from "./incremental-index";
import { decodePostings, encodePostings } from "./saved-postings";
import type { SavedPostingsParts } from "./saved-postings";
import { tokenizerFingerprint } from "./saved-terms";
import { knownTermsOf } from "./search-index";
import type { FactTerms } from "./search-index";

let fingerprint: string | undefined;

/** Names the analyser a saved index was made with; a saved index with another one is rebuilt. */
export function searchIndexFingerprint(): string {
  return (fingerprint ??= createHash("sha256").update(`${tokenizerFingerprint()}\n${glossaryFingerprint()}`).digest("hex").slice(0, 16));
}

/** The postings of `index` over the facts `savedAt` places (other facts are left out). */
export function serializeSearchIndex(index: IncrementalSearchIndex, savedAt: ReadonlyMap<Fact, number>): SavedPostingsParts {
  return encodePostings(index, savedAt);
}

/**
 * The index saved as `json` and the three number arrays over `facts` (by position) and their
 * restored `terms`; undefined when any value is malformed.
 */
export function deserializeSearchIndex(json: unknown, ends: Int32Array, positions: Int32Array, packed: Int32Array, facts: readonly Fact[], terms: readonly (FactTerms | undefined)[]): IncrementalSearchIndex | undefined {
  return decodePostings(json, ends, positions, packed, facts, terms);
}

/** A fact's term counts as analysed already (by `index` or when it was restored), without analysing it now. */
export function analysedTermsOf(fact: Fact, index?: IncrementalSearchIndex): FactTerms | undefined {
  return knownTermsOf(fact) ?? index?.termsFor(fact);
}
