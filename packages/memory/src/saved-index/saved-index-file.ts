// The saved index file for cold starts (saved-index.ts composes it around the markdown store):
// every settled file entry (name, stat, parsed fact or problem, the fact's search terms when known, a glossary fact's definitions) plus the search
// index itself (search/saved-postings.ts) in `.foundry/cache/memory-index.json`, kept out of
// git. A fresh process restores these entries and then scans the folder as usual, so each file
// costs one stat and is re-read only when its size, inode, mtime or ctime differs (like git's
// index; only entries whose ctime was older than the racy window when read are saved, so an
// equal stat proves equal content). The fact files stay the store of record: this file is a
// cache. One that is corrupt (checksum), of another format version or analyser, or malformed
// in any entry is ignored as a whole and replaced.
//
// Layout (version 5): a header line (JSON: format, version, analyser fingerprint, byte order,
// section sizes, CRC-32 of the rest; padded with spaces so the sections that follow start at a
// multiple of 8 bytes, as each section does, zero bytes after it), then the sections: the index JSON (the file entries'
// short columns (saved-facts.ts) and the search index's vocabulary, written forms and totals),
// one row of 64-bit numbers per fact, the postings as 32-bit integers and beside them each
// posting's packed term counts (saved-postings.ts), one text of every fact's id, title,
// created time and body back to back, and the facts' terms as bytes. Version 4 had no counts
// beside the postings: a broad first question decoded every candidate's terms. A cold start parses a small JSON document, reads the numbers in place, slices the
// strings out of the text and decodes a fact's terms or a term's postings only when ranking
// first asks for them. Version 3 saved one JSON array per fact, the postings as JSON arrays and
// nanosecond stat keys as strings; parsing those (and the bigint stats the scan compared them
// with) was most of a cold first search (2026-12-01: ~480 ms at 10,000 facts). CRC-32 (zlib,
// several GB/s) rather than SHA-256: the checksum detects damage to a cache this process
// wrote; it is no defence against someone who can write to .foundry/, who can as well edit
// the fact files themselves.

import path from "node:path";
import { FILE_BOUNDS, readBoundedText } from "../fs/bounded-read";
import { numbersOf, readFileSections, sectionedFileBytes } from "../fs/sectioned-file";
import type { Fact } from "../types";
import { definitionsOf, rememberDefinitions } from "../search/glossary";
import { analysedTermsOf, deserializeSearchIndex, searchIndexFingerprint, serializeSearchIndex } from "../search/saved-search-index";
import type { IncrementalSearchIndex } from "../search/incremental-index";
import { parseFact, serializeFact } from "../facts/fact-file";
import type { StoredFactRecord } from "../drivers/driver";
import type { FactEntry, RestoredEntries } from "../drivers/fact-entries";
import { decodeFacts, encodeFacts } from "./saved-facts";
import type { FactToSave, SavedFacts } from "./saved-facts";

const FORMAT = "foundry-memory-index";
const VERSION = 5;

const SECTIONS = 7;

// The analyser is the search index's own fingerprint (search/saved-search-index.ts): the same
// value as before that module existed, so files saved by earlier builds of version 5 restore.
const savedFormat = () => ({ format: FORMAT, version: VERSION, analyser: searchIndexFingerprint(), sections: SECTIONS });

/**
 * A restored record whose text is read from its file only when someone asks (token figures);
 * the scan that follows a restore has just proved the file unchanged, and a file changed later
 * gets a new record from the next load. A class, not a closure per record: 10,000 of them are
 * made on every cold start.
 */
export class RestoredRecord implements StoredFactRecord {
  /** Compared with its file once ({@link restoredRecordHolds}). */
  verified = false;
  #source: string | undefined;

  constructor(
    readonly fact: Fact,
    private readonly prefix: string,
    private readonly folder: string,
    private readonly boundary: string,
  ) {}

  get location(): string {
    return `${this.prefix}${this.fact.id}.md`;
  }

  get source(): string {
    if (this.#source === undefined) {
      try {
        const read = readBoundedText(path.join(this.folder, `${this.fact.id}.md`), { boundary: this.boundary, maxBytes: FILE_BOUNDS.fact });
        this.#source = read.ok ? read.text : serializeFact(this.fact);
      } catch {
        this.#source = serializeFact(this.fact); // gone since: what it held
      }
    }
    return this.#source;
  }
}

