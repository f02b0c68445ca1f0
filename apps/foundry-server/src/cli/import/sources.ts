// What `foundry import <file|folder>` reads, and as which format: a folder is an ADR folder
// (its `NNNN-title.md` files); a file whose name ends in .jsonl or .json, or whose text starts
// with `{`, is a `foundry export` file; any other file is a markdown bullet list (MEMORY.md,
// CLAUDE.md). Files are read within a size bound and a folder within a file-count bound.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { adrEntry, ADR_FILE } from "./adr";
import { bulletEntries } from "./bullets";
import type { ImportEntry } from "./entry";
import { exportEntries } from "./export-file";

/** Largest file an import reads. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
/** Most entries (facts, lines, ADR files) one import takes. */
export const MAX_IMPORT_ENTRIES = 10_000;

/** An import's source, read: its format's name and its entries. */
export interface ImportSource {
  readonly format: "export file" | "bullet list" | "ADR folder";
  readonly entries: readonly ImportEntry[];
}

/** Thrown for a source that cannot be imported at all; the message names the bound or the fix. */
export class ImportSourceError extends Error {}

function readBounded(file: string): string {
  const size = statSync(file).size;
  if (size > MAX_IMPORT_BYTES)
    throw new ImportSourceError(`${file} is ${size} bytes; the bound is ${MAX_IMPORT_BYTES} (16 MiB). Split it and import the parts.`);
  return readFileSync(file, "utf8");
}

function adrFolder(folder: string): ImportSource {
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && ADR_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  if (files.length === 0)
    throw new ImportSourceError(`${folder} holds no ADR file (NNNN-title.md, as adr-tools and MADR name them); give an ADR folder, a MEMORY.md or CLAUDE.md, or an export file.`);
  if (files.length > MAX_IMPORT_ENTRIES)
    throw new ImportSourceError(`${folder} holds ${files.length} ADR files; the bound is ${MAX_IMPORT_ENTRIES}. Import it in parts.`);
  return { format: "ADR folder", entries: files.map((name) => adrEntry(readBounded(path.join(folder, name)), name)) };
}

/** Reads `target` (resolved against `cwd`) as the format it is; `today` is YYYY-MM-DD UTC. */
export function readImportSource(target: string, cwd: string, today: string): ImportSource {
  const resolved = path.resolve(cwd, target);
  let stats;
  try {
    stats = statSync(resolved);
  } catch {
    throw new ImportSourceError(`${resolved} does not exist; give a file (MEMORY.md, CLAUDE.md, an export .jsonl) or an ADR folder.`);
  }
  if (stats.isDirectory()) return adrFolder(resolved);
  const text = readBounded(resolved);
  const name = path.basename(resolved);
  const source: ImportSource = /\.jsonl?$/i.test(name) || text.trimStart().startsWith("{")
    ? { format: "export file", entries: exportEntries(text, name, today) }
    : { format: "bullet list", entries: bulletEntries(text, name) };
  if (source.entries.length > MAX_IMPORT_ENTRIES)
    throw new ImportSourceError(`${resolved} holds ${source.entries.length} facts; the bound is ${MAX_IMPORT_ENTRIES}. Split it and import the parts.`);
  return source;
}
