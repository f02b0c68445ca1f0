// The saved index for cold starts: every settled file entry (name, stat key, parsed fact or
// problem, and the fact's search terms when known) plus the search index itself
// (search/saved-postings.ts) in `.foundry/cache/memory-index.json`, kept out of git. A fresh
// process restores these entries and then scans the folder as usual, so each file costs one
// stat and is re-read only when its size, inode, mtime or ctime differs (like git's index; only
// entries whose ctime was older than the racy window when read are saved, so an equal key
// proves equal content). The fact files stay the store of record: this file is a cache. One
// that is corrupt (checksum), of another format version or tokenizer, or malformed in any
// entry is ignored as a whole and replaced.
//
// Layout (version 3): a header line (JSON: format, version, tokenizer, sizes, SHA-256 of the
// rest); the index (JSON: one positional entry per file with its stat key and, for a fact,
// every field but the body; the postings); then one text holding every fact's body and terms back to back,
// which the entries point into by offset. Version 2 parsed everything as one JSON document
// (~9 MB at 10,000 facts: ~1 s of CPU with the objects it made); version 3 parses the small
// index, decodes the text once and slices each body out of it (no copy, no escapes), and a
// fact's term counts are decoded only when ranking first reads them (saved-terms.ts).

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONFIDENCES, FACT_TYPES } from "../types";
import type { Fact } from "../types";
import { isLengths, restoredTerms, termsText, tokenizerFingerprint } from "../search/saved-terms";
import { knownTermsOf } from "../search/search-index";
import type { FactTerms } from "../search/search-index";
import type { IncrementalSearchIndex } from "../search/incremental-index";
import { decodePostings, encodePostings } from "../search/saved-postings";
import { serializeFact } from "../facts/fact-file";
import type { StoredFactRecord } from "./driver";
import type { FactEntry } from "./fact-entries";

const FORMAT = "foundry-memory-index";
const VERSION = 3;

/**
 * A fact, positionally (no key names to parse): its stat key and link count, every field but
 * the body, its terms' field lengths (null: terms unknown), and where in the text its body and
 * then its terms end (each starts where the entry before ended). Its file name is `<id>.md`.
 */
type SavedFactEntry = [
  key: string, nlink: number, id: string, type: string, title: string, scope: string, tags: string[], confidence: string, source: string, created: string,
  optional: [expires: string | null, supersedes: string | null, supersededBy: string | null] | null,
  lengths: number[] | null, bodyEnd: number, termsEnd: number,
];
/** A file that could not be read as a fact: its name, stat key, link count, text and why. */
type SavedProblemEntry = [name: string, key: string, nlink: number, source: string, problem: string];
const FACT_ENTRY_LENGTH = 14;
const FILE_ID = /^fact-\d{4,}$/;

interface Header {
  format: string;
  version: number;
  tokenizer: string;
  /** Bytes after the header line, and of the index JSON that starts them. */
  bytes: number;
  indexBytes: number;
  sha256: string;
}

/**
 * A restored record whose text is read from its file only when someone asks (token figures);
 * the scan that follows a restore has just proved the file unchanged, and a file changed later
 * gets a new record from the next load. A class, not a closure per record: 10,000 of them are
 * made on every cold start.
 */
class RestoredRecord implements StoredFactRecord {
  #source: string | undefined;

  constructor(
    readonly fact: Fact,
    private readonly prefix: string,
    private readonly folder: string,
  ) {}

  get location(): string {
    return `${this.prefix}${this.fact.id}.md`;
  }

  get source(): string {
    if (this.#source === undefined) {
      try {
        this.#source = readFileSync(path.join(this.folder, `${this.fact.id}.md`), "utf8");
      } catch {
        this.#source = serializeFact(this.fact); // gone since: what it held
      }
    }
    return this.#source;
  }
}

function isOptional(value: unknown): value is NonNullable<SavedFactEntry[10]> {
  return Array.isArray(value) && value.length === 3 && value.every((item) => item === null || typeof item === "string");
}

/** The fact of a saved entry, or undefined when any field is malformed. */
function factOf(item: unknown[], body: string): Fact | undefined {
  const [, , id, type, title, scope, tags, confidence, source, created, optional] = item as SavedFactEntry;
  if (typeof id !== "string" || typeof title !== "string" || typeof scope !== "string" || typeof source !== "string" || typeof created !== "string") return undefined;
  if (!(FACT_TYPES as readonly unknown[]).includes(type) || !(CONFIDENCES as readonly unknown[]).includes(confidence)) return undefined;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string")) return undefined;
  const fact = { id, type, title, body, scope, tags, confidence, source, created } as { -readonly [K in keyof Fact]: Fact[K] };
  if (optional === null) return fact;
  if (!isOptional(optional)) return undefined;
  const [expires, supersedes, supersededBy] = optional;
  if (expires !== null) fact.expires = expires;
  if (supersedes !== null) fact.supersedes = supersedes;
  if (supersededBy !== null) fact.supersededBy = supersededBy;
  return fact;
}

function savedEntryOf(fact: Fact, key: string, nlink: number, lengths: number[] | null, bodyEnd: number, termsEnd: number): SavedFactEntry {
  const optional = fact.expires !== undefined || fact.supersedes !== undefined || fact.supersededBy !== undefined ? [fact.expires ?? null, fact.supersedes ?? null, fact.supersededBy ?? null] as [string | null, string | null, string | null] : null;
  return [key, nlink, fact.id, fact.type, fact.title, fact.scope, [...fact.tags], fact.confidence, fact.source, fact.created, optional, lengths, bodyEnd, termsEnd];
}

/** What a saved index restores: file entries, and the search index over some of their facts. */
export interface RestoredIndex {
  entries: Map<string, FactEntry>;
  searchIndex?: IncrementalSearchIndex;
}

