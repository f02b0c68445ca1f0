// The file entries of the saved index (saved-index-file.ts), by column rather than as one JSON value
// per fact: a cold start at 10,000 facts reads one block of 64-bit numbers in place, slices
// every string out of one text and decodes no fact's terms, instead of parsing 10,000 nested
// JSON arrays, which is what its time went to (JSON.parse, and the garbage collector copying
// what it made).
//
// Per fact, FIELDS numbers (a row): the stat a scan compares (size, inode, mtime, ctime,
// links), the type and confidence as positions in FACT_TYPES and CONFIDENCES, the scope and
// source as positions in `strings` and the tags in `tagLists` (each value stored once), the
// search terms' field lengths (-1: terms unknown), where in the text its id, title, created
// time and body end (each starts where the one before ended), and where in the terms bytes its
// terms end. Optional fields, glossary definitions and unreadable files are short JSON lists of
// their own. Every value is checked on the way in; one that is out of shape or range makes the
// whole saved index untrusted.

import { CONFIDENCES, FACT_TYPES } from "../types";
import type { Fact } from "../types";
import type { Abbreviation } from "../search/glossary";
import type { FactTerms } from "../search/search-index";
import { restoredTerms, termsText } from "../search/saved-terms";
import type { SavedTermsRows } from "../search/saved-terms";
import { factIdNumber } from "../facts/fact-file";
import type { FactProblem, StoredFactRecord } from "../drivers/driver";
import { compareRecords, factIdOfFileName } from "../drivers/fact-entries";
import type { FactEntry, RestoredEntries } from "../drivers/fact-entries";

/** Numbers per fact. */
export const FIELDS = 18;
const TERMS_END = 17;
const FILE_ID = /^fact-\d{4,}$/;

type Optional = [position: number, expires: string | null, supersedes: string | null, supersededBy: string | null];
type Definitions = [position: number, definitions: [acronym: string, words: string[]][]];
type Problem = [name: string, size: number, ino: number, mtimeMs: number, ctimeMs: number, nlink: number, source: string, reason: string];

/** The columns saved as JSON (the rows, text and terms are saved beside them). */
export interface SavedFacts {
  strings: string[];
  tagLists: string[][];
  optional: Optional[];
  glossary: Definitions[];
  problems: Problem[];
}

/** A restored fact entry with its terms (the search index takes them; nothing else needs them). */
export type RestoredEntry = FactEntry & { terms?: FactTerms };

/** What a fact's columns are made from. */
export interface FactToSave {
  entry: FactEntry;
  fact: Fact;
  terms: FactTerms | undefined;
  definitions: readonly Abbreviation[];
}

/** What {@link encodeFacts} makes. */
export interface EncodedFacts {
  saved: SavedFacts;
  rows: Float64Array;
  text: string;
  terms: Buffer;
}

/** The columns of `facts` (their positions are their order) and `problems`, with the text and terms bytes they point into. */
export function encodeFacts(facts: readonly FactToSave[], problems: readonly [string, FactEntry][]): EncodedFacts {
  const saved: SavedFacts = { strings: [], tagLists: [], optional: [], glossary: [], problems: [] };
  const rows = new Float64Array(facts.length * FIELDS);
  const termTexts: Buffer[] = [];
  let termsEnd = 0;
  const strings = new Map<string, number>();
  const tagLists = new Map<string, number>();
  const stringAt = (value: string): number => {
    let at = strings.get(value);
    if (at === undefined) strings.set(value, (at = saved.strings.push(value) - 1));
    return at;
  };
  const texts: string[] = [];
  let offset = 0;
  const end = (text: string): number => {
    texts.push(text);
    return (offset += text.length);
  };
  facts.forEach(({ entry, fact, terms, definitions }, position) => {
    const tagsKey = JSON.stringify(fact.tags);
    let tags = tagLists.get(tagsKey);
    if (tags === undefined) tagLists.set(tagsKey, (tags = saved.tagLists.push([...fact.tags]) - 1));
    const lengths = terms ? terms.lengths : [-1, -1, -1];
    if (terms) {
      const bytes = Buffer.from(termsText(terms));
      termTexts.push(bytes);
      termsEnd += bytes.length;
    }
    rows.set([
      entry.size, entry.ino, entry.mtimeMs, entry.ctimeMs, entry.nlink,
      FACT_TYPES.indexOf(fact.type), CONFIDENCES.indexOf(fact.confidence), stringAt(fact.scope), stringAt(fact.source), tags,
      lengths[0] ?? 0, lengths[1] ?? 0, lengths[2] ?? 0,
      end(fact.id), end(fact.title), end(fact.created), end(fact.body), termsEnd,
    ], position * FIELDS);
    if (fact.expires !== undefined || fact.supersedes !== undefined || fact.supersededBy !== undefined)
      saved.optional.push([position, fact.expires ?? null, fact.supersedes ?? null, fact.supersededBy ?? null]);
    if (fact.type === "glossary") saved.glossary.push([position, definitions.map(({ acronym, words }) => [acronym, [...words]])]);
  });
  for (const [name, entry] of problems)
    saved.problems.push([name, entry.size, entry.ino, entry.mtimeMs, entry.ctimeMs, entry.nlink, entry.source ?? "", entry.problem?.reason ?? ""]);
  return { saved, rows, text: texts.join(""), terms: Buffer.concat(termTexts) };
}

