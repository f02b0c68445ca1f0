// `.foundry/cache/recall-index.bin`: everything rank.ts reads, saved apart from the saved index
// (saved-index/saved-index-file.ts) so the prompt-recall hook can rank a 10,000-fact memory without
// restoring the store: the vocabulary and written forms, the postings with their packed counts,
// the field lengths and averages, the learned acronyms, each fact's id, created time, type,
// confidence, the question forms it answers and whether its title names a product (what ranking
// reads of the facts it sorts: hundreds in a broad question) and the checksum of the whole fact
// (the fact itself is read from its own file only for the results), the runbooks' triggers,
// and what proves it current (the facts folder's stat, the day until which no indexed fact
// expires, each runbook file's stat). Written by
// FoundryMemory.saveRecallIndex after a full load; never needed for correctness.
//
// Layout (fs/sectioned-file.ts: a header line with the sizes and a CRC-32, sections at multiples
// of 8): the JSON part, the posting ends, positions and packed counts, the field
// lengths and per fact its checksum and packed metadata (Int32 each). The file is untrusted input:
// every size, offset, count and position is checked before use, and any doubt means
// `undefined` (the hook then runs the full engine).

import path from "node:path";
import { crc32 } from "node:zlib";
import { FACT_ID_PATTERN, parseFactText } from "../facts/fact-text";
import { namesProduct, rememberNamesProduct } from "../search/product-names";
import { formBitsOf, rememberFormBits } from "../search/question-form";
import { FILE_BOUNDS, readBoundedText } from "../fs/bounded-read";
import { numbersOf, readFileSections, sectionedFileBytes } from "../fs/sectioned-file";
import type { RunbookSummary } from "../report/format-text";
import type { AbbreviationTerms } from "../search/glossary";
import type { SearchIndex } from "../search/search-index";
import { tokenizerFingerprint } from "../search/saved-terms";
import { CONFIDENCES, FACT_TYPES } from "../types";
import type { Fact } from "../types";

const recallFormat = () => ({ format: "foundry-recall-index", version: 1, analyser: tokenizerFingerprint(), sections: 6 });

/** A file's identity and last change, as decimal strings of nanoseconds (bigint stat). */
export interface StatKey {
  ino: string;
  size: string;
  mtimeNs: string;
  ctimeNs: string;
}

/** What proves a recall index current: compared with the disk before it is used. */
export interface RecallFreshness {
  /** The facts folder's stat when the facts were loaded: any file added, removed or renamed changes it. */
  folder: StatKey;
  /** The earliest `expires` among the indexed facts: the index holds the active facts through that day. */
  activeThrough: string | null;
  /** The runbooks folder's `.md` files (sorted) with their stat keys. */
  runbookFiles: [name: string, key: StatKey][];
}

/** A fact read back: from its own file, as it was indexed, with the id memory_search shows. */
export interface SavedRecallFact {
  shownId: string;
  fact: Fact;
}

const FACT_FIELDS = ["id", "type", "title", "body", "scope", "tags", "confidence", "source", "created", "expires", "supersedes", "supersededBy"] as const;

/** CRC-32 of every field of `fact`: equal for the fact that was indexed and the one its file holds now. */
export function factChecksum(fact: Fact): number {
  return crc32(JSON.stringify(FACT_FIELDS.map((field) => fact[field] ?? null))) | 0;
}

/** What the hook reads back: a {@link SearchIndex} whose facts are decoded on first access. */
export interface RecallIndex {
  freshness: RecallFreshness;
  index: SearchIndex;
  /** The fact at `position`, read from its file, with its shown id (throws when the file is not what was indexed: the caller falls back). */
  factAt(position: number): SavedRecallFact;
  /** The position of a fact of `index.facts`. */
  positionOf(fact: Fact): number;
  runbooks: RunbookSummary[];
  activeFacts: number;
}

interface JsonPart {
  freshness: RecallFreshness;
  vocabulary: string[];
  surfaces: [string, string][];
  averageLengths: number[];
  learned: AbbreviationTerms[];
  runbooks: RunbookSummary[];
  /** The indexed facts' ids and created times, by position. */
  ids: string[];
  created: string[];
  /** Shown ids that differ from the id (merge-safe ids cut to their short form). */
  shownIds: Record<string, string>;
}

