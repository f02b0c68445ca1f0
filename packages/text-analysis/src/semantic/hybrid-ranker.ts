// Hybrid ranking: keyword hits fused with the documents nearest the query in an embeddings
// space, anchored on the keywords (anchored-fusion.ts: the first keyword hit stays first, and
// below it the semantic side weighs as much as the keyword evidence is weak). When vectors
// cannot be had in time the keyword order comes back unchanged with a status note: never an
// error.
// Neighbours: embedding-provider.ts (the seam), vector-cache.ts (what was embedded before).

import { fuseAnchored, keywordCoverage, type LexicalHit, type SemanticNeighbour } from "./anchored-fusion";
import type { EmbeddingFailureKind, EmbeddingProvider } from "./embedding-provider";
import { VectorCache } from "./vector-cache";

/** How a search uses embeddings. Only `provider` is required. */
export interface SemanticSearchSettings {
  provider: EmbeddingProvider;
  /** Longest one search waits for vectors, in ms (50–60,000; default 2,000). */
  timeoutMs?: number;
  /** How many nearest documents join the fusion (1–500; default 50). */
  candidates?: number;
  /**
   * Most a semantic neighbour adds, against the first keyword hit's 1, when no query word is in
   * that hit; it shrinks in step with the share of query words the hit holds, to 0 when it holds
   * them all (0–10; default 0.5: of 0.25, 0.5, 0.75, 1 and 2, tuned with USE-lite on the dev
   * sets, the largest that lowered recall@5 on none).
   */
  semanticWeight?: number;
  /** Cosine below which a document is not a semantic candidate (-1–1; default 0). */
  minSimilarity?: number;
  /** After a failure, searches skip the endpoint this long, in ms (0–3,600,000; default 30,000). */
  retryAfterMs?: number;
  /** Where vectors are kept (default a new VectorCache of DEFAULT_MAX_CACHED_VECTORS). */
  cache?: VectorCache;
}

/** How one search was ranked: fused, or by keywords alone and why. */
export type SemanticStatus =
  | { mode: "hybrid"; model: string }
  | { mode: "lexical"; model: string; kind: EmbeddingFailureKind | "cooling-down"; note: string };

/** A fused order of document positions and how it was made. */
export interface HybridOrder {
  order: number[];
  status: SemanticStatus;
}

const QUERY_VECTORS = 256;

const BOUNDS = {
  timeoutMs: [50, 60_000, 2_000],
  candidates: [1, 500, 50],
  semanticWeight: [0, 10, 0.5],
  minSimilarity: [-1, 1, 0],
  retryAfterMs: [0, 3_600_000, 30_000],
} as const;

/**
 * What is wrong with the numeric settings (field, bound, default), or undefined. Hosts wrap the
 * message in their own config error.
 */
export function semanticSettingsProblem(settings: Partial<Record<keyof typeof BOUNDS, unknown>>, prefix = ""): string | undefined {
  for (const [field, [low, high, fallback]] of Object.entries(BOUNDS)) {
    const value = settings[field as keyof typeof BOUNDS];
    if (value === undefined) continue;
    const integral = field !== "semanticWeight" && field !== "minSimilarity";
    if (typeof value !== "number" || !Number.isFinite(value) || value < low || value > high || (integral && !Number.isInteger(value))) {
      return `${prefix}${field} is ${JSON.stringify(value)}; it must be ${integral ? "an integer" : "a number"} from ${low} to ${high} (default ${fallback}).`;
    }
  }
  return undefined;
}

/**
 * Fuses lexical orders with semantic neighbours for one model; keeps its vectors across searches.
 *
 * @example
 * const ranker = new HybridRanker({ provider: openAiEmbeddings({ url, model }) });
 * const { order, status } = await ranker.fuse("mail my boss", texts, [{ position: 4, score: 7.5 }]);
 */
export class HybridRanker {
  readonly cache: VectorCache;
  // Queries change with every search: their vectors stay apart, so they never push documents'
  // vectors out of `cache` nor make a saved cache stale.
  private readonly queries = new VectorCache(QUERY_VECTORS);
  private readonly settings: Required<Omit<SemanticSearchSettings, "cache">>;
  private readonly keysOf = new WeakMap<readonly string[], string[]>();
  private failedAt = -Infinity;
  private lastFailure: { kind: EmbeddingFailureKind; reason: string } | undefined;

  constructor(settings: SemanticSearchSettings) {
    const problem = semanticSettingsProblem(settings);
    if (problem !== undefined) throw new RangeError(problem);
    const numbers = Object.fromEntries(Object.entries(BOUNDS).map(([field, [, , fallback]]) => [field, settings[field as keyof typeof BOUNDS] ?? fallback]));
    this.settings = { provider: settings.provider, ...(numbers as Record<keyof typeof BOUNDS, number>) };
    this.cache = settings.cache ?? new VectorCache();
  }