const isString = (value: unknown): value is string => typeof value === "string";
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === "string";
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function isSavedFacts(value: Partial<SavedFacts>): value is SavedFacts {
  const { strings, tagLists, optional, glossary, problems } = value;
  if (!Array.isArray(strings) || !strings.every(isString)) return false;
  if (!Array.isArray(tagLists) || !tagLists.every((tags) => Array.isArray(tags) && tags.every(isString))) return false;
  if (!Array.isArray(optional) || !optional.every((item) => Array.isArray(item) && item.length === 4 && isCount(item[0]) && item.slice(1).every(isStringOrNull))) return false;
  const isDefinition = (item: unknown): boolean => Array.isArray(item) && item.length === 2 && isString(item[0]) && Array.isArray(item[1]) && item[1].every(isString);
  if (!Array.isArray(glossary) || !glossary.every((item) => Array.isArray(item) && item.length === 2 && isCount(item[0]) && Array.isArray(item[1]) && item[1].every(isDefinition))) return false;
  return Array.isArray(problems) && problems.every((item) => Array.isArray(item) && item.length === 8 && isString(item[0]) && item.slice(1, 6).every((n) => typeof n === "number") && isString(item[6]) && isString(item[7]));
}

/** What decoding the columns gives back: the entries (as FactEntries takes them), facts by position. */
export interface DecodedFacts extends RestoredEntries {
  readonly entries: Map<string, RestoredEntry>;
  /** The facts by position, and beside them their terms (two arrays: no object per fact). */
  facts: readonly Fact[];
  terms: readonly (FactTerms | undefined)[];
  definitions: readonly [Fact, Abbreviation[]][];
}

/**
 * The entries saved in `value` and `facts` (the rows) whose strings are in `text` and whose terms
 * are in `termBytes`; undefined at the first malformed value. `record` makes each fact's record
 * (its text is read only on demand).
 */
