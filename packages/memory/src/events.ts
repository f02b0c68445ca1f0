// Metrics events: one JSON line per event appended to `.foundry/metrics/events.jsonl`.
// Each line is written by a single write(2) on a descriptor opened with O_APPEND, so lines
// from concurrent processes never interleave. `.foundry/.gitignore` keeps metrics/ out of git.
// Every tool call records one event, so the append and the .gitignore check use synchronous
// calls: a few microseconds each, where the thread-pool round trips of the async forms cost
// milliseconds per call on a busy machine.

import { closeSync, mkdirSync, openSync, promises as fs, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { invalidInput } from "./errors";
import { writeFileAtomic } from "@foundry-mcp/core/node";

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
const IGNORE_LINE = "metrics/";

/** Makes sure `gitignorePath` lists `metrics/`, keeping whatever else it holds. */
export async function ensureMetricsIgnored(gitignorePath: string): Promise<void> {
  await ensureIgnored(gitignorePath, IGNORE_LINE, "Foundry metrics are local to each checkout");
}

/** Makes sure `gitignorePath` lists `line` (a folder such as `cache/`), with a comment saying why. */
export async function ensureIgnored(gitignorePath: string, line: string, why: string): Promise<void> {
  let current = "";
  try {
    current = readFileSync(gitignorePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const folder = line.replace(/\/$/, "");
  const lines = current.split(/\r?\n/).map((one) => one.trim());
  if (lines.includes(line) || lines.includes(folder) || lines.includes(`/${line}`)) return;
  const prefix = current.length > 0 && !current.endsWith("\n") ? `${current}\n` : current;
  await writeFileAtomic(gitignorePath, `${prefix}# ${why}\n${line}\n`);
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
  let descriptor: number;
  try {
    descriptor = openSync(eventsPath, "a");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(path.dirname(eventsPath), { recursive: true });
    descriptor = openSync(eventsPath, "a");
  }
  try {
    const bytesWritten = writeSync(descriptor, line, 0, line.length);
    if (bytesWritten !== line.length)
      throw new Error(`short append to ${eventsPath}: ${bytesWritten} of ${line.length} bytes`);
  } finally {
    closeSync(descriptor);
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
