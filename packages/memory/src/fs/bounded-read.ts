// The one way this package reads a project file. A cloned repository decides what its
// `.foundry/` holds, so every read checks, before any byte is taken: the path resolves inside
// the project's `.foundry/` (a link to `~/.ssh/id_ed25519` is refused, never handed to a
// model); it is a regular file (never a FIFO that blocks or `/dev/zero` that never ends); and
// its size is within the caller's bound. The file is opened without blocking and checked on the
// open descriptor (fstat), and never more than the bound is read, so a file that grows or is
// swapped between the checks and the read still cannot exhaust memory.

import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from "node:fs";
import path from "node:path";

/** Why a file was not read; `reason` is a sentence fragment naming the rule and the fix. */
export type RefusedRead = {
  readonly ok: false;
  readonly refusal: "missing" | "outside" | "not-a-file" | "too-large";
  readonly reason: string;
};

/** The outcome of {@link readBoundedFile}. */
export type BoundedRead = { readonly ok: true; readonly bytes: Buffer; readonly size: number } | RefusedRead;

/** What {@link readBoundedFile} enforces. */
export interface BoundedReadOptions {
  /** The folder the file must resolve inside (links included): the project's `.foundry/`. */
  readonly boundary: string;
  /** Most bytes read. */
  readonly maxBytes: number;
  /** Over the bound, read the last `maxBytes` instead of refusing (logs that only grow). */
  readonly tail?: boolean;
}

// No blocking on a FIFO or device at open (on Windows the flag does not exist and is not needed).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The real path of `file`, or a refusal when it is missing or resolves outside `boundary`. */
function resolveInside(file: string, boundary: string): string | RefusedRead {
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: false, refusal: "missing", reason: "it does not exist" };
    throw error;
  }
  let realBoundary: string;
  try {
    realBoundary = realpathSync.native(boundary);
  } catch {
    realBoundary = path.resolve(boundary);
  }
  if (!isInside(realBoundary, real))
    return { ok: false, refusal: "outside", reason: `it is a symbolic link that leads outside ${path.basename(boundary)}/; links may only point inside ${path.basename(boundary)}/, so replace it with the file itself` };
  return real;
}

/**
 * Reads `file` when it resolves inside `options.boundary`, is a regular file and holds at most
 * `options.maxBytes` bytes; otherwise says why not. Never blocks on a FIFO, never reads more
 * than the bound. Throws only for file system errors other than a missing file.
 *
 * @example
 * const read = readBoundedFile(".foundry/runbooks/deploy.md", { boundary: ".foundry", maxBytes: 1 << 20 });
 * if (!read.ok) console.log(`not read: ${read.reason}`);
 */
export function readBoundedFile(file: string, options: BoundedReadOptions): BoundedRead {
  const real = resolveInside(file, options.boundary);
  if (typeof real !== "string") return real;
  let descriptor: number;
  try {
    descriptor = openSync(real, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: false, refusal: "missing", reason: "it does not exist" };
    throw error;
  }
  try {
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) return { ok: false, refusal: "not-a-file", reason: "it is not a regular file (a FIFO, device or folder is never read)" };
    if (stat.size > options.maxBytes && !options.tail)
      return { ok: false, refusal: "too-large", reason: `it is ${stat.size} bytes, over the ${formatBytes(options.maxBytes)} bound; shorten or split it` };
    const start = options.tail ? Math.max(0, stat.size - options.maxBytes) : 0;
    // One byte more than the bound shows a file that grew past it since the fstat.
    const buffer = Buffer.allocUnsafe(Math.min(stat.size - start, options.maxBytes) + 1);
    let filled = 0;
    while (filled < buffer.length) {
      const read = readSync(descriptor, buffer, filled, buffer.length - filled, start + filled);
      if (read === 0) break;
      filled += read;
    }
    if (filled > options.maxBytes && !options.tail)
      return { ok: false, refusal: "too-large", reason: `it grew past the ${formatBytes(options.maxBytes)} bound while being read; shorten or split it` };
    return { ok: true, bytes: buffer.subarray(0, Math.min(filled, options.maxBytes)), size: stat.size };
  } finally {
    closeSync(descriptor);
  }
}

/** {@link readBoundedFile} as UTF-8 text. */
export function readBoundedText(file: string, options: BoundedReadOptions): { readonly ok: true; readonly text: string; readonly size: number } | RefusedRead {
  const read = readBoundedFile(file, options);
  return read.ok ? { ok: true, text: read.bytes.toString("utf8"), size: read.size } : read;
}

/** The size bound of each kind of file this package reads (a file over it is skipped with a note). */
export const FILE_BOUNDS = {
  /** A fact file: a written fact is under 2 KiB; hand edits get ample room. */
  fact: 1024 * 1024,
  runbook: 1024 * 1024,
  config: 1024 * 1024,
  /** INDEX.md; one over it is rebuilt. */
  index: 16 * 1024 * 1024,
  /** The saved search index (~850 bytes a fact: ~300,000 facts); one over it is rebuilt. */
  savedIndex: 256 * 1024 * 1024,
  /** events.jsonl is counted from its last 64 MiB. */
  eventsTail: 64 * 1024 * 1024,
  /** `.last-id`, the lock file, `.gitignore`: small files this package writes itself. */
  small: 64 * 1024,
} as const;
