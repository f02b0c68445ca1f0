// A fair cross-process lock made of one file that appears complete: the owner's pid, host and a
// random nonce go to a private temporary file that is hard-linked to the lock path (EEXIST while
// the lock is held, never a half-written lock; no fsync, since a lock need not survive a crash).
//
// Waiting is fair and cheap. A waiter that finds the lock taken (or others already waiting)
// creates a ticket file `.lock.ticket-<ms>-<host>-<pid>-<nonce>` beside it; only the oldest
// live ticket may try to take the lock, so waiters are served in arrival order. Waiters sleep on
// a directory watch (woken when the lock or a ticket goes away) with a slow poll as the
// fallback, instead of retrying create + link + unlink every few milliseconds as before.
// A lock or ticket whose owner is a dead process on this host, or that is older than `staleMs`,
// is stale; breaking a stale lock is serialised by a second exclusive "breaker" file so two
// waiters can never both remove a lock and both enter. The timeout counts time without
// progress: waiting behind a queue that moves is not a failure.
// Neighbours: lock-queue.ts serves all of one process's writes through one waiter of this lock.

import { randomBytes } from "node:crypto";
import { watch, promises as fs } from "node:fs";
import type { FSWatcher } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MemoryError, MemoryErrorCode } from "../errors";
import { createFileExclusive } from "@foundry-mcp/core/node";
import { processIsAlive } from "./process-alive";
import { FILE_BOUNDS, readBoundedText } from "./bounded-read";

/** Tuning of {@link withFileLock}. */
export interface FileLockOptions {
  /** Give up after the lock stayed with the same owner, and the queue did not move, this long (default 30 s). */
  timeoutMs?: number;
  /** A lock or ticket older than this is stale even if its owner cannot be checked (default 60 s). */
  staleMs?: number;
  /** Re-check this often when no watch event arrives (default 50 ms). */
  pollMs?: number;
}

interface LockOwner {
  pid: number;
  host: string;
  nonce: string;
  acquiredAt: number;
}

/** A held lock; `release` removes it if it is still ours. */
export interface HeldLock {
  release(): Promise<void>;
}

const HOST_TAG = hostTag(os.hostname());
const TICKET = /^\.lock\.ticket-(\d{13})-([0-9a-z]{6})-(\d+)-[0-9a-f]{8}$/;

function hostTag(host: string): string {
  let hash = 0;
  for (const char of host) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36).padStart(6, "0").slice(-6);
}

