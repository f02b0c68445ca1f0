// The embeddings seam both search engines share: a provider turns texts into vectors, and says
// why when it cannot. Failures are values, never throws: a search that asked for vectors answers
// by keywords instead (hybrid-ranker.ts), so nothing here may turn a slow model into an error.
// Neighbours: openai-embeddings.ts is the one real driver; vector-cache.ts keeps what it returned.

/** Why a provider gave no vectors: the endpoint was slow, unreachable, refused, or sent garbage. */
export type EmbeddingFailureKind = "timeout" | "unreachable" | "http" | "invalid-response";

/** What one embed call gives back. */
export type EmbeddingOutcome =
  | { ok: true; vectors: Float32Array[] }
  | { ok: false; kind: EmbeddingFailureKind; reason: string };

/**
 * Turns texts into vectors of one dimension, one per text, in order.
 *
 * @example
 * const outcome = await provider.embed(["send an email"], AbortSignal.timeout(2000));
 * if (outcome.ok) use(outcome.vectors[0]);
 */
export interface EmbeddingProvider {
  /** The model's name; part of every cached vector's key, so a new model never reuses old vectors. */
  readonly model: string;
  /** Most texts one call may carry (callers split larger sets). */
  readonly batchSize: number;
  embed(texts: readonly string[], signal: AbortSignal): Promise<EmbeddingOutcome>;
}

/** The most numbers one vector may have; a longer one is treated as garbage. */
export const MAX_EMBEDDING_DIMENSION = 8192;

/**
 * Checks vectors a provider parsed: one per text, every one of the same dimension (1 to
 * MAX_EMBEDDING_DIMENSION), every number finite, none all zeros. Returns unit-length copies or
 * the first problem found.
 */
export function checkVectors(rows: readonly unknown[], expected: number): EmbeddingOutcome {
  if (rows.length !== expected) return invalid(`${rows.length} vectors for ${expected} texts`);
  let dimension: number | undefined;
  const vectors: Float32Array[] = [];
  for (const [position, row] of rows.entries()) {
    if (!Array.isArray(row) || row.length === 0 || row.length > MAX_EMBEDDING_DIMENSION) {
      return invalid(`vector ${position} is not an array of 1 to ${MAX_EMBEDDING_DIMENSION} numbers`);
    }
    dimension ??= row.length;
    if (row.length !== dimension) return invalid(`vector ${position} has ${row.length} numbers where vector 0 has ${dimension}`);
    const vector = Float32Array.from(row as number[]);
    let norm = 0;
    for (const [index, value] of (row as unknown[]).entries()) {
      if (typeof value !== "number" || !Number.isFinite(value)) return invalid(`vector ${position} holds ${JSON.stringify(value)} at ${index}, not a finite number`);
      norm += value * value;
    }
    if (norm === 0) return invalid(`vector ${position} is all zeros`);
    const scale = 1 / Math.sqrt(norm);
    for (let index = 0; index < vector.length; index++) vector[index] = vector[index]! * scale;
    vectors.push(vector);
  }
  return { ok: true, vectors };
}

function invalid(reason: string): EmbeddingOutcome {
  return { ok: false, kind: "invalid-response", reason };
}
