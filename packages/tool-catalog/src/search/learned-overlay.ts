// One tenant's learned requests laid over a built index (learning per tenant, decision 0056). It
// reads as the index would had it been built with those requests added to the tools' `requests`
// field: the postings of the words they hold, document frequencies, and the words a request can
// expand to. Nothing is rebuilt and nothing they leave alone is copied, so a catalog can keep one
// for each tenant that searched lately. With the field's length normalisation at 0 (the default)
// the ranking is the same as that of an index built with the requests; above 0 a tenant's
// requests are normalised by their own length against the average of all requests.
// Neighbours: search/bm25f-index.ts builds the index underneath, search/tool-search.ts ranks with
// either, search/learned-tenants.ts keeps the overlays.

import { DerivationalFamilies } from "@foundry-mcp/text-analysis";
import {
  inverseDocumentFrequency,
  REQUESTS_FIELD,
  saturated,
  unsaturated,
  type Bm25fIndex,
  type Postings,
  type TermIndex,
} from "./bm25f-index";
import { NearSpellingIndex, type SpellingCandidates, type WrittenForm } from "./near-spellings";
import { analyse } from "./text";

const REQUESTS_BIT = 1 << REQUESTS_FIELD;

// Where one stem occurs in the tenant's requests: tools ascending, with its weighted frequency in each.
interface Added {
  docs: number[];
  weighted: number[];
}

/** A built index with one tenant's learned requests (tool number → their text) laid over it. */
export class LearnedOverlay implements TermIndex {
  readonly size: number;
  readonly surfaceWords: ReadonlyMap<string, string>;
  readonly nearSpellings: SpellingCandidates;
  readonly derivationalFamilies: { relatives(word: string, ownStem: string): string[] };
  readonly postings = { get: (stem: string): Postings | undefined => this.postingsOf(stem) };
  private readonly added = new Map<string, Added>();
  // Merged postings of the stems the tenant's requests hold, made on first use.
  private readonly merged = new Map<string, Postings>();

  constructor(
    readonly built: Bm25fIndex,
    learned: ReadonlyMap<number, string>,
  ) {
    this.size = built.size;
    const { weights, lengthNormalisation } = built.settings;
    const b = lengthNormalisation.requests;
    const texts = [...learned]
      .sort(([left], [right]) => left - right)
      .map(([doc, text]) => ({ doc, words: analyse(text) }));
    const average = Math.max(
      (built.learnedLength + texts.reduce((sum, { words }) => sum + words.length, 0)) /
        Math.max(built.size, 1),
      1e-9,
    );
    const newWords = new Map<string, string>();
    for (const { doc, words } of texts) {
      const counts = new Map<string, number>();
      for (const { word, stem } of words) {
        if (!built.surfaceWords.has(word) && !newWords.has(word)) newWords.set(word, stem);
        counts.set(stem, (counts.get(stem) ?? 0) + 1);
      }
      const norm = 1 - b + (b * words.length) / average;
      for (const [stem, count] of counts) {
        let added = this.added.get(stem);
        if (added === undefined) {
          added = { docs: [], weighted: [] };
          this.added.set(stem, added);
        }
        added.docs.push(doc);
        added.weighted.push((weights.requests * count) / norm);
      }
    }
    this.surfaceWords =
      newWords.size === 0 ? built.surfaceWords : new LayeredWords(built.surfaceWords, newWords);
    this.nearSpellings =
      newWords.size === 0
        ? built.nearSpellings
        : new LayeredSpellings(built.nearSpellings, new NearSpellingIndex(newWords));
    this.derivationalFamilies =
      newWords.size === 0
        ? built.derivationalFamilies
        : new LayeredFamilies(built, new DerivationalFamilies(newWords));
  }

  get nameStemCounts(): readonly number[] {
    return this.built.nameStemCounts;
  }

  get wordCounts(): readonly number[] {
    return this.built.wordCounts;
  }

  get averageWordCount(): number {
    return this.built.averageWordCount;
  }