/** The bytes of a recall index for `index` (the active facts' search index as ranked now). */
export function recallIndexBytes(index: SearchIndex, shownId: (id: string) => string, runbooks: RunbookSummary[], freshness: RecallFreshness): Buffer {
  const ends = new Int32Array(index.vocabulary.length);
  const lists = index.vocabulary.map((term) => index.postings.get(term));
  const total = lists.reduce((sum, list) => sum + (list?.positions.length ?? 0), 0);
  const positions = new Int32Array(total);
  const packed = new Int32Array(total);
  let end = 0;
  lists.forEach((list, at) => {
    for (let item = 0; list && item < list.positions.length; item++, end++) {
      positions[end] = list.positions[item] as number;
      packed[end] = list.packed[item] as number;
    }
    ends[at] = end;
  });
  const checksums = new Int32Array(index.facts.length * 2);
  index.facts.forEach((fact, position) => {
    checksums[position * 2] = factChecksum(fact);
    checksums[position * 2 + 1] = packMeta(fact);
  });
  const shownIds: Record<string, string> = {};
  for (const fact of index.facts) if (shownId(fact.id) !== fact.id) shownIds[fact.id] = shownId(fact.id);
  const json: JsonPart = {
    freshness,
    vocabulary: [...index.vocabulary],
    surfaces: [...index.surfaces],
    averageLengths: [...index.averageLengths],
    learned: index.learnedTerms().map(({ acronym, phrase }) => ({ acronym, phrase: [...phrase] })),
    runbooks,
    ids: index.facts.map((fact) => fact.id),
    created: index.facts.map((fact) => fact.created),
    shownIds,
  };
  const numbers = (array: Int32Array): Buffer => Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  return sectionedFileBytes(recallFormat(), [Buffer.from(JSON.stringify(json)), numbers(ends), numbers(positions), numbers(packed), numbers(Int32Array.from(index.fieldLengths)), numbers(checksums)]);
}

const int32sOf = (part: Buffer): Int32Array => numbersOf(Int32Array, part);

// Per fact: type (4 bits), confidence (2), the question forms it answers (7), names a product (1).
const packMeta = (fact: Fact): number => FACT_TYPES.indexOf(fact.type) | (CONFIDENCES.indexOf(fact.confidence) << 4) | (formBitsOf(fact) << 6) | (namesProduct(fact) ? 1 << 13 : 0);

function unpackMeta(meta: number): { type: Fact["type"]; confidence: Fact["confidence"]; forms: number; product: boolean } | undefined {
  const type = FACT_TYPES[meta & 15];
  const confidence = CONFIDENCES[(meta >> 4) & 3];
  if (type === undefined || confidence === undefined || meta >>> 14 !== 0) return undefined;
  return { type, confidence, forms: (meta >> 6) & 127, product: (meta & (1 << 13)) !== 0 };
}

const isString = (value: unknown): value is string => typeof value === "string";
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function isStatKey(value: unknown): value is StatKey {
  const key = value as StatKey;
  return typeof value === "object" && value !== null && [key.ino, key.size, key.mtimeNs, key.ctimeNs].every((field) => isString(field) && /^\d{1,30}$/.test(field));
}

