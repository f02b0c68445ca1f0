// Metrics events: one JSON line per event appended to `.foundry/metrics/events.jsonl`.
// Each line is written by a single write(2) on a descriptor opened with O_APPEND, so lines
// from concurrent processes never interleave. `.foundry/.gitignore` keeps metrics/ out of git.

import { promises as fs } from "node:fs";
import path from "node:path";
import { invalidInput } from "./errors";
import { writeFileAtomic } from "./fs/atomic-write";

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
const IGNORE_LINE = "metrics/";

/** Makes sure `gitignorePath` lists `metrics/`, keeping whatever else it holds. */
export async function ensureMetricsIgnored(gitignorePath: string): Promise<void> {
  let current = "";
  try {
    current = await fs.readFile(gitignorePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const lines = current.split(/\r?\n/).map((line) => line.trim());
  if (lines.includes(IGNORE_LINE) || lines.includes("metrics") || lines.includes("/metrics/"))
    return;
  const prefix = current.length > 0 && !current.endsWith("\n") ? `${current}\n` : current;
  await writeFileAtomic(
    gitignorePath,
    `${prefix}# Foundry metrics are local to each checkout\n${IGNORE_LINE}\n`,
  );
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
  await fs.mkdir(path.dirname(eventsPath), { recursive: true });
  const handle = await fs.open(eventsPath, "a");
  try {
    const { bytesWritten } = await handle.write(line, 0, line.length);
    if (bytesWritten !== line.length)
      throw new Error(`short append to ${eventsPath}: ${bytesWritten} of ${line.length} bytes`);
  } finally {
    await handle.close();
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
