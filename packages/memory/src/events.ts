// Metrics events: one JSON line per event appended to `.foundry/metrics/events.jsonl`.
// Each line is written by a single write(2) on a descriptor opened with O_APPEND, so lines
// from concurrent processes never interleave. `.foundry/.gitignore` keeps metrics/ out of git.
// Every tool call records one event, so the append and the .gitignore check are synchronous
// and cost as few system calls as stay correct (each is ~10 µs in a sandbox, and the async
// forms' thread-pool round trips cost more): the log's descriptor stays open between events,
// and each event stats the path first, so a log deleted or renamed away is opened again; a
// .gitignore found to hold its line is read again only once its settled stat changes (fs/settled-stat.ts).
// On Windows the descriptor is opened per event, since a held handle changes how deleting the
// file behaves there.

import { closeSync, fstatSync, mkdirSync, openSync, promises as fs, readFileSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { invalidInput } from "./errors";
import { settledStatKey } from "./fs/settled-stat";
import { writeFileAtomic } from "@foundry-mcp/core/node";

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
const IGNORE_LINE = "metrics/";

/** Makes sure `gitignorePath` lists `metrics/`, keeping whatever else it holds. */
export async function ensureMetricsIgnored(gitignorePath: string): Promise<void> {
  await ensureIgnored(gitignorePath, IGNORE_LINE, "Foundry metrics are local to each checkout");
}

/** `.gitignore` path and line → the file's settled stat key when it was read and held the line. */
const confirmedIgnores = new Map<string, string>();
const MAX_CONFIRMED_IGNORES = 64;

/** Makes sure `gitignorePath` lists `line` (a folder such as `cache/`), with a comment saying why. */
export async function ensureIgnored(gitignorePath: string, line: string, why: string): Promise<void> {
  const confirmedAs = `${gitignorePath}\n${line}`;
  const statKey = settledStatKey(gitignorePath);
  const vouches = statKey !== "missing" && statKey !== "racy";
  if (vouches && confirmedIgnores.get(confirmedAs) === statKey) return;
  let current = "";
  try {
    current = readFileSync(gitignorePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const folder = line.replace(/\/$/, "");
  const lines = current.split(/\r?\n/).map((one) => one.trim());
  if (lines.includes(line) || lines.includes(folder) || lines.includes(`/${line}`)) {
    // A change after the stat gives a new key anyway.
    if (vouches) {
      if (confirmedIgnores.size >= MAX_CONFIRMED_IGNORES) confirmedIgnores.clear();
      confirmedIgnores.set(confirmedAs, statKey);
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

/** A descriptor appending to the file now at `eventsPath` (opened again if the file was deleted or replaced). */
function logDescriptor(eventsPath: string): number {
  const held = openLogs.get(eventsPath);
  if (held) {
    const now = statSync(eventsPath, { throwIfNoEntry: false });
    if (now && now.ino === held.ino && now.dev === held.dev) return held.descriptor;
    forgetLog(eventsPath);
  }
  const descriptor = openLog(eventsPath);
  const { dev, ino } = fstatSync(descriptor);
  if (openLogs.size >= MAX_OPEN_LOGS) forgetLog(openLogs.keys().next().value as string);
  openLogs.set(eventsPath, { descriptor, dev, ino });
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
  const descriptor = KEEP_LOGS_OPEN ? logDescriptor(eventsPath) : openLog(eventsPath);
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

/** Counts events by name, in order of first appearance; unparsable lines are skipped. */
export async function countEvents(eventsPath: string): Promise<Record<string, number>> {
  let text: string;
  try {
    text = await fs.readFile(eventsPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
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
