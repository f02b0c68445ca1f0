// Writes are atomic: readers racing writers always parse a complete artifact, and no temp file
// outlives a write.

import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshBoard } from "./helpers";

function artifactOfSize(round: number): Record<string, unknown> {
  // Sizes swing between ~1 KB and ~200 KB so a torn write would show as truncated JSON.
  const size = round % 2 === 0 ? 1_000 : 200_000;
  return { summary: `round ${round}`, nextSteps: ["continue"], notes: "n".repeat(size), round };
}

describe("atomic writes", () => {
  it("a reader racing several writers never sees a half-written artifact", async () => {
    const { root, board } = await freshBoard();
    await board.write({
      wave: "race",
      agent: "shared",
      schema: "handoff.v1",
      data: artifactOfSize(0),
    });
    const file = path.join(root, ".foundry", "blackboard", "race", "shared.json");
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let round = 1; round <= 25; round += 1) {
        await board.write({
          wave: "race",
          agent: "shared",
          schema: "handoff.v1",
          data: artifactOfSize(round * 4 + writer),
        });
      }
    });
    let reads = 0;
    const readers = Array.from({ length: 2 }, async () => {
      while (writing) {
        const raw = JSON.parse(await readFile(file, "utf8")) as {
          schema: string;
          notes: string;
          round: number;
        };
        expect(raw.schema).toBe("handoff.v1");
        expect(raw.notes.length).toBe(raw.round % 2 === 0 ? 1_000 : 200_000);
        const full = await board.read({ wave: "race", full: true });
        const body = full.text.split("\n").slice(2, -1).join("\n");
        expect(JSON.parse(body).producedBy).toBe("shared");
        reads += 1;
      }
    });
    await Promise.all(writers);
    writing = false;
    await Promise.all(readers);
    expect(reads).toBeGreaterThan(0);
    expect(await readdir(path.dirname(file))).toEqual(["shared.json"]);
  });

  it("many agents writing one wave at once all land, with no temp files left", async () => {
    const { root, board } = await freshBoard();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        board.write({
          wave: "fan-out",
          agent: `agent-${String(index).padStart(2, "0")}`,
          schema: "handoff.v1",
          data: artifactOfSize(index),
        }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const files = await readdir(path.join(root, ".foundry", "blackboard", "fan-out"));
    expect(files).toHaveLength(40);
    expect(files.every((file) => /^agent-\d\d\.json$/.test(file))).toBe(true);
    expect((await board.read({ wave: "fan-out" })).artifacts).toBe(40);
  });
});
