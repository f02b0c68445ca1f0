// The layering rule of SPEC §1 must fail lint on a deliberate violation. These tests run the
// project's own ESLint config (the one `pnpm lint` uses) on code placed at virtual paths.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { findCycle } from "../layer-graph.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

async function layeringMessages(virtualPath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, virtualPath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "foundry/layering").map((m) => m.message);
}

describe("foundry/layering", () => {
  it("lets a package import a package below it through its public entry", async () => {
    expect(await layeringMessages("packages/memory/src/x.ts", 'import { estimateTokens } from "@foundry-mcp/tokens";\nexport const n = estimateTokens("a");\n')).toEqual([]);
  });

  it("refuses a package importing a package that is not below it", async () => {
    const messages = await layeringMessages("packages/core/src/x.ts", 'import { FoundryMemory } from "@foundry-mcp/memory";\nexport const m = FoundryMemory;\n');
    expect(messages).toEqual(['Layering: package "core" may import only [nothing] (tooling/layers.json), not "memory"']);
  });

  it("refuses sideways imports between packages of the same layer", async () => {
    const messages = await layeringMessages("packages/contracts/src/x.ts", 'export { Blackboard } from "@foundry-mcp/blackboard";\n');
    expect(messages[0]).toContain('package "contracts" may import only [core, tokens]');
  });

  it("refuses a package importing an app", async () => {
    const messages = await layeringMessages("packages/memory/src/x.ts", 'import "@foundry-mcp/foya-host";\n');
    expect(messages).toEqual(['Layering: packages never import apps ("@foundry-mcp/foya-host")']);
  });

  it("refuses an app importing another app", async () => {
    const messages = await layeringMessages("apps/foya-host/src/x.ts", 'const m = await import("@foundry-mcp/amicited-gateway");\nexport { m };\n');
    expect(messages).toEqual(['Layering: apps never import apps ("@foundry-mcp/amicited-gateway")']);
  });

  it("refuses reaching into another package by relative path or deep import", async () => {
    const relative = await layeringMessages("apps/foundry-server/src/x.ts", 'import { x } from "../../../packages/memory/src/store";\nexport { x };\n');
    expect(relative[0]).toContain('leaves apps/foundry-server/ by a relative path');
    const deep = await layeringMessages("apps/foundry-server/src/x.ts", 'import { x } from "@foundry-mcp/memory/src/store";\nexport { x };\n');
    expect(deep).toEqual(['Layering: "@foundry-mcp/memory/src/store" is not a public entry of @foundry-mcp/memory; import from "@foundry-mcp/memory"']);
  });

  // Two cold eslint processes (~3 s alone): 30 s ran out once beside the release dry run in the
  // other vitest worker on a 2-core machine at load average ~15.
  it("makes the lint command itself exit non-zero on a violation", { timeout: 120_000 }, () => {
    const eslintBin = path.join(root, "node_modules/eslint/bin/eslint.js");
    const run = spawnSync(process.execPath, [eslintBin, "--max-warnings", "0", "--stdin", "--stdin-filename", "packages/tokens/src/violation.ts"], {
      cwd: root,
      input: 'import { Blackboard } from "@foundry-mcp/blackboard";\nexport const b = Blackboard;\n',
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("foundry/layering");
    const clean = execFileSync(process.execPath, [eslintBin, "--max-warnings", "0", "--stdin", "--stdin-filename", "packages/tokens/src/fine.ts"], {
      cwd: root,
      input: "export const fine = 1;\n",
      encoding: "utf8",
    });
    expect(clean).toBe("");
  });
});

describe("layer graph", () => {
  it("finds a cycle when one exists and none in the real layers", async () => {
    expect(findCycle({ a: ["b"], b: ["c"], c: ["a"] })).toEqual(["a", "b", "c", "a"]);
    expect(findCycle({ a: ["b"], b: [] })).toBeNull();
  });
});
