// The saved index for cold starts: every settled file entry (name, stat key, text, parsed fact
// or problem, and the fact's search terms when known) in `.foundry/cache/memory-index.json`,
// kept out of git. A fresh process restores these entries and then scans the folder as usual,
// so each file costs one stat and is re-read only when its size, inode, mtime or ctime differs
// (like git's index; only entries whose ctime was older than the racy window when read are
// saved, so an equal key proves equal content). The fact files stay the store of record: this
// file is a cache. One that is corrupt (checksum), of another format version or tokenizer, or
// malformed in any entry is ignored as a whole and replaced. Version 2 also keeps the search
// index itself (search/saved-postings.ts), so a cold start neither parses a file nor re-inserts
// every fact's terms: it stats each file and restores arrays.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONFIDENCES, FACT_TYPES } from "../types";
import type { Fact } from "../types";
import { decodeTerms, encodeTerms, tokenizerFingerprint } from "../search/saved-terms";
import type { SavedTerms } from "../search/saved-terms";
import { knownTermsOf, rememberTerms } from "../search/search-index";
import type { IncrementalSearchIndex } from "../search/incremental-index";
import { decodePostings, encodePostings } from "../search/saved-postings";
import { serializeFact } from "../facts/fact-file";
import type { StoredFactRecord } from "./driver";
import type { FactEntry } from "./fact-entries";

const FORMAT = "foundry-memory-index";
const VERSION = 2;

/** `source` is null for a fact: its text is not saved twice (the file holds it; see restoredRecord). */
type SavedEntry = [name: string, key: string, nlink: number, source: string | null, fact: Fact | null, problem: string | null, terms: SavedTerms | null];

/**
 * A restored record whose text is read from its file only when someone asks (token figures);
 * the scan that follows a restore has just proved the file unchanged, and a file changed later
 * gets a new record from the next load.
 */
function restoredRecord(fact: Fact, location: string, file: string): StoredFactRecord {
  let source: string | undefined;
  return {
    fact,
    location,
    get source(): string {
      if (source === undefined) {
        try {
          source = readFileSync(file, "utf8");
        } catch {
          source = serializeFact(fact); // gone since: what it held
        }
      }
      return source;
    },
  };
}

interface Header {
  format: string;
  version: number;
  tokenizer: string;
  bytes: number;
  sha256: string;
}

function isFact(value: unknown, name: string): value is Fact {
  if (typeof value !== "object" || value === null) return false;
  const fact = value as Record<string, unknown>;
  const strings = ["id", "title", "body", "scope", "source", "created"].every((key) => typeof fact[key] === "string");
  const optional = ["expires", "supersedes", "supersededBy"].every((key) => fact[key] === undefined || typeof fact[key] === "string");
  return (
    strings &&
    optional &&
    `${fact.id as string}.md` === name &&
    (FACT_TYPES as readonly unknown[]).includes(fact.type) &&
    (CONFIDENCES as readonly unknown[]).includes(fact.confidence) &&
    Array.isArray(fact.tags) &&
    fact.tags.every((tag) => typeof tag === "string")
  );
}

/** What a saved index restores: file entries, and the search index over some of their facts. */
export interface RestoredIndex {
  entries: Map<string, FactEntry>;
  searchIndex?: IncrementalSearchIndex;
}

/**
 * The entries saved at `file`, or undefined when there is none or it cannot be trusted.
 * `locationPrefix` rebuilds each record's location.
 */
export function readSavedIndex(file: string, locationPrefix: string, folder: string): RestoredIndex | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const newline = text.indexOf("\n");
    const header = JSON.parse(text.slice(0, newline)) as Header;
    const body = text.slice(newline + 1);
    if (header.format !== FORMAT || header.version !== VERSION || header.tokenizer !== tokenizerFingerprint()) return undefined;
    if (header.bytes !== body.length || createHash("sha256").update(body).digest("hex") !== header.sha256) return undefined;
    const parsed = JSON.parse(body) as { entries?: unknown; postings?: unknown };
    const saved = parsed.entries;
    if (!Array.isArray(saved)) return undefined;
    const entries = new Map<string, FactEntry>();
    for (const item of saved as unknown[]) {
      if (!Array.isArray(item) || item.length !== 7) return undefined;
      const [name, key, nlink, source, fact, problem, terms] = item as SavedEntry;
      if (typeof name !== "string" || typeof key !== "string" || typeof nlink !== "number" || (source !== null && typeof source !== "string")) return undefined;
      const location = `${locationPrefix}${name}`;
      if (fact !== null) {
        if (!isFact(fact, name)) return undefined;
        const decoded = terms === null ? undefined : decodeTerms(terms);
        entries.set(name, { key, settled: true, nlink, record: restoredRecord(fact, location, path.join(folder, name)) });
        if (decoded) rememberTerms(fact, decoded);
      } else if (typeof problem === "string" && source !== null) {
        entries.set(name, { key, settled: true, nlink, source, problem: { location, reason: problem, ...(source ? { source } : {}) } });
      } else return undefined;
    }
    const searchIndex = parsed.postings === undefined ? undefined : decodePostings(parsed.postings, (id) => entries.get(`${id}.md`)?.record?.fact);
    return { entries, ...(searchIndex ? { searchIndex } : {}) };
  } catch {
    return undefined; // unparsable anywhere: not trusted
  }
}

/**
 * The text to save for `entries` (settled ones only) and `searchIndex` (only its facts that are
 * saved entries' facts), and a fact that still lacks terms, if any.
 */
export function savedIndexText(entries: Iterable<[string, FactEntry]>, searchIndex?: IncrementalSearchIndex): { text: string; withoutTerms: Fact | undefined } {
  const saved: SavedEntry[] = [];
  const savedFacts = new Set<Fact>();
  let withoutTerms: Fact | undefined;
  for (const [name, entry] of entries) {
    if (!entry.settled) continue;
    const fact = entry.record?.fact ?? null;
    const terms = fact ? knownTermsOf(fact) : undefined;
    if (fact && !terms) withoutTerms ??= fact;
    if (fact) savedFacts.add(fact);
    const source = fact ? null : (entry.source ?? "");
    saved.push([name, entry.key, entry.nlink, source, fact, entry.problem?.reason ?? null, terms ? encodeTerms(terms) : null]);
  }
  const postings = searchIndex ? encodePostings(searchIndex, (fact) => savedFacts.has(fact)) : undefined;
  const body = JSON.stringify({ entries: saved, ...(postings ? { postings } : {}) });
  const header: Header = { format: FORMAT, version: VERSION, tokenizer: tokenizerFingerprint(), bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") };
  return { text: `${JSON.stringify(header)}\n${body}`, withoutTerms };
}