/** A restored fact entry with its terms (the search index takes them; nothing else needs them). */
type RestoredEntry = FactEntry & { terms?: FactTerms };

/** Restores the entries of `saved` whose bodies and terms are in `text`; undefined at the first malformed one. */
function restoreEntries(saved: unknown[], text: string, locationPrefix: string, folder: string): Map<string, RestoredEntry> | undefined {
  const entries = new Map<string, RestoredEntry>();
  let offset = 0;
  for (const item of saved) {
    if (!Array.isArray(item)) return undefined;
    if (item.length === 5) {
      const [name, key, nlink, source, problem] = item as SavedProblemEntry;
      if (typeof name !== "string" || typeof key !== "string" || typeof nlink !== "number" || typeof source !== "string" || typeof problem !== "string") return undefined;
      entries.set(name, { key, settled: true, nlink, source, problem: { location: `${locationPrefix}${name}`, reason: problem, ...(source ? { source } : {}) } });
      continue;
    }
    if (item.length !== FACT_ENTRY_LENGTH) return undefined;
    const [key, nlink] = item as SavedFactEntry;
    const [lengths, bodyEnd, termsEnd] = (item as SavedFactEntry).slice(11) as [number[] | null, number, number];
    if (typeof key !== "string" || typeof nlink !== "number" || (lengths !== null && !isLengths(lengths))) return undefined;
    if (!Number.isInteger(bodyEnd) || !Number.isInteger(termsEnd) || bodyEnd < offset || termsEnd < bodyEnd || termsEnd > text.length) return undefined;
    // The body is a slice of the text: no copy, no escapes to undo.
    const fact = factOf(item, text.slice(offset, bodyEnd));
    if (!fact || !FILE_ID.test(fact.id)) return undefined;
    const record = new RestoredRecord(fact, locationPrefix, folder);
    entries.set(`${fact.id}.md`, lengths === null ? { key, settled: true, nlink, record } : { key, settled: true, nlink, record, terms: restoredTerms(lengths, text.slice(bodyEnd, termsEnd)) });
    offset = termsEnd;
  }
  return entries;
}

/**
 * The entries saved at `file`, or undefined when there is none or it cannot be trusted.
 * `locationPrefix` rebuilds each record's location.
 */
export function readSavedIndex(file: string, locationPrefix: string, folder: string): RestoredIndex | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const newline = bytes.indexOf(10);
    if (newline < 0) return undefined;
    const header = JSON.parse(bytes.toString("utf8", 0, newline)) as Header;
    if (header.format !== FORMAT || header.version !== VERSION || header.tokenizer !== tokenizerFingerprint()) return undefined;
    const body = bytes.subarray(newline + 1);
    if (header.bytes !== body.length || !Number.isInteger(header.indexBytes) || header.indexBytes < 0 || header.indexBytes > body.length) return undefined;
    if (createHash("sha256").update(body).digest("hex") !== header.sha256) return undefined;
    const parsed = JSON.parse(body.toString("utf8", 0, header.indexBytes)) as { entries?: unknown; postings?: unknown };
    if (!Array.isArray(parsed.entries)) return undefined;
    const entries = restoreEntries(parsed.entries as unknown[], body.toString("utf8", header.indexBytes), locationPrefix, folder);
    if (!entries) return undefined;
    const searchIndex = parsed.postings === undefined ? undefined : decodePostings(parsed.postings, (id) => {
      const entry = entries.get(`${id}.md`);
      return entry?.record ? { fact: entry.record.fact, ...(entry.terms ? { terms: entry.terms } : {}) } : undefined;
    });
    return { entries, ...(searchIndex ? { searchIndex } : {}) };
  } catch {
    return undefined; // unparsable anywhere: not trusted
  }
}

/**
 * The bytes to save for `entries` (settled ones only) and `searchIndex` (only its facts that are
 * saved entries' facts), and a fact that still lacks terms, if any.
 */
export function savedIndexBytes(entries: Iterable<[string, FactEntry]>, searchIndex?: IncrementalSearchIndex): { bytes: Buffer; withoutTerms: Fact | undefined } {
  const saved: (SavedFactEntry | SavedProblemEntry)[] = [];
  const savedFacts = new Set<Fact>();
  const texts: string[] = [];
  let offset = 0;
  const append = (text: string): number => {
    texts.push(text);
    return (offset += text.length);
  };
  let withoutTerms: Fact | undefined;
  for (const [name, entry] of entries) {
    if (!entry.settled) continue;
    const fact = entry.record?.fact;
    if (!fact) {
      saved.push([name, entry.key, entry.nlink, entry.source ?? "", entry.problem?.reason ?? ""]);
      continue;
    }
    savedFacts.add(fact);
    const terms = knownTermsOf(fact) ?? searchIndex?.termsFor(fact);
    if (!terms) withoutTerms ??= fact;
    const bodyEnd = append(fact.body);
    const termsEnd = append(terms ? termsText(terms) : "");
    saved.push(savedEntryOf(fact, entry.key, entry.nlink, terms ? [...terms.lengths] : null, bodyEnd, termsEnd));
  }
  const postings = searchIndex ? encodePostings(searchIndex, (fact) => savedFacts.has(fact)) : undefined;
  const index = Buffer.from(JSON.stringify({ entries: saved, ...(postings ? { postings } : {}) }));
  const body = Buffer.concat([index, Buffer.from(texts.join(""))]);
  const header: Header = { format: FORMAT, version: VERSION, tokenizer: tokenizerFingerprint(), bytes: body.length, indexBytes: index.length, sha256: createHash("sha256").update(body).digest("hex") };
  return { bytes: Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]), withoutTerms };
}