function isJsonPart(value: unknown): value is JsonPart {
  const part = value as JsonPart;
  if (typeof value !== "object" || value === null || !isStringArray(part.vocabulary)) return false;
  const { freshness } = part;
  if (typeof freshness !== "object" || freshness === null || !isStatKey(freshness.folder)) return false;
  if (freshness.activeThrough !== null && !(isString(freshness.activeThrough) && /^\d{4}-\d{2}-\d{2}$/.test(freshness.activeThrough))) return false;
  if (!Array.isArray(freshness.runbookFiles) || !freshness.runbookFiles.every((entry) => Array.isArray(entry) && isString(entry[0]) && isStatKey(entry[1]))) return false;
  if (!Array.isArray(part.surfaces) || !part.surfaces.every((pair) => Array.isArray(pair) && pair.length === 2 && isString(pair[0]) && isString(pair[1]))) return false;
  if (!Array.isArray(part.averageLengths) || part.averageLengths.length !== 3 || !part.averageLengths.every((value) => typeof value === "number" && Number.isFinite(value) && value >= 1)) return false;
  if (!isStringArray(part.ids) || !part.ids.every((id) => FACT_ID_PATTERN.test(id)) || !isStringArray(part.created) || part.created.length !== part.ids.length || typeof part.shownIds !== "object" || part.shownIds === null || !Object.values(part.shownIds).every(isString)) return false;
  if (!Array.isArray(part.learned) || !part.learned.every((term) => typeof term === "object" && term !== null && isString(term.acronym) && isStringArray(term.phrase))) return false;
  return Array.isArray(part.runbooks) && part.runbooks.every((runbook) => typeof runbook === "object" && runbook !== null && isString(runbook.slug) && isString(runbook.title) && (runbook.trigger === undefined || isString(runbook.trigger)));
}

/** Whether every value of `list` is an integer in [low, high) and, when `ascending`, not below the one before. */
function allWithin(list: Int32Array, low: number, high: number, ascending: boolean): boolean {
  let previous = low;
  for (let at = 0; at < list.length; at++) {
    const value = list[at] as number;
    if (value < low || value >= high || (ascending && value < previous)) return false;
    previous = value;
  }
  return true;
}

/**
 * The recall index saved at `file` (checked whole), or undefined when absent, of another version
 * or malformed; its facts are read from `factsFolder` (inside `boundary`) when first asked for.
 */
export function readRecallIndex(file: string, boundary: string, factsFolder: string): RecallIndex | undefined {
  const parts = readFileSections(file, boundary, recallFormat());
  if (!parts || !parts.slice(1).every((part) => part.length % 4 === 0)) return undefined;
  const [jsonBytes, endBytes, positionBytes, packedBytes, lengthBytes, checksumBytes] = parts as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
  let json: unknown;
  try {
    json = JSON.parse(jsonBytes.toString("utf8"));
  } catch {
    return undefined;
  }
  if (!isJsonPart(json)) return undefined;
  const ends = int32sOf(endBytes);
  const positions = int32sOf(positionBytes);
  const packed = int32sOf(packedBytes);
  const fieldLengths = int32sOf(lengthBytes);
  const checksums = int32sOf(checksumBytes);
  const factCount = checksums.length / 2;
  const { vocabulary } = json;
  for (let at = 1; at < vocabulary.length; at++) if ((vocabulary[at - 1] as string) >= (vocabulary[at] as string)) return undefined;
  if (ends.length !== vocabulary.length || packed.length !== positions.length || fieldLengths.length !== factCount * 3) return undefined;
  if ((ends.length > 0 ? ends[ends.length - 1] : 0) !== positions.length || !allWithin(ends, 1, positions.length + 1, true)) return undefined;
  for (let term = 1; term < ends.length; term++) if ((ends[term] as number) <= (ends[term - 1] as number)) return undefined; // no empty list
  if (!allWithin(positions, 0, factCount, false) || !allWithin(packed, 1, 2 ** 30, false) || !allWithin(fieldLengths, 0, 2 ** 30, false)) return undefined;
  if (!Number.isInteger(factCount) || json.ids.length !== factCount) return undefined;
  for (let position = 0; position < factCount; position++) if (!unpackMeta(checksums[position * 2 + 1] as number)) return undefined;
  return restoredRecallIndex(json, { ends, positions, packed, fieldLengths, checksums }, { boundary, factsFolder });
}

interface RecallNumbers {
  ends: Int32Array;
  positions: Int32Array;
  packed: Int32Array;
  fieldLengths: Int32Array;
  checksums: Int32Array;
}

