import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { existsSync } from "node:fs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { FoundryMemory, parseFact } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

const WRITER = path.join(__dirname, "__fixtures__", "concurrent-writer.mjs");

function runWriter(
  root: string,
  worker: number,
  count: number,
  mode: "facts" | "events",
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, root, String(worker), String(count), mode], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`writer ${worker} exited ${code}: ${stderr}`)),
    );
  });
}

describe("several processes at once", () => {
  let cleanup = () => {};
  beforeAll(() => {
    // The writers import the built package, as another program would.
    if (!existsSync(path.join(__dirname, "..", "dist", "index.js"))) {
      throw new Error(
        "packages/memory/dist is missing: run `pnpm --filter @foundry-mcp/memory build` first",
      );
    }
  });
  afterEach(() => cleanup());

  it("4 processes writing 240 facts get unique ids and every file parses", async () => {
    const temp = makeTempRoot();
    cleanup = temp.cleanup;
    const workers = 4;
    const perWorker = 60;
    const outputs = await Promise.all(
      Array.from({ length: workers }, (_, worker) =>
        runWriter(temp.root, worker, perWorker, "facts"),
      ),
    );
    const returnedIds = outputs.flatMap((output) => JSON.parse(output) as string[]);
    expect(new Set(returnedIds).size).toBe(workers * perWorker);

    const factsDir = path.join(temp.root, ".foundry/memory/facts");
    const files = readdirSync(factsDir).sort();
    expect(files).toHaveLength(workers * perWorker);
    expect(files.every((name) => /^fact-\d{4}\.md$/.test(name))).toBe(true);
    const titles = new Set<string>();
    for (const name of files) {
      const parsed = parseFact(readFileSync(path.join(factsDir, name), "utf8"), name.slice(0, -3));
      expect(parsed.ok).toBe(true);
      if (parsed.ok) {
        expect(parsed.fact.supersededBy).toBeUndefined();
        titles.add(parsed.fact.title);
      }
    }
    // every fact is there exactly once
    expect(titles.size).toBe(workers * perWorker);
    // ids are 1..240 with no gap or repeat, and returned ids are exactly the files
    expect(files).toEqual(
      Array.from(
        { length: workers * perWorker },
        (_, index) => `fact-${String(index + 1).padStart(4, "0")}.md`,
      ),
    );
    expect([...returnedIds].sort()).toEqual(files.map((name) => name.slice(0, -3)));
    expect(readFileSync(path.join(temp.root, ".foundry/memory/.last-id"), "utf8").trim()).toBe(
      "240",
    );
    expect(
      readdirSync(path.join(temp.root, ".foundry/memory")).filter(
        (name) => name.includes(".tmp") || name.startsWith(".lock"),
      ),
    ).toEqual([]);

    const memory = new FoundryMemory({ root: temp.root });
    const rebuilt = await memory.rebuildIndex();
    expect(rebuilt.active).toBe(240);
    expect(await memory.problems()).toEqual([]);
    // Reading 240 files schedules a saved-index write; closed, it is cancelled or done before cleanup removes the folder.
    await memory.close();
  }, 120_000);

  it("4 processes appending 200 events never interleave lines", async () => {
    const temp = makeTempRoot();
    cleanup = temp.cleanup;
    await Promise.all(
      Array.from({ length: 4 }, (_, worker) => runWriter(temp.root, worker, 50, "events")),
    );
    const lines = readFileSync(path.join(temp.root, ".foundry/metrics/events.jsonl"), "utf8")
      .trimEnd()
      .split("\n");
    expect(lines).toHaveLength(200);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const memory = new FoundryMemory({ root: temp.root });
    expect(await memory.eventCounts()).toEqual(
      expect.objectContaining({ worker_0: 50, worker_1: 50, worker_2: 50, worker_3: 50 }),
    );
    expect(readFileSync(path.join(temp.root, ".foundry/.gitignore"), "utf8")).toContain(
      "metrics/\n",
    );
  }, 60_000);
});