  idf(stem: string): number {
    return inverseDocumentFrequency(this.size, this.documentFrequency(stem));
  }

  has(stem: string): boolean {
    return this.added.has(stem) || this.built.has(stem);
  }

  documentFrequency(stem: string): number {
    return this.postingsOf(stem)?.docs.length ?? 0;
  }

  // The built postings of a stem the tenant's requests lack; for one they hold, both merged in
  // tool order: a tool in both gets its weighted frequency back from the saturated weight, the
  // requests' added, saturated again.
  private postingsOf(stem: string): Postings | undefined {
    const added = this.added.get(stem);
    const base = this.built.postings.get(stem);
    if (added === undefined) return base;
    let merged = this.merged.get(stem);
    if (merged !== undefined) return merged;
    const k1 = this.built.settings.k1;
    merged = { docs: [], weights: [], masks: [] };
    const baseDocs = base?.docs ?? [];
    let position = 0;
    const keepBase = (until: number) => {
      for (; position < baseDocs.length && baseDocs[position]! < until; position += 1) {
        merged!.docs.push(baseDocs[position]!);
        merged!.weights.push(base!.weights[position]!);
        merged!.masks.push(base!.masks[position]!);
      }
    };
    added.docs.forEach((doc, index) => {
      keepBase(doc);
      const shared = baseDocs[position] === doc;
      const weighted =
        added.weighted[index]! + (shared ? unsaturated(base!.weights[position]!, k1) : 0);
      merged!.docs.push(doc);
      merged!.weights.push(saturated(weighted, k1));
      merged!.masks.push((shared ? base!.masks[position]! : 0) | REQUESTS_BIT);
      if (shared) position += 1;
    });
    keepBase(Infinity);
    this.merged.set(stem, merged);
    return merged;
  }
}

// The built index's surface words, then the ones only the tenant's requests hold.
class LayeredWords implements ReadonlyMap<string, string> {
  constructor(
    private readonly built: ReadonlyMap<string, string>,
    private readonly added: ReadonlyMap<string, string>,
  ) {}

  get size(): number {
    return this.built.size + this.added.size;
  }

  get(word: string): string | undefined {
    return this.built.get(word) ?? this.added.get(word);
  }

  has(word: string): boolean {
    return this.built.has(word) || this.added.has(word);
  }

  *entries(): MapIterator<[string, string]> {
    yield* this.built.entries();
    yield* this.added.entries();
  }

  *keys(): MapIterator<string> {
    for (const [word] of this.entries()) yield word;
  }

  *values(): MapIterator<string> {
    for (const [, stem] of this.entries()) yield stem;
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (stem: string, word: string, map: ReadonlyMap<string, string>) => void): void {
    for (const [word, stem] of this.entries()) callback(stem, word, this);
  }
}

// Near-spelling candidates among the built index's words, then among the tenant's new ones: the
// order of LayeredWords, so typos and letter-alike words come out as a read of it would find them.
class LayeredSpellings implements SpellingCandidates {
  constructor(
    private readonly built: SpellingCandidates,
    private readonly added: SpellingCandidates,
  ) {}

  typoCandidates(word: string, allowance: number): readonly WrittenForm[] {
    return [
      ...this.built.typoCandidates(word, allowance),
      ...this.added.typoCandidates(word, allowance),
    ];
  }

  variantCandidates(own: ReadonlySet<string>, similarity: number): readonly WrittenForm[] {
    return [
      ...this.built.variantCandidates(own, similarity),
      ...this.added.variantCandidates(own, similarity),
    ];
  }
}

// A word's derivational relatives among the built index's words and the tenant's new ones.
class LayeredFamilies {
  constructor(
    private readonly built: Bm25fIndex,
    private readonly added: DerivationalFamilies,
  ) {}

  relatives(word: string, ownStem: string): string[] {
    return [
      ...new Set([
        ...this.built.derivationalFamilies.relatives(word, ownStem),
        ...this.added.relatives(word, ownStem),
      ]),
    ];
  }
}
