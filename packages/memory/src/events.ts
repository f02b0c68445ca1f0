// Metrics events: one JSON line per event appended to `.foundry/metrics/events.jsonl`.
// Each line is written by a single write(2) on a descriptor opened with O_APPEND, so lines
// from concurrent processes never interleave. `.foundry/.gitignore` keeps metrics/ out of git.
// Every tool call records one event, so the append and the .gitignore check are synchronous
// and cost as few system calls as stay correct (each is 10–30 µs here, and the async forms'
// thread-pool round trips cost more). The log's descriptor stays open between events; at most
// once a second (RECHECK_MS, on the caller's clock) an event stats the path first, so a log
// deleted or renamed away is opened again at its path. Until then, as with any log writer that
// holds its file open (logrotate's default), events of that second go to the file as it was: a
// renamed log gets them, a deleted one loses them. A .gitignore found to hold its line is
// checked again at most once a second, and read again only when its settled stat changed
// (fs/settled-stat.ts). Before session 10 both were stat-ed on every event: two of an event's
// three system calls, ~60 µs of a ~700 µs memory_search at 10,000 facts.
// On Windows the descriptor is opened per event, since a held handle changes how deleting the
// file behaves there.

import { closeSync, fstatSync, mkdirSync, openSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { invalidInput } from "./errors";
import { FILE_BOUNDS, readBoundedText } from "./fs/bounded-read";
import { settledStatKey } from "./fs/settled-stat";
import { writeFileAtomic } from "@foundry-mcp/core/node";

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
const IGNORE_LINE = "metrics/";
/** How long a checked log path or .gitignore is trusted without another system call. */
export const RECHECK_MS = 1_000;

/** Whether a check made at `checkedAt` still holds at `nowMs` (a clock that went back never does). */
function stillFresh(checkedAt: number, nowMs: number): boolean {
  return nowMs >= checkedAt && nowMs - checkedAt < RECHECK_MS;
}

/** Makes sure `gitignorePath` lists `metrics/`, keeping whatever else it holds. */
export async function ensureMetricsIgnored(gitignorePath: string, nowMs = Date.now()): Promise<void> {
  await ensureIgnored(gitignorePath, IGNORE_LINE, "Foundry metrics are local to each checkout", nowMs);
}

/** The lines of `.foundry/.gitignore` a merge-safe store keeps, in a fixed order, with why. */
export const MERGE_SAFE_IGNORES: readonly (readonly [line: string, why: string])[] = [
  [IGNORE_LINE, "Foundry metrics are local to each checkout"],
  ["cache/", "Foundry's saved memory index is rebuilt from the fact files"],
  ["memory/INDEX.md", "INDEX.md is rebuilt from the fact files; tracked in git it would conflict on merges"],
  // A running server takes and drops these at any moment (a background index save, another
  // writer's turn); `git add -A` listing one that vanished before git stat-ed it failed with
  // "unable to stat", and one it caught would be committed.
  ["memory/.lock*", "The memory's write lock and its waiters' tickets exist only while a server writes"],
  [".*.tmp", "Drafts of atomic writes exist only while a file is being replaced"],
];

/**
 * Makes sure `gitignorePath` lists every line of {@link MERGE_SAFE_IGNORES}, adding the missing
 * ones in that order. Branches that start from one .gitignore thus add the same text, whichever
 * event came first on each, and merge without a conflict.
 */
export async function ensureMergeSafeIgnores(gitignorePath: string, nowMs = Date.now()): Promise<void> {
  for (const [line, why] of MERGE_SAFE_IGNORES) await ensureIgnored(gitignorePath, line, why, nowMs);
}

/** `.gitignore` path and line → the file's settled stat key when it was read and held the line, and when that was last checked. */
const confirmedIgnores = new Map<string, { statKey: string; checkedAt: number }>();
const MAX_CONFIRMED_IGNORES = 64;

/** Makes sure `gitignorePath` lists `line` (a folder such as `cache/`), with a comment saying why. */
export async function ensureIgnored(gitignorePath: string, line: string, why: string, nowMs = Date.now()): Promise<void> {
  const confirmedAs = `${gitignorePath}\n${line}`;
  const confirmed = confirmedIgnores.get(confirmedAs);
  if (confirmed && stillFresh(confirmed.checkedAt, nowMs)) return;
  const statKey = settledStatKey(gitignorePath);
  const vouches = statKey !== "missing" && statKey !== "racy";
  if (vouches && confirmed?.statKey === statKey) {
    confirmed.checkedAt = nowMs;
    return;
  }
  // Bounded, and never through a link out of `.foundry/`: such a file is treated as empty and replaced.
  const read = readBoundedText(gitignorePath, { boundary: path.dirname(gitignorePath), maxBytes: FILE_BOUNDS.small });
  const current = read.ok ? read.text : "";
  const folder = line.replace(/\/$/, "");
  const lines = current.split(/\r?\n/).map((one) => one.trim());
  if (lines.includes(line) || lines.includes(folder) || lines.includes(`/${line}`)) {
    // A change after the stat gives a new key anyway.
    if (vouches) {
      if (confirmedIgnores.size >= MAX_CONFIRMED_IGNORES) confirmedIgnores.clear();
      confirmedIgnores.set(confirmedAs, { statKey, checkedAt: nowMs });
    }
    return;
  }
  const prefix = current.length > 0 && !current.endsWith("\n") ? `${current}\n` : current;
  await writeFileAtomic(gitignorePath, `${prefix}# ${why}\n${line}\n`);
}

/** An events log's open descriptor and the file it was opened on. */
interface OpenLog {
  readonly descriptor: number;
  readonly dev: number;
  readonly ino: number;
  /** When the path was last seen to name this file. */
  checkedAt: number;
}

const openLogs = new Map<string, OpenLog>();
/** Logs kept open at once (one per project root a process records for); the oldest is closed. */
const MAX_OPEN_LOGS = 16;
const KEEP_LOGS_OPEN = process.platform !== "win32";

function openLog(eventsPath: string): number {
  try {
    return openSync(eventsPath, "a");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(eventsPath), { recursive: true });
    return openSync(eventsPath, "a");
  }
}

