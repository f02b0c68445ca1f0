// The markdown store's writes: a new fact file created exclusively, an existing one replaced
// atomically, and the next id (sequential from a high-water mark that outlives deleted files,
// or merge-safe random). Called holding the store's write lock.

import { existsSync } from "node:fs";
import path from "node:path";
import { createFileExclusive, writeFileAtomic } from "@foundry-mcp/core/node";
import { MemoryError, MemoryErrorCode } from "../errors";
import { factIdFromNumber, serializeFact } from "../facts/fact-file";
import { FILE_BOUNDS, readBoundedText } from "../fs/bounded-read";
import { randomFactId } from "../layout/fact-ids";
import type { MemoryLayout } from "../layout/memory-layout";
import type { FoundryPaths } from "../paths";
import type { Fact } from "../types";

/** The next fact id: `highestNameId` is the highest id number among the file names seen. */
export async function allocateFactId(paths: FoundryPaths, highestNameId: number, layout: MemoryLayout, avoid?: (id: string) => boolean): Promise<string> {
  if (layout === "merge-safe") return randomFactId((id) => existsSync(path.join(paths.facts, `${id}.md`)), avoid);
  let highest = highestNameId;
  // Bounded, never through a link out of `.foundry/`: such a mark is ignored (the names still count) and replaced.
  const read = readBoundedText(paths.idCounter, { boundary: paths.foundry, maxBytes: FILE_BOUNDS.small });
  const counter = read.ok ? Number.parseInt(read.text.trim(), 10) : Number.NaN;
  if (Number.isSafeInteger(counter)) highest = Math.max(highest, counter);
  let next = highest + 1;
  // A caller that did not load first may hold an old listing: never hand out a taken name.
  while (existsSync(path.join(paths.facts, `${factIdFromNumber(next)}.md`))) next += 1;
  // The high-water mark outlives deleted files, so an id is never handed out twice. It is not
  // flushed on its own: the new fact file is, right after, and a lost mark falls back to the
  // highest file name, which that flushed file carries.
  await writeFileAtomic(paths.idCounter, `${next}\n`, { durable: false });
  return factIdFromNumber(next);
}

/** Creates `fact`'s file, refusing (ID_CONFLICT) an id already stored; returns the text written. */
export async function createFactFile(folder: string, fact: Fact): Promise<string> {
  const source = serializeFact(fact);
  try {
    await createFileExclusive(path.join(folder, `${fact.id}.md`), source);
    return source;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      throw new MemoryError(MemoryErrorCode.ID_CONFLICT, `${fact.id}.md already exists; ids are never reused.`, { cause: error });
    throw error;
  }
}

/** Replaces `fact`'s file atomically; returns the text written. */
export async function updateFactFile(folder: string, fact: Fact): Promise<string> {
  const source = serializeFact(fact);
  await writeFileAtomic(path.join(folder, `${fact.id}.md`), source);
  return source;
}
