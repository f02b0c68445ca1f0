// A `foundry export` file read back: one JSON fact a line. Only the facts active in the file are
// imported (not superseded, not expired): a superseded fact written again would restate, and so
// supersede, its own successor. Ids, `created` and supersession links are the store's to give,
// so the import keeps every other field.
import type { Fact, FactInput } from "@foundry-mcp/memory";
import type { ImportEntry } from "./entry";
import { isJsonObject } from "@foundry-mcp/core/json";

function parseLine(line: string): Partial<Fact> | string {
  try {
    const value = JSON.parse(line) as unknown;
    return isJsonObject(value) ? (value as Partial<Fact>) : "is not a JSON object";
  } catch {
    return "is not JSON";
  }
}

/** The entries of an export file; `today` (YYYY-MM-DD, UTC) decides which facts expired. */
export function exportEntries(text: string, fileName: string, today: string): ImportEntry[] {
  const parsed = text.split(/\r?\n/).flatMap((line, index) => (line.trim() ? [{ label: `${fileName}:${index + 1}`, fact: parseLine(line) }] : []));
  const replaced = new Set(parsed.flatMap(({ fact }) => (typeof fact === "object" && typeof fact.supersedes === "string" ? [fact.supersedes] : [])));
  return parsed.map(({ label, fact }): ImportEntry => {
    if (typeof fact === "string") return { label, rejected: `the line ${fact}; an export file holds one fact object a line` };
    const { id, created: _created, supersedes: _supersedes, supersededBy, ...input } = fact;
    if (supersededBy !== undefined || (typeof id === "string" && replaced.has(id))) return { label, skipped: `${String(id)} is superseded in the file` };
    if (typeof input.expires === "string" && input.expires < today) return { label, skipped: `${String(id)} expired on ${input.expires}` };
    return { label, input: { ...input, tags: input.tags ? [...input.tags] : undefined } as FactInput };
  });
}
