// Races: many processes on one project root or one workspace at once. Nothing is lost, nothing is
// half-written, and a cap is never exceeded.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectFoundry, connectGateway, initGateway, resultText, serveGateway, temporaryDir } from "./support/programs";
import { clearOfHourTurn } from "../../tooling/hour-turn.mjs";

afterAll(cleanupTemporaryDirs);

// Many memory writers at once: memory-writes.test.ts (all calls in flight, 8 × 40); the 8 × 250
// sizes that only measure speed are in packages/memory/bench/stdio-scale.mjs.

describe("races", () => {
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
    await clearOfHourTurn(60_000);
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
