// The saved index for cold starts: every settled file entry (name, stat key, text, parsed fact
// or problem, and the fact's search terms when known) in `.foundry/cache/memory-index.json`,
// kept out of git. A fresh process restores these entries and then scans the folder as usual,
// so each file costs one stat and is re-read only when its size, inode, mtime or ctime differs
// (like git's index; only entries whose ctime was older than the racy window when read are
// saved, so an equal key proves equal content). The fact files stay the store of record: this
// file is a cache. One that is corrupt (checksum), of another format version or tokenizer, or
// malformed in any entry is ignored as a whole and replaced.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { CONFIDENCES, FACT_TYPES } from "../types";
import type { Fact } from "../types";
import { decodeTerms, encodeTerms, tokenizerFingerprint } from "../search/saved-terms";
import type { SavedTerms } from "../search/saved-terms";
import { knownTermsOf, rememberTerms } from "../search/search-index";
import type { FactEntry } from "./fact-entries";

const FORMAT = "foundry-memory-index";
const VERSION = 1;

type SavedEntry = [name: string, key: string, nlink: number, source: string, fact: Fact | null, problem: string | null, terms: SavedTerms | null];

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

/**
 * The entries saved at `file`, or undefined when there is none or it cannot be trusted.
 * `locationPrefix` rebuilds each record's location.
 */
export function readSavedIndex(file: string, locationPrefix: string): Map<string, FactEntry> | undefined {
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
    const saved = JSON.parse(body) as unknown;
    if (!Array.isArray(saved)) return undefined;
    const entries = new Map<string, FactEntry>();
    for (const item of saved as unknown[]) {
      if (!Array.isArray(item) || item.length !== 7) return undefined;
      const [name, key, nlink, source, fact, problem, terms] = item as SavedEntry;
      if (typeof name !== "string" || typeof key !== "string" || typeof nlink !== "number" || typeof source !== "string") return undefined;
      const location = `${locationPrefix}${name}`;
      if (fact !== null) {
        if (!isFact(fact, name)) return undefined;
        const decoded = terms === null ? undefined : decodeTerms(terms);
        entries.set(name, { key, settled: true, nlink, source, record: { fact, source, location } });
        if (decoded) rememberTerms(fact, decoded);
      } else if (typeof problem === "string") {
        entries.set(name, { key, settled: true, nlink, source, problem: { location, reason: problem, ...(source ? { source } : {}) } });
      } else return undefined;
    }
    return entries;
  } catch {
    return undefined; // unparsable anywhere: not trusted
  }
}

/** The text to save for `entries` (settled ones only) and how many facts still lack terms. */
export function savedIndexText(entries: Iterable<[string, FactEntry]>): { text: string; withoutTerms: Fact | undefined } {
  const saved: SavedEntry[] = [];
  let withoutTerms: Fact | undefined;
  for (const [name, entry] of entries) {
    if (!entry.settled) continue;
    const fact = entry.record?.fact ?? null;
    const terms = fact ? knownTermsOf(fact) : undefined;
    if (fact && !terms) withoutTerms ??= fact;
    saved.push([name, entry.key, entry.nlink, entry.source, fact, entry.problem?.reason ?? null, terms ? encodeTerms(terms) : null]);
  }
  const body = JSON.stringify(saved);
  const header: Header = { format: FORMAT, version: VERSION, tokenizer: tokenizerFingerprint(), bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") };
  return { text: `${JSON.stringify(header)}\n${body}`, withoutTerms };
}
