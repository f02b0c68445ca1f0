// The data shapes shared by the store, the search, the index and the public class.

/** The kinds of fact memory holds (SPEC §2). */
export const FACT_TYPES = [
  "decision",
  "constraint",
  "convention",
  "domain",
  "risk",
  "metric",
  "glossary",
] as const;
/** One of {@link FACT_TYPES}. */
export type FactType = (typeof FACT_TYPES)[number];

/** How sure the writer was. */
export const CONFIDENCES = ["high", "medium", "low"] as const;
/** One of {@link CONFIDENCES}. */
export type Confidence = (typeof CONFIDENCES)[number];

/** A stored fact: exactly the front matter of its file plus the body. */
export interface Fact {
  readonly id: string;
  readonly type: FactType;
  readonly title: string;
  readonly body: string;
  readonly scope: string;
  readonly tags: readonly string[];
  readonly confidence: Confidence;
  readonly source: string;
  /** ISO timestamp, UTC, second precision. */
  readonly created: string;
  /** `YYYY-MM-DD`: the last day the fact is loaded. */
  readonly expires?: string;
  readonly supersedes?: string;
  readonly supersededBy?: string;
}

/** What a caller gives `write` (SPEC §2 memory_write). */
export interface FactInput {
  title: string;
  body: string;
  type: FactType | string;
  scope?: string;
  tags?: string[];
  confidence?: Confidence | string;
  source?: string;
  expires?: string;
  supersedes?: string;
}

/** One search result with its score and the SPEC block that shows it. */
export interface SearchHit {
  readonly fact: Fact;
  readonly score: number;
  readonly text: string;
}
