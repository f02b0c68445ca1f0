// Term counts of a fact as text, for the saved index (saved-index/saved-index-file.ts): `term packed …`
// (terms never contain spaces), field lengths and written forms. A restored fact's terms are
// decoded only when first read. The fingerprint changes whenever tokenising changes (the
// tokenizer or stemmer was edited or upgraded), so terms saved by another version are not used.

import { createHash } from "node:crypto";
import { DATE_TERMS_FORMAT } from "./date-terms";
import type { FactTerms } from "./search-index";
import { splitWords, tokenize } from "./tokenize";

/** Where restored facts' terms are: by row, their field lengths and their saved text, each read on demand. */
export interface SavedTermsRows {
  lengths(row: number): readonly number[];
  text(row: number): string;
}

/**
 * Terms restored from a saved index: the field lengths, the text and from it the counts Map and
 * written forms are read only when first asked for (ranking reads them for candidate facts only,
 * so a cold start decodes none of the 10,000). Saving them again writes the text back as it was.
 */
class RestoredTerms implements FactTerms {
  #lengths: readonly number[] | undefined;
  #text: string | undefined;
  #counts: Map<string, number> | undefined;
  #surfaces: readonly string[] | undefined;

  constructor(
    private readonly rows: SavedTermsRows,
    private readonly row: number,
  ) {}

  get lengths(): readonly number[] {
    return (this.#lengths ??= this.rows.lengths(this.row));
  }

  get text(): string {
    return (this.#text ??= this.rows.text(this.row));
  }

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

/** The terms of `row` of a saved index (see {@link termsText}), read when first asked for. */
export function restoredTerms(rows: SavedTermsRows, row: number): FactTerms {
  return new RestoredTerms(rows, row);
}

const PROBE =
  "Persistence layer uses Flyway, not Liquibase; parseHTTPResponse_v2 retries ActiveMQ queues " +
  "at 1000 msgs/s — naïve café caching, the databases' running configurations k8s i18n; " +
  // Letters folded by writing them out (Straße → strasse, Ærø → aero) since session 28.
  "Straße Ærø Łódź; " +
  // Words the shared analyser's tables decide (irregular forms, plurals, word families, acronym plurals).
  "we wrote and ran it, children paid for the deployment analysis of PRs";

let fingerprint: string | undefined;

/** A short hash of what tokenising does today (with the date terms' format), computed once per process. */
export function tokenizerFingerprint(): string {
  fingerprint ??= createHash("sha256")
    .update(JSON.stringify([splitWords(PROBE, true), tokenize(PROBE, true), DATE_TERMS_FORMAT]))
    .digest("hex")
    .slice(0, 16);
  return fingerprint;
}
