// Whole-file writes that never leave a half-written file: write a unique temporary file
// beside the target, flush it, then rename over the target (atomic on one file system).
// Used for fact updates, INDEX.md, the id counter and .gitignore.

import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";

/**
 * The private temporary name beside `filePath`: `<file>.<pid>.<8 hex>.tmp`. The pid lets
 * stale-temporary-files.ts tell a dead writer's leftovers from a live writer's draft.
 */
export function temporaryName(filePath: string): string {
  return `${filePath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
}

/** Replaces `filePath` with `content` atomically; readers see the old or the new file, never a mix. */
export async function writeFileAtomic(
  filePath: string,
  content: string,
  options: { durable?: boolean } = {},
): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const temporary = temporaryName(filePath);
  const handle = await fs.open(temporary, "w");
  try {
    await handle.writeFile(content, "utf8");
    // `durable: false` for files that are derived or re-derivable (INDEX.md, the id mark): the
    // rename still makes the change atomic, only the flush before it is skipped.
    if (options.durable !== false) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temporary, filePath);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Creates `filePath` only if nothing exists there (O_EXCL), written in full before it becomes
 * visible under its name: the content goes to a temporary file that is then hard-linked to
 * the target, and `link` fails with EEXIST instead of replacing anything.
 */
export async function createFileExclusive(
  filePath: string,
  content: string,
  options: { durable?: boolean } = {},
): Promise<void> {
  await fs.mkdir(path.dirname(filePath), { recursive: true });
  const temporary = temporaryName(filePath);
  const handle = await fs.open(temporary, "wx");
  try {
    await handle.writeFile(content, "utf8");
    // A lock file need not survive a power cut (a dead owner's lock is broken by age), so it
    // skips the flush; fact files do not.
    if (options.durable !== false) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.link(temporary, filePath);
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
