// Vectors already computed, keyed by the model and a hash of the text, so an unchanged tool or
// fact is embedded once. Bounded: past `maxEntries` the least recently used vector goes. Saved
// as JSON (memory keeps it beside its saved index); a saved form that does not check out is
// ignored whole, since every vector in it can be computed again.

/** The most vectors a cache holds by default. */
export const DEFAULT_MAX_CACHED_VECTORS = 20_000;
const SAVED_VERSION = 1;

/** The saved form of a VectorCache. */
export interface SavedVectors {
  version: number;
  entries: [key: string, vector: string][];
}

/** A least-recently-used map from (model, text) to a unit vector. */
export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();
  private changes = 0;

  constructor(readonly maxEntries: number = DEFAULT_MAX_CACHED_VECTORS) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries is ${String(maxEntries)}; it must be a positive integer.`);
  }

  /** The key of a text's vector under a model. */
  static keyOf(model: string, text: string): string {
    return `${model}\u0000${text.length.toString(36)}:${textHash(text)}`;
  }

  get size(): number {
    return this.vectors.size;
  }

  /** Additions and evictions since the cache was made or loaded (a saver's "anything new?"). */
  get changeCount(): number {
    return this.changes;
  }

  /** Marks the current contents as saved: changeCount starts again from 0. */
  markSaved(): void {
    this.changes = 0;
  }

  get(key: string): Float32Array | undefined {
    const vector = this.vectors.get(key);
    if (vector !== undefined) {
      // Re-inserting marks it most recently used.
      this.vectors.delete(key);
      this.vectors.set(key, vector);
    }
    return vector;
  }

  set(key: string, vector: Float32Array): void {
    this.vectors.delete(key);
    this.vectors.set(key, vector);
    this.changes++;
    while (this.vectors.size > this.maxEntries) this.vectors.delete(this.vectors.keys().next().value as string);
  }

  /** The saved form: vectors as base64 of their float32 bytes. */
  save(): SavedVectors {
    return { version: SAVED_VERSION, entries: [...this.vectors].map(([key, vector]) => [key, bytesToBase64(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength))]) };
  }

  /** Loads a saved form; returns false (and keeps nothing from it) when any part is malformed. */
  load(saved: unknown): boolean {
    const entries = (saved as SavedVectors | null)?.entries;
    if ((saved as SavedVectors | null)?.version !== SAVED_VERSION || !Array.isArray(entries)) return false;
    const loaded: [string, Float32Array][] = [];
    for (const entry of entries.slice(-this.maxEntries)) {
      if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "string") return false;
      const bytes = base64ToBytes(entry[1]);
      if (bytes === undefined || bytes.byteLength === 0 || bytes.byteLength % 4 !== 0) return false;
      const vector = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
      if (!vector.every(Number.isFinite)) return false;
      loaded.push([entry[0], vector]);
    }
    for (const [key, vector] of loaded) this.vectors.set(key, vector);
    while (this.vectors.size > this.maxEntries) this.vectors.delete(this.vectors.keys().next().value as string);
    this.changes = 0;
    return true;
  }
}

// Two 32-bit FNV-1a passes with different seeds: a 64-bit key without a crypto import, so the
// package stays runtime-neutral. With the length beside it, a collision needs the same length too.
function textHash(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995) ^ (second >>> 15);
  }
  return (first >>> 0).toString(36) + (second >>> 0).toString(36);
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}
