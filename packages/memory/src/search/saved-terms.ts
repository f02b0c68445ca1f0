// Term counts of a fact as text, for the saved index (drivers/saved-index.ts): `term packed …`
// (terms never contain spaces), field lengths and written forms. A restored fact's counts Map is
// rebuilt only when first read. The fingerprint changes whenever tokenising changes (the
// tokenizer or stemmer was edited or upgraded), so terms saved by another version are not used.

import { createHash } from "node:crypto";
import type { FactTerms } from "./search-index";
import { splitWords, tokenize } from "./tokenize";

/** One fact's terms as saved: counts, lengths, written forms. */
export type SavedTerms = [counts: string, lengths: number[], surfaces: string];

/** Encodes terms for saving. */
export function encodeTerms(terms: FactTerms): SavedTerms {
  const counts: string[] = [];
  for (const [term, packed] of terms.counts) counts.push(term, String(packed));
  return [counts.join(" "), [...terms.lengths], terms.surfaces.join(" ")];
}

/** Decodes saved terms; throws on a malformed value, so the caller can drop the saved index. */
export function decodeTerms(saved: unknown): FactTerms {
  if (!Array.isArray(saved) || typeof saved[0] !== "string" || !Array.isArray(saved[1]) || typeof saved[2] !== "string")
    throw new Error("malformed terms");
  const lengths = saved[1] as unknown[];
  if (lengths.length !== 3 || !lengths.every((value) => Number.isInteger(value))) throw new Error("malformed lengths");
  const encoded = saved[0];
  const surfaces = saved[2].length > 0 ? saved[2].split(" ") : [];
  let counts: Map<string, number> | undefined;
  return {
    get counts(): Map<string, number> {
      if (!counts) {
        counts = new Map();
        const parts = encoded.length > 0 ? encoded.split(" ") : [];
        for (let at = 0; at + 1 < parts.length; at += 2) counts.set(parts[at] as string, Number(parts[at + 1]));
      }
      return counts;
    },
    lengths: lengths as number[],
    surfaces,
  };
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
