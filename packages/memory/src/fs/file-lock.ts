// A cross-process lock made of one file that appears complete: the owner's pid, host and a
// random nonce are written with createFileExclusive (a private temporary file hard-linked to the
// lock path: EEXIST while the lock is held, never a half-written lock). A plain O_EXCL
// create-then-write left an empty lock behind when a writer was killed between the two calls,
// which blocked every writer until the age rule (regression: the reliability crashes test). A lock whose owner is a dead process on this host, or that is
// older than `staleMs`, is stale and may be broken; breaking is itself serialised by a second
// exclusive "breaker" file so two waiters can never both remove a lock and both enter.
// Neighbours: the markdown driver holds this lock around id allocation and every write.

import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { MemoryError, MemoryErrorCode } from "../errors";
import { createFileExclusive } from "./atomic-write";

/** Tuning of {@link withFileLock}. */
export interface FileLockOptions {
  /** Give up after this long waiting for a live owner (default 30 s). */
  timeoutMs?: number;
  /** A lock older than this is stale even if its owner cannot be checked (default 60 s). */
  staleMs?: number;
}

interface LockOwner {
  pid: number;
  host: string;
  nonce: string;
  acquiredAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readOwner(
  lockPath: string,
): Promise<{ raw: string; owner?: LockOwner; mtimeMs: number } | undefined> {
  try {
    const [raw, stat] = await Promise.all([fs.readFile(lockPath, "utf8"), fs.stat(lockPath)]);
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
  // An owner that wrote nothing yet (crashed between create and write) or on another host.
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

/**
 * Runs `work` while holding the lock file at `lockPath`, across processes on this host (and
 * across hosts on a shared file system, by age). Releases it even when `work` throws.
 */
export async function withFileLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const staleMs = options.staleMs ?? 60_000;
  const owner: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    nonce: randomBytes(8).toString("hex"),
    acquiredAt: Date.now(),
  };
  const mine = JSON.stringify(owner);
  const deadline = Date.now() + timeoutMs;
  await fs.mkdir(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      await createFileExclusive(lockPath, mine);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const found = await readOwner(lockPath);
    if (found && isStale(found, staleMs) && (await breakStaleLock(lockPath, found.raw, staleMs))) continue;
    if (Date.now() > deadline) {
      throw new MemoryError(
        MemoryErrorCode.LOCK_TIMEOUT,
        `lock ${lockPath} is still held by ${found?.raw || "an unknown owner"} after ${timeoutMs} ms; retry, or delete the file if no Foundry process is running.`,
      );
    }
    await sleep(Math.min(50, 2 + attempt * 2) + Math.random() * 5);
  }
  try {
    return await work();
  } finally {
    const current = await readOwner(lockPath).catch(() => undefined);
    if (current?.raw === mine) await fs.rm(lockPath, { force: true });
  }
}