export function decodeFacts(value: Partial<SavedFacts>, facts: Float64Array, text: string, termBytes: Buffer, locationPrefix: string, record: (fact: Fact) => StoredFactRecord): DecodedFacts | undefined {
  if (!isSavedFacts(value) || facts.length % FIELDS !== 0) return undefined;
  const { strings, tagLists, optional, glossary, problems } = value;
  const rows: SavedTermsRows = {
    lengths: (row) => [facts[row * FIELDS + 10] as number, facts[row * FIELDS + 11] as number, facts[row * FIELDS + 12] as number],
    text: (row) => termBytes.toString("utf8", row === 0 ? 0 : facts[(row - 1) * FIELDS + TERMS_END], facts[row * FIELDS + TERMS_END]),
  };
  let termsOffset = 0;
  const tags = tagLists.map((list) => Object.freeze(list));
  const optionalAt = new Map(optional.map((item) => [item[0], item]));
  const entries = new Map<string, RestoredEntry>();
  const byPosition: Fact[] = [];
  const termsByPosition: (FactTerms | undefined)[] = [];
  const records: StoredFactRecord[] = [];
  const multiLinked: string[] = [];
  let highestNameId = 0;
  let inOrder = true;
  let offset = 0;
  for (let at = 0; at < facts.length; at += FIELDS) {
    // One row of FIELDS numbers, read in place (no array per fact).
    const size = facts[at] as number;
    const ino = facts[at + 1] as number;
    const mtimeMs = facts[at + 2] as number;
    const ctimeMs = facts[at + 3] as number;
    const nlink = facts[at + 4] as number;
    const typeAt = facts[at + 5] as number;
    const confidenceAt = facts[at + 6] as number;
    const scopeAt = facts[at + 7] as number;
    const sourceAt = facts[at + 8] as number;
    const tagsAt = facts[at + 9] as number;
    const titleLength = facts[at + 10] as number;
    const tagsLength = facts[at + 11] as number;
    const bodyLength = facts[at + 12] as number;
    const idEnd = facts[at + 13] as number;
    const titleEnd = facts[at + 14] as number;
    const createdEnd = facts[at + 15] as number;
    const bodyEnd = facts[at + 16] as number;
    const termsEnd = facts[at + 17] as number;
    const type = FACT_TYPES[typeAt];
    const confidence = CONFIDENCES[confidenceAt];
    const scope = strings[scopeAt];
    const source = strings[sourceAt];
    const factTags = tags[tagsAt];
    // A stat that no file has (negative, fractional size or links, not finite) is a forgery or damage.
    if (!isCount(size) || !isCount(ino) || !(mtimeMs >= 0 && mtimeMs < Number.MAX_SAFE_INTEGER) || !(ctimeMs >= 0 && ctimeMs < Number.MAX_SAFE_INTEGER) || !isCount(nlink) || nlink < 1) return undefined;
    if (type === undefined || confidence === undefined || scope === undefined || source === undefined || factTags === undefined) return undefined;
    if (!(Number.isInteger(idEnd) && idEnd >= offset && titleEnd >= idEnd && createdEnd >= titleEnd && bodyEnd >= createdEnd && bodyEnd <= text.length && Number.isInteger(titleEnd) && Number.isInteger(createdEnd) && Number.isInteger(bodyEnd))) return undefined;
    if (!Number.isInteger(termsEnd) || termsEnd < termsOffset || termsEnd > termBytes.length) return undefined;
    const id = text.slice(offset, idEnd);
    if (!FILE_ID.test(id)) return undefined;
    // Bodies and titles are slices of the text: no copy, no escapes to undo.
    const fact = { id, type, title: text.slice(idEnd, titleEnd), body: text.slice(createdEnd, bodyEnd), scope, tags: factTags, confidence, source, created: text.slice(titleEnd, createdEnd) } as { -readonly [K in keyof Fact]: Fact[K] };
    const extra = optionalAt.get(byPosition.length);
    if (extra) {
      if (extra[1] !== null) fact.expires = extra[1];
      if (extra[2] !== null) fact.supersedes = extra[2];
      if (extra[3] !== null) fact.supersededBy = extra[3];
    }
    const known = isCount(titleLength) && isCount(tagsLength) && isCount(bodyLength);
    if (!known && (titleLength !== -1 || tagsLength !== -1 || bodyLength !== -1 || termsEnd !== termsOffset)) return undefined;
    const terms = known ? restoredTerms(rows, byPosition.length) : undefined;
    const stored = record(fact);
    const name = `${id}.md`;
    entries.set(name, terms ? { size, ino, mtimeMs, ctimeMs, nlink, settled: true, record: stored, terms } : { size, ino, mtimeMs, ctimeMs, nlink, settled: true, record: stored });
    // What FactEntries notes per entry, done on this one pass (saved in id order: checked here).
    const number = factIdNumber(id);
    if (!(number > highestNameId)) inOrder = false;
    else highestNameId = number;
    if (nlink > 1) multiLinked.push(name);
    records.push(stored);
    byPosition.push(fact);
    termsByPosition.push(terms);
    offset = bodyEnd;
    termsOffset = termsEnd;
  }
  if (entries.size !== byPosition.length) return undefined; // an id twice
  const definitions: [Fact, Abbreviation[]][] = [];
  for (const [position, list] of glossary) {
    const fact = byPosition[position];
    if (fact?.type !== "glossary") return undefined;
    definitions.push([fact, list.map(([acronym, words]) => ({ acronym, words }))]);
  }
  if (!inOrder) {
    records.sort(compareRecords);
    highestNameId = records.reduce((highest, one) => Math.max(highest, factIdNumber(one.fact.id)), 0);
  }
  const restoredProblems: [string, FactProblem][] = [];
  for (const [name, size, ino, mtimeMs, ctimeMs, nlink, source, reason] of problems) {
    if (entries.has(name)) return undefined;
    const problem: FactProblem = { location: `${locationPrefix}${name}`, reason, ...(source ? { source } : {}) };
    entries.set(name, { size, ino, mtimeMs, ctimeMs, nlink, settled: true, source, problem });
    restoredProblems.push([name, problem]);
    if (nlink > 1) multiLinked.push(name);
    const id = factIdOfFileName(name);
    if (id) highestNameId = Math.max(highestNameId, factIdNumber(id));
  }
  return { entries, records, highestNameId, multiLinked, problems: restoredProblems, facts: byPosition, terms: termsByPosition, definitions };
}
