// Races: many processes on one project root or one workspace at once. Nothing is lost, nothing is
// half-written, and a cap is never exceeded.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectFoundry, connectGateway, initGateway, resultText, serveGateway, temporaryDir } from "./support/programs";

afterAll(cleanupTemporaryDirs);

const WORDS = ["amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor", "indigo", "jasper", "kelp", "lagoon", "meadow", "nectar", "onyx", "prairie"];

function uniqueTitle(process: number, index: number): string {
  // Letters only and far apart, so no two titles count as a restatement of each other.
  const digest = createHash("sha256").update(`${process}:${index}`).digest("hex").slice(0, 12);
  const letters = [...digest].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join("");
  return `${WORDS[process % WORDS.length]} convention ${letters} ${WORDS[index % WORDS.length]}`;
}

function frontMatterId(file: string): string | null {
  const text = readFileSync(file, "utf8");
  const match = /^---\n([\s\S]*?)\n---/.exec(text);
  return match ? (/^id:\s*"?([\w-]+)"?/m.exec(match[1] ?? "")?.[1] ?? null) : null;
}

describe("races", () => {
  it("8 foundry-server processes writing 250 facts each keep all 2,000 with unique ids", async () => {
    const root = temporaryDir("race-facts");
    const PROCESSES = 8;
    const PER_PROCESS = 250;
    const clients: Client[] = await Promise.all(Array.from({ length: PROCESSES }, (_, p) => connectFoundry(root, `writer-${p}`)));
    try {
      const outcomes = await Promise.all(
        clients.map(async (client, p) => {
          const created: string[] = [];
          for (let i = 0; i < PER_PROCESS; i += 1) {
            const result = await client.callTool({
              name: "memory_write",
              arguments: { title: uniqueTitle(p, i), body: `Writer ${p} records rule number ${i} for the race test.`, type: "convention", tags: [`writer-${p}`] },
            });
            const text = resultText(result);
            const id = /^created: (fact-\d{4,})\n/.exec(text)?.[1];
            if (!id) throw new Error(`writer ${p} write ${i} did not create a fact: ${text}`);
            created.push(id);
          }
          return created;
        }),
      );
      const ids = outcomes.flat();
      expect(ids).toHaveLength(PROCESSES * PER_PROCESS);
      expect(new Set(ids).size).toBe(ids.length);

      const factsDir = path.join(root, ".foundry/memory/facts");
      const files = readdirSync(factsDir).filter((f) => /^fact-\d+\.md$/.test(f));
      expect(files).toHaveLength(PROCESSES * PER_PROCESS);
      const idsOnDisk = files.map((f) => frontMatterId(path.join(factsDir, f)));
      expect(idsOnDisk.every((id) => id !== null)).toBe(true);
      expect(new Set(idsOnDisk).size).toBe(files.length);
      expect(new Set(idsOnDisk)).toEqual(new Set(ids));

      const report = resultText(await clients[0]!.callTool({ name: "memory_index", arguments: {} }));
      expect(report.split("\n")[0]).toBe(`Rebuilt ${path.join(root, ".foundry/memory/INDEX.md")}`);
      const counts = /^(\d+)\/(\d+) facts listed, ~\d+ tokens, (\d+) omitted\.$/.exec(report.split("\n")[1] ?? "");
      expect(counts, report).not.toBeNull();
      expect(Number(counts![2])).toBe(PROCESSES * PER_PROCESS);
      expect(Number(counts![1]) + Number(counts![3])).toBe(PROCESSES * PER_PROCESS);
      // INDEX.md lists titles, one line each: exactly as many as reported, every one a fact written.
      const index = readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8");
      const titles = new Set(Array.from({ length: PROCESSES }, (_, p) => Array.from({ length: PER_PROCESS }, (_, i) => uniqueTitle(p, i))).flat());
      const listedTitles = index.split("\n").filter((line) => line.startsWith("- ")).map((line) => line.slice(2).replace(/ \([^)]*\)$/, ""));
      expect(listedTitles.length).toBe(Number(counts![1]));
      expect(new Set(listedTitles).size).toBe(listedTitles.length);
      for (const title of listedTitles) expect(titles.has(title), title).toBe(true);
      expect(index).toContain(`${counts![3]} more active facts omitted over budget`);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  }, 600_000);

  it("blackboard writes racing full reads never show a half-written artifact", async () => {
    const root = temporaryDir("race-blackboard");
    const [writer, ...readers] = await Promise.all(Array.from({ length: 4 }, (_, i) => connectFoundry(root, `bb-${i}`)));
    try {
      const artifact = (round: number) => ({
        title: `Round ${round}`,
        summary: `Round ${round} of the race.`,
        failureScenario: "Readers see a torn file.",
        severity: "low",
        notes: "x".repeat(2000 + (round % 7) * 20_000),
      });
      await writer!.callTool({ name: "blackboard_write", arguments: { wave: "race", agent: "writer", schema: "finding.v1", data: artifact(0) } });
      let stop = false;
      const writing = (async () => {
        for (let round = 1; round <= 60; round += 1) {
          const text = resultText(await writer!.callTool({ name: "blackboard_write", arguments: { wave: "race", agent: "writer", schema: "finding.v1", data: artifact(round) } }));
          expect(text).toMatch(/^Wrote \.foundry\/blackboard\/race\/writer\.json \(\d+ bytes, ~\d+ tokens\)\./);
        }
        stop = true;
      })();
      const torn: string[] = [];
      let reads = 0;
      const reading = readers.map(async (reader) => {
        while (!stop) {
          const text = resultText(await reader.callTool({ name: "blackboard_read", arguments: { wave: "race", agent: "writer", full: true } }));
          reads += 1;
          const block = /```json\n([\s\S]*?)\n```/.exec(text)?.[1];
          try {
            const parsed = JSON.parse(block ?? "") as { producedBy?: string; notes?: string };
            if (parsed.producedBy !== "writer" || !parsed.notes?.startsWith("x")) torn.push(text.slice(0, 120));
          } catch {
            torn.push(text.slice(0, 120));
          }
        }
      });
      await Promise.all([writing, ...reading]);
      expect(reads).toBeGreaterThan(10);
      expect(torn).toEqual([]);
      const folder = path.join(root, ".foundry/blackboard/race");
      expect(readdirSync(folder)).toEqual(["writer.json"]);
    } finally {
      await Promise.all([writer, ...readers].map((c) => c!.close()));
    }
  }, 300_000);

  it("the gateway's hourly cap is never exceeded by 50 concurrent clients", async () => {
    const { data, workspace } = initGateway();
    const CAP = 100;
    const gateway = await serveGateway(data, ["--hourly-cap", String(CAP)]);
    try {
      const clients = await Promise.all(Array.from({ length: 50 }, () => connectGateway(gateway.url, workspace.readToken)));
      const results = await Promise.all(
        clients.flatMap((client) => Array.from({ length: 4 }, () => client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } }))),
      );
      const allowed = results.filter((r) => r.isError !== true);
      const refused = results.filter((r) => r.isError === true);
      expect(allowed).toHaveLength(CAP);
      expect(refused).toHaveLength(200 - CAP);
      for (const r of refused) expect(resultText(r)).toMatch(/hour|cap|quota|limit/i);
      await Promise.all(clients.map((c) => c.close()));
    } finally {
      await gateway.stop();
    }
    expect(existsSync(data)).toBe(true);
  }, 180_000);
});