function forgetLog(eventsPath: string): void {
  const held = openLogs.get(eventsPath);
  if (!held) return;
  openLogs.delete(eventsPath);
  try {
    closeSync(held.descriptor);
  } catch {
    // already closed
  }
}

/** A descriptor appending to the file at `eventsPath`, checked at most once a second (opened again if the file was deleted or replaced). */
function logDescriptor(eventsPath: string, nowMs: number): number {
  const held = openLogs.get(eventsPath);
  if (held) {
    if (stillFresh(held.checkedAt, nowMs)) return held.descriptor;
    const current = statSync(eventsPath, { throwIfNoEntry: false });
    if (current && current.ino === held.ino && current.dev === held.dev) {
      held.checkedAt = nowMs;
      return held.descriptor;
    }
    forgetLog(eventsPath);
  }
  const descriptor = openLog(eventsPath);
  const { dev, ino } = fstatSync(descriptor);
  if (openLogs.size >= MAX_OPEN_LOGS) forgetLog(openLogs.keys().next().value as string);
  openLogs.set(eventsPath, { descriptor, dev, ino, checkedAt: nowMs });
  return descriptor;
}

/** Appends one event line: `{"ts": ISO time, "event": name, ...detail}`. */
export async function appendEvent(
  eventsPath: string,
  name: string,
  detail: Record<string, unknown> = {},
  now: Date = new Date(),
): Promise<void> {
  if (typeof name !== "string" || !EVENT_NAME.test(name)) {
    throw invalidInput(
      `event name ${JSON.stringify(name)} must be 1–64 characters: a letter, then letters, digits, _ . : or -.`,
    );
  }
  const { ts: _ts, event: _event, ...rest } = detail;
  const line = Buffer.from(
    `${JSON.stringify({ ts: now.toISOString(), event: name, ...rest })}\n`,
    "utf8",
  );
  const descriptor = KEEP_LOGS_OPEN ? logDescriptor(eventsPath, now.getTime()) : openLog(eventsPath);
  try {
    const bytesWritten = writeSync(descriptor, line, 0, line.length);
    if (bytesWritten !== line.length)
      throw new Error(`short append to ${eventsPath}: ${bytesWritten} of ${line.length} bytes`);
  } catch (error) {
    forgetLog(eventsPath); // the next event starts from a fresh descriptor
    throw error;
  } finally {
    if (!KEEP_LOGS_OPEN) closeSync(descriptor);
  }
}

/**
 * The events file's text, or "" when there is none (or it may not be read): the log's last 64 MiB
 * at most (a cut first line is skipped like a torn one), and never a link out of `.foundry/`, a
 * FIFO or a device.
 */
function readEvents(eventsPath: string): string {
  const read = readBoundedText(eventsPath, { boundary: path.dirname(path.dirname(eventsPath)), maxBytes: FILE_BOUNDS.eventsTail, tail: true });
  return read.ok ? read.text : "";
}

/** One event name's count and the sums of its `tokens` and `savedTokens` details. */
export interface EventTotals {
  count: number;
  tokens: number;
  savedTokens: number;
}

const tokenDetail = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0);

/** Totals by event name, in order of first appearance; unparsable lines are skipped. */
export async function totalEvents(eventsPath: string): Promise<Record<string, EventTotals>> {
  const totals: Record<string, EventTotals> = {};
  for (const line of readEvents(eventsPath).split("\n")) {
    if (line.length === 0) continue;
    try {
      const { event, tokens, savedTokens } = JSON.parse(line) as { event?: unknown; tokens?: unknown; savedTokens?: unknown };
      if (typeof event !== "string") continue;
      const total = (totals[event] ??= { count: 0, tokens: 0, savedTokens: 0 });
      total.count += 1;
      total.tokens += tokenDetail(tokens);
      total.savedTokens += tokenDetail(savedTokens);
    } catch {
      // a line cut by a crash mid-write carries nothing
    }
  }
  return totals;
}

/** Counts events by name, in order of first appearance; unparsable lines are skipped. */
export async function countEvents(eventsPath: string): Promise<Record<string, number>> {
  const text = readEvents(eventsPath);
  const counts: Record<string, number> = {};
  for (const line of text.split("\n")) {
    if (line.length === 0) continue;
    try {
      const event = (JSON.parse(line) as { event?: unknown }).event;
      if (typeof event === "string") counts[event] = (counts[event] ?? 0) + 1;
    } catch {
      // a line cut by a crash mid-write carries no count
    }
  }
  return counts;
}
