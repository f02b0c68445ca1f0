// The JSON log in batches (issue #33's cost target): a turn's lines leave in one write, each line
// still one JSON object with the same keys; past MAX_BUFFERED_LOG_CHARS the held lines are written
// at once; flush() and the process's exit write what is held; text lines and a log with its own
// `write` are written line by line as before.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createStructuredLog, MAX_BUFFERED_LOG_CHARS } from "../src/operations/structured-log";

const REQUEST_KEYS = ["level", "time", "service", "request_id", "method", "tool", "duration_ms", "outcome"];
const record = (index: number) => ({ request_id: `r${index}`, method: "tools/call", tool: "read_tool", duration_ms: 1.5, outcome: "ok" });
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const linesOf = (writes: string[]) => writes.join("").split("\n").slice(0, -1);

describe("the JSON log's batches", () => {
  it("writes one turn's records in one write, each line one JSON object with the request keys", async () => {
    const writes: string[] = [];
    const log = createStructuredLog({ format: "json", service: "test", write: (text) => void writes.push(text), batch: true });
    for (let index = 0; index < 3; index++) log.record("info", record(index));
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    const parsed = linesOf(writes).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => Object.keys(line))).toEqual([REQUEST_KEYS, REQUEST_KEYS, REQUEST_KEYS]);
    expect(parsed.map((line) => line.request_id)).toEqual(["r0", "r1", "r2"]);
  });

  it(`writes at once when the held lines reach ${MAX_BUFFERED_LOG_CHARS} characters, so a busy turn holds no more`, () => {
    const writes: string[] = [];
    const log = createStructuredLog({ format: "json", service: "test", write: (text) => void writes.push(text), batch: true });
    const long = "x".repeat(1000);
    for (let index = 0; index < 200; index++) log.record("info", { ...record(index), note: long });
    // Written without waiting for the turn's end, each write at most the bound plus the line that reached it.
    expect(writes.length).toBeGreaterThanOrEqual(2);
    for (const text of writes) expect(text.length).toBeLessThan(MAX_BUFFERED_LOG_CHARS + 2000);
    log.flush();
    expect(linesOf(writes).map((line) => (JSON.parse(line) as { request_id: string }).request_id)).toEqual(Array.from({ length: 200 }, (_, index) => `r${index}`));
  });

  it("writes held lines on flush() and before a text line, and a log with its own write line by line", () => {
    const writes: string[] = [];
    const batched = createStructuredLog({ format: "json", service: "test", write: (text) => void writes.push(text), batch: true });
    batched.record("info", record(0));
    batched.flush();
    expect(linesOf(writes)).toHaveLength(1);
    const own: string[] = [];
    const unbatched = createStructuredLog({ format: "json", service: "test", write: (line) => void own.push(line) });
    unbatched.record("info", record(1));
    unbatched.write("warn", "second");
    expect(own.map((line) => (JSON.parse(line) as { request_id?: string; msg?: string }).request_id ?? (JSON.parse(line) as { msg: string }).msg)).toEqual(["r1", "second"]);
  });

  it("writes what it holds when the process exits at once after logging (stderr to a file)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "structured-log-"));
    try {
      const file = path.join(dir, "stderr.log");
      const fd = fs.openSync(file, "w");
      const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
      // The built package, as an app runs it: 50 records, then exit in the same turn.
      const script = `const { createStructuredLog } = await import(${JSON.stringify(dist)});
        const log = createStructuredLog({ format: "json", service: "exit-test" });
        for (let i = 0; i < 50; i++) log.record("info", { request_id: "r" + i, outcome: "ok" });
        process.exit(0);`;
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "ignore", fd], timeout: 60_000 });
      fs.closeSync(fd);
      expect(child.status).toBe(0);
      const lines = fs.readFileSync(file, "utf8").split("\n").slice(0, -1).map((line) => JSON.parse(line) as { request_id: string });
      expect(lines.map((line) => line.request_id)).toEqual(Array.from({ length: 50 }, (_, index) => `r${index}`));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
