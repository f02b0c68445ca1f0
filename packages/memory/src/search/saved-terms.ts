// Term counts of a fact as text, for the saved index (drivers/saved-index.ts): `term packed …`
// (terms never contain spaces), field lengths and written forms. A restored fact's counts Map and
// written forms are decoded only when first read. The fingerprint changes whenever tokenising changes (the
// tokenizer or stemmer was edited or upgraded), so terms saved by another version are not used.

import { createHash } from "node:crypto";
import type { FactTerms } from "./search-index";
import { splitWords, tokenize } from "./tokenize";

/**
 * Terms restored from a saved index: the lengths now, the counts and written forms decoded from
 * `text` only when first read (ranking reads them for candidate facts only). Saving them again
 * writes `text` back as it was.
 */
class RestoredTerms implements FactTerms {
  #counts: Map<string, number> | undefined;
  #surfaces: readonly string[] | undefined;

  constructor(
    readonly lengths: readonly number[],
    readonly text: string,
  ) {}

  get counts(): Map<string, number> {
    if (!this.#counts) {
      this.#counts = new Map();
      const newline = this.text.indexOf("\n");
      const parts = newline > 0 ? this.text.slice(0, newline).split(" ") : [];
      for (let at = 0; at + 1 < parts.length; at += 2) this.#counts.set(parts[at] as string, Number(parts[at + 1]));
    }
    return this.#counts;
  }

  get surfaces(): readonly string[] {
    if (!this.#surfaces) {
      const rest = this.text.slice(this.text.indexOf("\n") + 1);
      this.#surfaces = rest.length > 0 ? rest.split(" ") : [];
    }
    return this.#surfaces;
  }
}

/** One fact's terms as saved text: the packed counts (`term packed …`), a newline, the written forms (`word …`); lengths are saved apart. */
export function termsText(terms: FactTerms): string {
  if (terms instanceof RestoredTerms) return terms.text;
  const counts: string[] = [];
  for (const [term, packed] of terms.counts) counts.push(term, String(packed));
  return `${counts.join(" ")}\n${terms.surfaces.join(" ")}`;
}

/** Terms restored from their saved `text` (see {@link termsText}) and field lengths. */
export function restoredTerms(lengths: readonly number[], text: string): FactTerms {
  return new RestoredTerms(lengths, text);
}

/** Whether `lengths` is a saved field-lengths triple. */
export function isLengths(lengths: unknown): lengths is number[] {
  return Array.isArray(lengths) && lengths.length === 3 && lengths.every((value) => Number.isInteger(value) && value >= 0);
}

const PROBE =
  "Persistence layer uses Flyway, not Liquibase; parseHTTPResponse_v2 retries ActiveMQ queues " +
  "at 1000 msgs/s — naïve café caching, the databases' running configurations k8s i18n; " +
  // Words the shared analyser's tables decide (irregular forms, plurals, word families, acronym plurals).
  "we wrote and ran it, children paid for the deployment analysis of PRs";

let fingerprint: string | undefined;

/** A short hash of what tokenising does today, computed once per process. */
export function tokenizerFingerprint(): string {
  fingerprint ??= createHash("sha256")
    .update(JSON.stringify([splitWords(PROBE, true), tokenize(PROBE, true)]))
    .digest("hex")
    .slice(0, 16);
  return fingerprint;
}
