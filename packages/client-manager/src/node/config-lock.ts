// A cross-process lock around each read-modify-write of a home folder's files, so that parallel
// `mcp add` processes of a host never lose each other's servers or tokens. The lock is a file made
// with O_EXCL holding its owner's pid; a waiter polls it with a short capped backoff (edits take
// milliseconds) and takes over a lock whose owner is dead or that is older than `staleMs`. The
// API is synchronous because ConfigStore's is; the wait sleeps with Atomics.wait, not a spin.
import fs from "node:fs";
import { messageOf } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";

/** Options of {@link withFileLock}. */
export interface FileLockOptions {
  /** Give up waiting after this long. Default 10 000 ms. */
  timeoutMs?: number;
  /** A lock older than this is taken over even if its owner still runs (it hung). Default 30 000 ms. */
  staleMs?: number;
}

// Locks this process holds, by path, with their depth: an edit that calls another edit
// (removeServer → removeToken) re-enters instead of waiting for itself.
const held = new Map<string, number>();
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function ownerAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

interface LockState {
  ino: number;
  pid: number | undefined;
  ageMs: number;
}

function readLock(file: string): LockState | undefined {
  try {
    const stat = fs.statSync(file);
    const owner = /^(\d+)\b/.exec(fs.readFileSync(file, "utf8"));
    return { ino: stat.ino, pid: owner?.[1] === undefined ? undefined : Number(owner[1]), ageMs: Date.now() - stat.mtimeMs };
  } catch {
    return undefined;
  }
}

// A lock is stale when its owner is gone, when it never got its pid written (owner killed in
// between) for over a second, or when it is older than staleMs.
function isStale(lock: LockState, staleMs: number): boolean {
  if (lock.ageMs > staleMs) return true;
  if (lock.pid === undefined) return lock.ageMs > 1000;
  return lock.pid !== process.pid && !ownerAlive(lock.pid);
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `Cannot create the lock ${file}: ${messageOf(error)}`, { cause: error });
  }
  try {
    fs.writeSync(fd, `${process.pid} ${new Date().toISOString()}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function acquire(file: string, options: FileLockOptions): void {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  let delayMs = 1;
  while (!tryCreate(file)) {
    const lock = readLock(file);
    if (lock && isStale(lock, staleMs)) {
      // Remove only the lock judged stale: a fresh one made meanwhile has another inode.
      if (readLock(file)?.ino === lock.ino) fs.rmSync(file, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      const owner = lock?.pid === undefined ? "another process" : `process ${lock.pid}`;
      throw new ClientManagerError(
        ClientManagerErrorCode.CONFIG_LOCKED,
        `${file} is held by ${owner}, which is editing the configuration; waited ${timeoutMs} ms. Try again when it has finished.`,
      );
    }
    sleepSync(delayMs + Math.random() * delayMs);
    delayMs = Math.min(delayMs * 2, 25);
  }
}

/**
 * Runs `edit` while holding the lock file `file` (created, and removed after). Re-entrant in
 * one process.
 *
 * @example
 * withFileLock(path.join(home, "mcp.lock"), () => { const c = load(); c.servers.x = …; save(c); });
 */
export function withFileLock<T>(file: string, edit: () => T, options: FileLockOptions = {}): T {
  const depth = held.get(file) ?? 0;
  if (depth === 0) acquire(file, options);
  held.set(file, depth + 1);
  try {
    return edit();
  } finally {
    if (depth === 0) {
      held.delete(file);
      fs.rmSync(file, { force: true });
    } else held.set(file, depth);
  }
}
