// The one way Foundry writes a whole file: content goes to a temporary file beside the target,
// is flushed (fsync), then renamed over the target (or, for an exclusive create, hard-linked to
// it, which fails with EEXIST instead of replacing anything), and the folder is flushed so the
// new name survives a crash. Readers see the old file or the new one, never a mix; a failure
// leaves no temporary file. Temp names start with "." and end in ".tmp", so `*.json`/`*.md`
// listings never see them. Errors are the system's (EEXIST, ENOSPC…): callers wrap them in
// their own codes.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { open, link, mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";

/** Options of every atomic write. */
export interface AtomicWriteOptions {
  /** File mode of the new file (default 0o644, less the umask). */
  mode?: number;
  /**
   * `false` skips both flushes (file and folder), for files derived from others or otherwise
   * rebuilt when lost (an index, a cache, a lock whose owner's death is detected): the change
   * is still atomic, only its survival of a power cut is not promised. Default true.
   */
  durable?: boolean;
}

function temporaryPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
}

// Some file systems (and Windows) refuse to open or fsync a folder; the rename is still atomic
// there, only its durability is the system's business, so those refusals are not failures.
async function syncFolder(folder: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(folder, "r");
    await handle.sync();
  } catch {
    // see above
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function syncFolderSync(folder: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = fs.openSync(folder, "r");
    fs.fsyncSync(descriptor);
  } catch {
    // see syncFolder
  } finally {
    if (descriptor !== undefined) fs.closeSync(descriptor);
  }
}

async function writeTemporary(target: string, content: string | Uint8Array, options: AtomicWriteOptions): Promise<string> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = temporaryPath(target);
  const handle = await open(temporary, "wx", options.mode ?? 0o644);
  try {
    await handle.writeFile(content);
    if (options.durable !== false) await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  return temporary;
}

/**
 * Replaces `target` with `content` atomically and durably (temp file, fsync, rename, fsync of
 * the folder). Creates the parent folder when missing.
 *
 * @example await writeFileAtomic("/repo/.foundry/blackboard/audit/reviewer.json", json);
 */
export async function writeFileAtomic(target: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const temporary = await writeTemporary(target, content, options);
  try {
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  if (options.durable !== false) await syncFolder(path.dirname(target));
}

/**
 * Creates `target` only if nothing exists there, complete before it becomes visible under its
 * name (temp file, fsync, hard link, fsync of the folder). Throws the system's EEXIST when the
 * name is taken; nothing is replaced.
 */
export async function createFileExclusive(target: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const temporary = await writeTemporary(target, content, options);
  try {
    await link(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
  if (options.durable !== false) await syncFolder(path.dirname(target));
}

/** {@link writeFileAtomic} for synchronous callers (configuration stores with a sync API). */
export function writeFileAtomicSync(target: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = temporaryPath(target);
  const descriptor = fs.openSync(temporary, "wx", options.mode ?? 0o644);
  try {
    try {
      fs.writeFileSync(descriptor, content);
      fs.fsyncSync(descriptor);
    } finally {
      fs.closeSync(descriptor);
    }
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  syncFolderSync(path.dirname(target));
}
