// Memory writes from several foundry-server processes at once, sent the way a host with parallel
// tool calls sends them: every call in flight together. Nothing fails, nothing is lost, ids stay
// unique, and drafts left by killed writers are removed and never read.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectFoundry, resultText, temporaryDir } from "./support/programs";

afterAll(cleanupTemporaryDirs);

const WORDS = ["amber", "basalt", "cobalt", "dune", "ember", "fjord", "garnet", "harbor"];

function uniqueTitle(process: number, index: number): string {
  // Letters only and far apart, so no two titles count as a restatement of each other.
  const digest = createHash("sha256").update(`${process}:${index}`).digest("hex").slice(0, 12);
  const letters = [...digest].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join("");
  return `${WORDS[process % WORDS.length]} convention ${letters} ${WORDS[index % WORDS.length]}`;
}

function frontMatterId(file: string): string | null {
  const match = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, "utf8"));
  return match ? (/^id:\s*"?([\w-]+)"?/m.exec(match[1] ?? "")?.[1] ?? null) : null;
}

describe("memory writes under load", () => {
  it("regression (issue 15 #1): 8 processes × 40 memory_write all in flight at once all land, with unique ids", async () => {
    // Before: each in-flight call polled the lock on its own; 8 × 250 this way gave 10 written
    // and 1,990 LOCK_TIMEOUT. 40 each is enough to show the pile-up without 2,000 facts.
    const root = temporaryDir("inflight-writes");
    const PROCESSES = 8;
    const PER_PROCESS = 40;
    const clients: Client[] = await Promise.all(Array.from({ length: PROCESSES }, (_, p) => connectFoundry(root, `writer-${p}`)));
    try {
      const texts = await Promise.all(
        clients.flatMap((client, p) =>
          Array.from({ length: PER_PROCESS }, async (_, i) =>
            resultText(
              await client.callTool(
                { name: "memory_write", arguments: { title: uniqueTitle(p, i), body: `Writer ${p} records rule number ${i}.`, type: "convention", tags: [`writer-${p}`] } },
                undefined,
                { timeout: 300_000 },
              ),
            ),
          ),
        ),
      );
      const failures = texts.filter((text) => !/^created: fact-\d{4,}\n/.test(text));
      expect(failures).toEqual([]);
      const ids = texts.map((text) => /^created: (fact-\d{4,})/.exec(text)?.[1]);
      expect(new Set(ids).size).toBe(PROCESSES * PER_PROCESS);

      const factsDir = path.join(root, ".foundry/memory/facts");
      const files = readdirSync(factsDir).filter((f) => /^fact-\d+\.md$/.test(f));
      expect(files).toHaveLength(PROCESSES * PER_PROCESS);
      expect(new Set(files.map((f) => frontMatterId(path.join(factsDir, f))))).toEqual(new Set(ids));
      // No lock, ticket or draft is left once every writer is done.
      expect(readdirSync(path.join(root, ".foundry/memory")).filter((name) => name.startsWith(".lock") || name.endsWith(".tmp"))).toEqual([]);

      const report = resultText(await clients[0]!.callTool({ name: "memory_index", arguments: {} }));
      const counts = /\n(\d+)\/(\d+) facts listed, ~\d+ tokens, (\d+) omitted\.$/.exec(report);
      expect(counts, report).not.toBeNull();
      expect(Number(counts![2])).toBe(PROCESSES * PER_PROCESS);
      const index = readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8");
      const titles = new Set(Array.from({ length: PROCESSES }, (_, p) => Array.from({ length: PER_PROCESS }, (_, i) => uniqueTitle(p, i))).flat());
      const listed = index.split("\n").filter((line) => line.startsWith("- ")).map((line) => line.slice(2));
      expect(listed.length).toBe(Number(counts![1]));
      for (const title of listed) expect(titles.has(title), title).toBe(true);
      // Every process sees every fact at once.
      for (const [p, client] of clients.entries()) {
        const found = resultText(await client.callTool({ name: "memory_search", arguments: { query: uniqueTitle((p + 3) % PROCESSES, 7) } }));
        expect(found).toContain(`**${uniqueTitle((p + 3) % PROCESSES, 7)}**`);
      }
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  }, 600_000);

  it("regression (issue 15 #9): drafts of killed writers are removed by the next write and never read", async () => {
    // Before: 28 killed writers left 435 `.lock.*.tmp` files that nothing removed or ignored.
    const root = temporaryDir("drafts");
    const memoryDir = path.join(root, ".foundry/memory");
    const factsDir = path.join(memoryDir, "facts");
    mkdirSync(factsDir, { recursive: true });
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    const drafts = [
      path.join(memoryDir, `.lock.${dead}.0badc0de.tmp`),
      path.join(memoryDir, `.lock.${dead}.1badc0de.tmp`),
      path.join(memoryDir, `INDEX.md.${dead}.2badc0de.tmp`),
      path.join(memoryDir, `.last-id.${dead}.3badc0de.tmp`),
      path.join(factsDir, `fact-0001.md.${dead}.4badc0de.tmp`),
      path.join(factsDir, `fact-0002.md.${dead}.5badc0de.tmp`),
      // the names of @foundry-mcp/core's atomic writes, which memory writes through now
      path.join(memoryDir, `..lock.${dead}.6badc0de0000.tmp`),
      path.join(memoryDir, `.INDEX.md.${dead}.7badc0de0000.tmp`),
      path.join(factsDir, `.fact-0003.md.${dead}.8badc0de0000.tmp`),
    ];
    const draftFact = "---\nid: fact-0001\ntype: domain\ntitle: Half written draft\n---\nDraft body mentions zebrawood.\n";
    for (const draft of drafts) writeFileSync(draft, draftFact);
    const old = new Date(Date.now() - 3_600_000 * 2);
    utimesSync(drafts[0]!, old, old);
    const client = await connectFoundry(root);
    try {
      const none = resultText(await client.callTool({ name: "memory_search", arguments: { query: "zebrawood" } }));
      expect(none).toBe('No stored fact matches "zebrawood". Memory holds 0 active facts.');
      const written = resultText(await client.callTool({ name: "memory_write", arguments: { title: "Drafts are swept", body: "A leftover draft is removed.", type: "convention" } }));
      expect(written).toMatch(/^created: fact-0001\nIndex: 1\/1 facts listed, ~\d+ tokens, 0 omitted over budget\.$/);
      const left = [...readdirSync(memoryDir), ...readdirSync(factsDir)].filter((name) => name.endsWith(".tmp"));
      expect(left).toEqual([]);
      expect(readdirSync(factsDir)).toEqual(["fact-0001.md"]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