async function readOwner(
  lockPath: string,
): Promise<{ raw: string; owner?: LockOwner; mtimeMs: number } | undefined> {
  try {
    // Bounded and never through a link out of the lock's folder: a lock replaced by a link to
    // /dev/zero is judged by its own mtime (stale after the usual time), never read.
    const stat = await fs.lstat(lockPath);
    const read = readBoundedText(lockPath, { boundary: path.dirname(lockPath), maxBytes: FILE_BOUNDS.small });
    if (!read.ok && read.refusal === "missing") return undefined;
    const raw = read.ok ? read.text : `not read: ${read.reason}`;
    try {
      return { raw, owner: JSON.parse(raw) as LockOwner, mtimeMs: stat.mtimeMs };
    } catch {
      return { raw, mtimeMs: stat.mtimeMs };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function isStale(found: { owner?: LockOwner; mtimeMs: number }, staleMs: number): boolean {
  const age = Date.now() - (found.owner?.acquiredAt ?? found.mtimeMs);
  if (found.owner && found.owner.host === os.hostname())
    return !processIsAlive(found.owner.pid) || age > staleMs;
  // An owner on another host (shared file system) or an unreadable lock: only age decides.
  return age > staleMs;
}

/**
 * Removes `lockPath` if it still holds exactly `staleRaw`, with only one breaker at a time.
 * Returns false when another breaker is at work, so the caller waits instead of spinning.
 */
async function breakStaleLock(lockPath: string, staleRaw: string, staleMs: number): Promise<boolean> {
  const breakerPath = `${lockPath}.breaker`;
  try {
    await fs.writeFile(breakerPath, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A breaker that crashed mid-break leaves its file behind; it is tiny-window work, so age decides.
    const stat = await fs.stat(breakerPath).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > Math.min(staleMs, 10_000))
      await fs.rm(breakerPath, { force: true });
    return false;
  }
  try {
    const again = await readOwner(lockPath);
    if (again && again.raw === staleRaw) await fs.rm(lockPath, { force: true });
  } finally {
    await fs.rm(breakerPath, { force: true });
  }
  return true;
}

/** Live tickets in arrival order; stale ones (dead owner on this host, or too old) are removed. */
async function liveTickets(directory: string, staleMs: number): Promise<string[]> {
  const live: string[] = [];
  for (const name of await fs.readdir(directory)) {
    const match = TICKET.exec(name);
    if (!match) continue;
    const age = Date.now() - Number(match[1]);
    const dead = match[2] === HOST_TAG ? !processIsAlive(Number(match[3])) : false;
    if (dead || age > staleMs) await fs.rm(path.join(directory, name), { force: true });
    else live.push(name);
  }
  return live.sort();
}

/** Wakes a waiter on any change to the lock's directory entries, or after `pollMs`. */
class Wakeup {
  private signalled = false;
  private resolve: (() => void) | undefined;
  private readonly watcher: FSWatcher | undefined;

  constructor(directory: string) {
    try {
      this.watcher = watch(directory, { persistent: false }, (_event, name) => {
        if (name === null || String(name).startsWith(".lock")) this.signal();
      });
      this.watcher.on("error", () => this.signal());
    } catch {
      this.watcher = undefined; // no watch here: the poll alone wakes us
    }
  }

  private signal(): void {
    this.signalled = true;
    this.resolve?.();
  }

  /** Call before looking at the directory, so a change during the look is not missed. */
  arm(): void {
    this.signalled = false;
  }

  async wait(pollMs: number): Promise<void> {
    if (this.signalled) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, pollMs);
      this.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.resolve = undefined;
  }

  close(): void {
    this.watcher?.close();
  }
}

function timeoutError(lockPath: string, found: { owner?: LockOwner; raw: string } | undefined, timeoutMs: number): MemoryError {
  const holder = found?.owner
    ? `process ${found.owner.pid} on ${found.owner.host}`
    : found
      ? "an owner that wrote no readable name"
      : "no owner (the waiters ahead did not move)";
  return new MemoryError(
    MemoryErrorCode.LOCK_TIMEOUT,
    `lock ${lockPath} made no progress for ${timeoutMs} ms: held by ${holder}; this write was not made. ` +
      "Retry it; a lock whose process has exited is taken over automatically, so leave the file alone while that process runs.",
  );
}

/** Takes the lock at `lockPath` in arrival order among waiters of all processes. */
export async function acquireFileLock(lockPath: string, options: FileLockOptions = {}): Promise<HeldLock> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 60_000;
  const pollMs = options.pollMs ?? 50;
  const directory = path.dirname(lockPath);
  const nonce = randomBytes(4).toString("hex");
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), nonce, acquiredAt: Date.now() } satisfies LockOwner);
  await fs.mkdir(directory, { recursive: true });
  let ticket: string | undefined;
  let wakeup: Wakeup | undefined;
  let observed = "";
  let progressAt = Date.now();
  try {
    for (;;) {
      wakeup?.arm();
      const queue = await liveTickets(directory, staleMs);
      const mayTry = ticket ? queue[0] === ticket : queue.length === 0;
      if (mayTry) {
        try {
          await createFileExclusive(lockPath, mine, { durable: false });
          return { release: () => releaseIfMine(lockPath, mine) };
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          // ENOENT: our draft was swept as a dead writer's by another host's pid check; retry.
          if (code === "ENOENT") continue;
          if (code !== "EEXIST") throw error;
        }
      }
      if (!ticket) {
        ticket = `.lock.ticket-${String(Date.now()).padStart(13, "0")}-${HOST_TAG}-${process.pid}-${nonce}`;
        wakeup = new Wakeup(directory);
        await fs.writeFile(path.join(directory, ticket), "", { flag: "wx" });
        continue; // the lock may have been released while the ticket was being made
      }
      const found = await readOwner(lockPath);
      if (found && isStale(found, staleMs) && (await breakStaleLock(lockPath, found.raw, staleMs))) continue;
      const state = `${found?.raw ?? ""}|${queue.indexOf(ticket)}`;
      if (state !== observed) {
        observed = state;
        progressAt = Date.now();
      } else if (Date.now() - progressAt > timeoutMs) {
        throw timeoutError(lockPath, found, timeoutMs);
      }
      await wakeup?.wait(pollMs);
    }
  } finally {
    wakeup?.close();
    if (ticket) await fs.rm(path.join(directory, ticket), { force: true });
  }
}

async function releaseIfMine(lockPath: string, mine: string): Promise<void> {
  const current = await readOwner(lockPath).catch(() => undefined);
  if (current?.raw === mine) await fs.rm(lockPath, { force: true });
}

/**
 * Runs `work` while holding the lock file at `lockPath`, across processes on this host (and
 * across hosts on a shared file system, by age). Releases it even when `work` throws.
 */
export async function withFileLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const held = await acquireFileLock(lockPath, options);
  try {
    return await work();
  } finally {
    await held.release();
  }
}
