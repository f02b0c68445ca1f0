// No package or app has an import cycle among its own modules, type-only imports included
// (issue 37 found one in the gateway's tools: shared.ts ↔ window-reads.ts / row-actions.ts).
// A cycle makes the load order decide what a module sees and ties the modules into one unit.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCycle } from "../layer-graph.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/gms;

/** Each source file of `src` → the source files it imports by relative path. */
function moduleGraph(src: string): Record<string, string[]> {
  const graph: Record<string, string[]> = {};
  for (const file of fs.readdirSync(src, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts"))) {
    const from = path.join(src, file);
    const text = fs.readFileSync(from, "utf8");
    graph[from] = [...text.matchAll(RELATIVE_IMPORT)].flatMap((match) => {
      const target = path.resolve(path.dirname(from), match[1]!);
      return [`${target}.ts`, path.join(target, "index.ts"), target].filter((candidate) => candidate.endsWith(".ts") && fs.existsSync(candidate)).slice(0, 1);
    });
  }
  return graph;
}

const units = ["packages", "apps"].flatMap((folder) =>
  fs.readdirSync(path.join(root, folder)).map((name) => path.join(folder, name, "src")).filter((src) => fs.existsSync(path.join(root, src))),
);

describe("module cycles", () => {
  it.each(units)("%s has none", (src) => {
    const cycle = findCycle(moduleGraph(path.join(root, src))) as string[] | null;
    expect(cycle?.map((file) => path.relative(root, file)) ?? null).toBeNull();
  });

  it("finds a type-only cycle when there is one", () => {
    expect(findCycle({ "a.ts": ["b.ts"], "b.ts": ["a.ts"] })).toEqual(["a.ts", "b.ts", "a.ts"]);
  });
});