function restoredRecallIndex(json: JsonPart, numbers: RecallNumbers, where: { boundary: string; factsFolder: string }): RecallIndex {
  const { ends, positions, packed, fieldLengths, checksums } = numbers;
  const factCount = checksums.length / 2;
  const decoded = new Map<number, SavedRecallFact>();
  // A fact is read from its own file with the YAML-free reader and must be the one indexed, so
  // ranking reads what the files say and a shown fact's text never comes from this cache.
  const factAt = (position: number): SavedRecallFact => {
    let saved = decoded.get(position);
    if (!saved) {
      const id = json.ids[position] as string;
      const read = readBoundedText(path.join(where.factsFolder, `${id}.md`), { boundary: where.boundary, maxBytes: FILE_BOUNDS.fact });
      const parsed = read.ok ? parseFactText(read.text, id, undefined) : undefined;
      if (!parsed?.ok || factChecksum(parsed.fact) !== checksums[position * 2]) throw new RecallMismatch(id);
      saved = { shownId: json.shownIds[id] ?? id, fact: parsed.fact };
      decoded.set(position, saved);
    }
    return saved;
  };
  // Ranking reads a fact (type, confidence, created, id, forms, product) only for the candidates
  // it sorts: each is made on first access from the saved metadata, and its file is read only
  // if something else is asked of it (the results are read by factAt).
  const made = new Map<number, LazyFact>();
  const positionOf = new WeakMap<Fact, number>();
  const factAtPosition = (position: number): LazyFact => {
    let fact = made.get(position);
    if (!fact) {
      const meta = unpackMeta(checksums[position * 2 + 1] as number)!;
      fact = new LazyFact(json.ids[position] as string, meta.type, meta.confidence, json.created[position] as string, () => factAt(position).fact);
      rememberFormBits(fact, meta.forms);
      rememberNamesProduct(fact, meta.product);
      positionOf.set(fact, position);
      made.set(position, fact);
    }
    return fact;
  };
  const facts = new Proxy(new Array<Fact>(factCount), {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) return Number(key) < factCount ? factAtPosition(Number(key)) : undefined;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const { vocabulary } = json;
  const list = (term: string) => {
    let low = 0;
    let high = vocabulary.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((vocabulary[middle] as string) < term) low = middle + 1;
      else high = middle;
    }
    if (vocabulary[low] !== term) return undefined;
    const start = low === 0 ? 0 : (ends[low - 1] as number);
    return { positions: positions.subarray(start, ends[low]), packed: packed.subarray(start, ends[low]) };
  };
  const readOnly = (): never => {
    throw new Error("the recall index is read-only");
  };
  const index: SearchIndex = {
    facts,
    terms: [],
    postings: { get: list, has: (term) => list(term) !== undefined, edit: readOnly, set: readOnly, delete: readOnly },
    averageLengths: json.averageLengths,
    fieldLengths: fieldLengths as unknown as readonly number[],
    vocabulary,
    surfaces: new Map(json.surfaces),
    learnedTerms: () => json.learned,
  };
  return { freshness: json.freshness, index, factAt, positionOf: (fact) => positionOf.get(fact) ?? -1, runbooks: json.runbooks, activeFacts: factCount };
}

/** A fact file that is not what was indexed (edited, removed, or needing the full YAML parser). */
export class RecallMismatch extends Error {
  constructor(readonly factId: string) {
    super(`${factId} differs from its file or needs the full parser`);
  }
}

/**
 * A fact as ranking sees it: id, type, confidence and created from the saved metadata; any other
 * field read from its file on first access. A class, not an object of closures: a broad question
 * makes hundreds.
 */
class LazyFact implements Fact {
  #fact: Fact | undefined;

  constructor(
    readonly id: string,
    readonly type: Fact["type"],
    readonly confidence: Fact["confidence"],
    readonly created: string,
    private readonly load: () => Fact,
  ) {}

  private get whole(): Fact {
    return (this.#fact ??= this.load());
  }

  get title() { return this.whole.title; }
  get body() { return this.whole.body; }
  get scope() { return this.whole.scope; }
  get tags() { return this.whole.tags; }
  get source() { return this.whole.source; }
  get expires() { return this.whole.expires; }
  get supersedes() { return this.whole.supersedes; }
  get supersededBy() { return this.whole.supersededBy; }
}
