import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { estimateTokens } from "@foundry-mcp/tokens";
import { FoundryMemory, formatTokenReport } from "../src/index";
import { RECHECK_MS } from "../src/events";
import { settledStatKey } from "../src/fs/settled-stat";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
let memory: FoundryMemory;
// The memory's clock: events re-check their paths at most once a second (RECHECK_MS) by it.
let clock = Date.parse("2026-03-10T12:00:00Z");
const aSecondLater = () => (clock += RECHECK_MS);
beforeEach(() => {
  ({ root, cleanup } = makeTempRoot());
  clock = Date.parse("2026-03-10T12:00:00Z");
  memory = new FoundryMemory({ root, now: () => new Date(clock) });
});
afterEach(() => cleanup());

describe("events", () => {
  it("appends one JSON line per event and counts by name in first-seen order", async () => {
    await memory.recordEvent("memory_search", { query: "x" });
    await memory.recordEvent("memory_write");
    await memory.recordEvent("memory_search");
    await memory.recordEvent("gate_blocked", { event: "spoofed", ts: "spoofed" });
    const lines = readFileSync(path.join(root, ".foundry/metrics/events.jsonl"), "utf8").split(
      "\n",
    );
    expect(lines[0]).toBe('{"ts":"2026-03-10T12:00:00.000Z","event":"memory_search","query":"x"}');
    expect(lines[3]).toBe('{"ts":"2026-03-10T12:00:00.000Z","event":"gate_blocked"}');
    const counts = await memory.eventCounts();
    expect(Object.entries(counts)).toEqual([
      ["memory_search", 2],
      ["memory_write", 1],
      ["gate_blocked", 1],
    ]);
  });

  it("skips a torn line and keeps an existing .gitignore", async () => {
    mkdirSync(path.join(root, ".foundry/metrics"), { recursive: true });
    writeFileSync(path.join(root, ".foundry/.gitignore"), "blackboard/tmp/");
    writeFileSync(path.join(root, ".foundry/metrics/events.jsonl"), '{"event":"a"}\n{"event":"b"');
    await memory.recordEvent("a");
    expect(await memory.eventCounts()).toEqual({ a: 1 });
    expect(readFileSync(path.join(root, ".foundry/.gitignore"), "utf8")).toBe(
      "blackboard/tmp/\n# Foundry metrics are local to each checkout\nmetrics/\n",
    );
    await memory.recordEvent("a");
    expect(
      readFileSync(path.join(root, ".foundry/.gitignore"), "utf8").match(/metrics\//g),
    ).toHaveLength(1);
  });

  // Regression: the log's descriptor stays open between events; a log deleted or renamed away
  // must not swallow the events that follow (they would go to the unlinked or moved file)
  // beyond the second in which its path is trusted without a stat.
  it("a log deleted or renamed away while events are recorded is opened again at its path within a second", async () => {
    const log = path.join(root, ".foundry/metrics/events.jsonl");
    await memory.recordEvent("before");
    rmSync(log);
    aSecondLater();
    await memory.recordEvent("after_delete");
    expect(readFileSync(log, "utf8")).toBe('{"ts":"2026-03-10T12:00:01.000Z","event":"after_delete"}\n');
    renameSync(log, `${log}.old`);
    // Within the second the path was checked, the held file still gets the events (as a
    // renamed log does from any writer holding it open); the next check follows the path.
    await memory.recordEvent("same_second");
    aSecondLater();
    await memory.recordEvent("after_rename");
    expect(await memory.eventCounts()).toEqual({ after_rename: 1 });
    expect(readFileSync(`${log}.old`, "utf8")).toContain("same_second");
    expect(readFileSync(`${log}.old`, "utf8")).not.toContain("after_rename");
    rmSync(path.join(root, ".foundry/metrics"), { recursive: true });
    aSecondLater();
    await memory.recordEvent("after_folder");
    expect(await memory.eventCounts()).toEqual({ after_folder: 1 });
  });

  // Regression: a .gitignore once seen to hold metrics/ is not read again per event while its
  // stat signature holds; an edit that drops the line changes the signature and is repaired by
  // the first event a second or more after the last check.
  it("puts metrics/ back after an edit drops it from a .gitignore already checked", async () => {
    const gitignore = path.join(root, ".foundry/.gitignore");
    await memory.recordEvent("first");
    // Old enough to be trusted (an edit within one timestamp tick could go unseen before that): the
    // condition events.ts itself checks, by the real clock against the file's ctime.
    await expect.poll(() => settledStatKey(gitignore), { interval: 50 }).not.toBe("racy");
    await memory.recordEvent("checked");
    writeFileSync(gitignore, "blackboard/tmp/\n");
    // Checked at most once a second: an event in the same second makes no system call for it.
    await memory.recordEvent("same_second");
    expect(readFileSync(gitignore, "utf8")).toBe("blackboard/tmp/\n");
    aSecondLater();
    await memory.recordEvent("after_edit");
    expect(readFileSync(gitignore, "utf8")).toBe("blackboard/tmp/\n# Foundry metrics are local to each checkout\nmetrics/\n");
  });

  it("refuses a bad event name", async () => {
    await expect(memory.recordEvent("bad name")).rejects.toThrow(
      'event name "bad name" must be 1–64 characters: a letter, then letters, digits, _ . : or -.',
    );
  });
});

describe("token report", () => {
  it("formats the SPEC text exactly", () => {
    const text = formatTokenReport({
      memory: {
        indexTokens: 1980,
        budgetTokens: 4000,
        factsStored: 16,
        factsTokens: 9700,
        eagerTokens: 9700,
      },
      blackboardTokens: 24800,
      events: { memory_search: 41, memory_write: 16, gate_blocked: 3, blackboard_write: 9 },
    });
    expect(text).toBe(
      "# Foundry token report\n\n- Memory index: ~1980 tokens of a 4000 budget (always in context)\n- Facts stored: 16, ~9700 tokens total (retrieved on demand only)\n- Blackboard artifacts: ~24800 tokens (never enter context wholesale)\n- Recorded events: memory_search=41, memory_write=16, gate_blocked=3, blackboard_write=9\n\nLoading all memory eagerly would cost ~34500 tokens per session; the index-first path costs ~1980.",
    );
    expect(
      formatTokenReport({
        memory: {
          indexTokens: 0,
          budgetTokens: 4000,
          factsStored: 0,
          factsTokens: 0,
          eagerTokens: 0,
        },
        blackboardTokens: 0,
        events: {},
      }),
    ).toContain("- Recorded events: none\n");
  });

  it("figures count every fact file, superseded and unreadable ones included, and the index as it stands", async () => {
    await memory.write({ title: "Cache TTL is 60 minutes", body: "a", type: "constraint" });
    await memory.write({ title: "Cache TTL is 90 minutes", body: "b", type: "constraint" });
    const broken = "---\nid: fact-0003\ntype: nope\n---\nbody\n";
    writeFileSync(path.join(root, ".foundry/memory/facts/fact-0003.md"), broken);
    const factsDir = path.join(root, ".foundry/memory/facts");
    const expected = ["fact-0001.md", "fact-0002.md", "fact-0003.md"].reduce(
      (sum, name) => sum + estimateTokens(readFileSync(path.join(factsDir, name), "utf8")),
      0,
    );
    const figures = await memory.tokenFigures();
    expect(figures).toEqual({
      indexTokens: estimateTokens(
        readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8"),
      ),
      budgetTokens: 4000,
      factsStored: 3,
      factsTokens: expected,
      eagerTokens: expected,
    });
  });
});