/**
 * Whether `record`, restored from a saved index and never read, says what its file says. A saved
 * index's strings (titles, bodies, scopes, tags) are vouched for only by the file's stat key, so
 * a fact is read and compared once before it is shown (issue #36 R7): a forged saved index whose
 * checksum was recomputed is caught at its first shown fact. A record that was read is true.
 */
export function restoredRecordHolds(record: StoredFactRecord): boolean {
  if (!(record instanceof RestoredRecord) || record.verified) return true;
  const parsed = parseFact(record.source, record.fact.id);
  record.verified = parsed.ok && serializeFact(parsed.fact) === serializeFact(record.fact);
  return record.verified;
}

/** What a saved index restores: file entries, and the search index over some of their facts. */
export interface RestoredIndex {
  entries: RestoredEntries;
  searchIndex?: IncrementalSearchIndex;
}

/**
 * The entries saved at `file`, or undefined when there is none or it cannot be trusted.
 * `locationPrefix` rebuilds each record's location.
 */
export function readSavedIndex(file: string, locationPrefix: string, folder: string, boundary: string): RestoredIndex | undefined {
  const parts = readFileSections(file, boundary, savedFormat());
  if (!parts) return undefined;
  try {
    const sizes = parts.map((part) => part.length);
    if ((sizes[1] as number) % 8 !== 0 || (sizes[2] as number) % 4 !== 0 || (sizes[3] as number) % 4 !== 0 || (sizes[4] as number) % 4 !== 0) return undefined;
    const [index, rows, ends, positions, packed, text, terms] = parts as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];
    const parsed = JSON.parse(index.toString("utf8")) as { files?: Partial<SavedFacts>; postings?: unknown };
    if (typeof parsed.files !== "object" || parsed.files === null) return undefined;
    // Numbers and terms are read in place: no copy of ~6 MB at 10,000 facts, for the price of the
    // file's JSON and text bytes (~2.4 MB there) staying alive beside them.
    const decoded = decodeFacts(parsed.files, numbersOf(Float64Array, rows), text.toString("utf8"), terms, locationPrefix, (fact) => new RestoredRecord(fact, locationPrefix, folder, boundary));
    if (!decoded) return undefined;
    const searchIndex = parsed.postings === undefined ? undefined : deserializeSearchIndex(parsed.postings, numbersOf(Int32Array, ends), numbersOf(Int32Array, positions), numbersOf(Int32Array, packed), decoded.facts, decoded.terms);
    if (parsed.postings !== undefined && !searchIndex) return undefined; // malformed anywhere: nothing of it is used
    for (const [fact, definitions] of decoded.definitions) rememberDefinitions(fact, definitions);
    return { entries: decoded, ...(searchIndex ? { searchIndex } : {}) };
  } catch {
    return undefined; // unparsable anywhere: not trusted
  }
}

/**
 * The bytes to save for `entries` (settled ones only) and `searchIndex` (only its facts that are
 * saved entries' facts), and a fact that still lacks terms, if any.
 */
export function savedIndexBytes(entries: Iterable<[string, FactEntry]>, searchIndex?: IncrementalSearchIndex): { bytes: Buffer; withoutTerms: Fact | undefined } {
  const facts: FactToSave[] = [];
  const problems: [string, FactEntry][] = [];
  const savedAt = new Map<Fact, number>();
  let withoutTerms: Fact | undefined;
  for (const [name, entry] of entries) {
    if (!entry.settled) continue;
    const fact = entry.record?.fact;
    if (!fact) {
      problems.push([name, entry]);
      continue;
    }
    const terms = analysedTermsOf(fact, searchIndex);
    if (!terms) withoutTerms ??= fact;
    savedAt.set(fact, facts.length);
    facts.push({ entry, fact, terms, definitions: definitionsOf(fact) });
  }
  const { saved, rows, text, terms } = encodeFacts(facts, problems);
  const postings = searchIndex ? serializeSearchIndex(searchIndex, savedAt) : undefined;
  const index = Buffer.from(JSON.stringify({ files: saved, ...(postings ? { postings: postings.json } : {}) }));
  const numbers = (array: Float64Array | Int32Array | undefined): Buffer => (array ? Buffer.from(array.buffer, array.byteOffset, array.byteLength) : Buffer.alloc(0));
  const parts = [index, numbers(rows), numbers(postings?.ends), numbers(postings?.positions), numbers(postings?.packed), Buffer.from(text), terms];
  return { bytes: sectionedFileBytes(savedFormat(), parts), withoutTerms };
}