  get model(): string {
    return this.settings.provider.model;
  }

  /**
   * The keyword hits (best first) fused with the query's nearest documents among `allow`ed
   * positions of `documents`. Texts without a cached vector are embedded first (in batches, all
   * within `timeoutMs`); what arrived is kept even when the rest did not.
   */
  async fuse(query: string, documents: readonly string[], lexical: readonly LexicalHit[], allow?: (position: number) => boolean): Promise<HybridOrder> {
    const model = this.model;
    const keywordOrder = () => lexical.map((hit) => hit.position);
    const cooling = this.coolingDown();
    if (cooling !== undefined) return { order: keywordOrder(), status: cooling };
    const keys = this.documentKeys(documents);
    const queryKey = VectorCache.keyOf(model, query);
    const missing = new Map<string, string>();
    if (this.queries.get(queryKey) === undefined) missing.set(queryKey, query);
    for (const [position, key] of keys.entries()) if ((allow === undefined || allow(position)) && this.cache.get(key) === undefined) missing.set(key, documents[position]!);
    const failure = await this.embedMissing(missing, queryKey);
    if (failure !== undefined) {
      this.failedAt = Date.now();
      this.lastFailure = failure;
      return { order: keywordOrder(), status: lexicalStatus(model, failure.kind, failure.reason) };
    }
    const nearest = this.nearest(this.queries.get(queryKey)!, keys, allow);
    // How weak the keyword evidence is: the share of query words the first keyword hit lacks.
    const weakness = lexical.length === 0 ? 1 : 1 - keywordCoverage(query, documents[lexical[0]!.position]!);
    return { order: fuseAnchored(lexical, nearest, this.settings.semanticWeight * weakness), status: { mode: "hybrid", model } };
  }

  private coolingDown(): SemanticStatus | undefined {
    const failure = this.lastFailure;
    if (failure === undefined || Date.now() - this.failedAt >= this.settings.retryAfterMs) return undefined;
    const seconds = Math.ceil((this.settings.retryAfterMs - (Date.now() - this.failedAt)) / 1000);
    return lexicalStatus(this.model, "cooling-down", `${failure.reason}; next try in ${seconds} s`);
  }

  private documentKeys(documents: readonly string[]): string[] {
    let keys = this.keysOf.get(documents);
    if (keys === undefined) {
      keys = documents.map((text) => VectorCache.keyOf(this.model, text));
      this.keysOf.set(documents, keys);
    }
    return keys;
  }

  private async embedMissing(missing: Map<string, string>, queryKey: string): Promise<{ kind: EmbeddingFailureKind; reason: string } | undefined> {
    if (missing.size === 0) return undefined;
    const { provider, timeoutMs } = this.settings;
    const signal = AbortSignal.timeout(timeoutMs);
    const entries = [...missing];
    let dimension: number | undefined;
    for (let start = 0; start < entries.length; start += provider.batchSize) {
      const batch = entries.slice(start, start + provider.batchSize);
      const outcome = await provider.embed(batch.map(([, text]) => text), signal);
      if (!outcome.ok) return outcome.kind === "timeout" ? { kind: "timeout", reason: `no vectors within ${timeoutMs} ms (${outcome.reason})` } : outcome;
      dimension ??= outcome.vectors[0]!.length;
      if (outcome.vectors[0]!.length !== dimension) return { kind: "invalid-response", reason: `vectors of ${outcome.vectors[0]!.length} numbers where earlier ones had ${dimension}` };
      for (const [index, [key]] of batch.entries()) (key === queryKey ? this.queries : this.cache).set(key, outcome.vectors[index]!);
    }
    return undefined;
  }

  // The `candidates` documents most similar to the query, best first.
  private nearest(query: Float32Array, keys: readonly string[], allow?: (position: number) => boolean): SemanticNeighbour[] {
    const scored: SemanticNeighbour[] = [];
    for (const [position, key] of keys.entries()) {
      if (allow !== undefined && !allow(position)) continue;
      // A document worded exactly as the query was embedded once, as the query.
      const vector = this.cache.get(key) ?? this.queries.get(key);
      if (vector === undefined || vector.length !== query.length) continue;
      let similarity = 0;
      for (let index = 0; index < query.length; index++) similarity += query[index]! * vector[index]!;
      if (similarity >= this.settings.minSimilarity) scored.push({ position, similarity });
    }
    scored.sort((left, right) => right.similarity - left.similarity || left.position - right.position);
    return scored.slice(0, this.settings.candidates);
  }
}

function lexicalStatus(model: string, kind: EmbeddingFailureKind | "cooling-down", reason: string): SemanticStatus {
  return { mode: "lexical", model, kind, note: `semantic ranking skipped (${reason}); ranked by keywords only` };
}
