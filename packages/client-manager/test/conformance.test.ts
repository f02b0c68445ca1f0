// Runs the MCP conformance suite's client scenarios against test/__fixtures__/conformance-client.mjs,
// which is built on this package's dist (run `pnpm --filter @foundry-mcp/client-manager build` first).
// The suite (0.2.x) needs Node 22: on Node 20 it runs on the pinned Node 22 from npm
// (tooling/node-runtime.mjs), while the client under test runs on this process's Node.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeAtLeast } from "../../../tooling/node-runtime.mjs";
import { fixturesDir, makeTempDir, packageFile } from "./helpers";

const manifest = JSON.parse(fs.readFileSync(packageFile("@modelcontextprotocol/conformance", "package.json"), "utf8")) as { bin: Record<string, string> };
const conformanceBin = packageFile("@modelcontextprotocol/conformance", manifest.bin.conformance!);
const client = path.join(fixturesDir, "conformance-client.mjs");
const dist = path.resolve(fixturesDir, "../../dist/index.js");
let workDir: string;
beforeAll(() => {
  workDir = makeTempDir("cm-conformance-");
});
afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

function runScenario(scenario: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    // cwd is a temp dir: the suite writes results/<scenario>-<time>/ there.
    const child = spawn(nodeAtLeast(22), [conformanceBin, "client", "--command", `${process.execPath} ${client}`, "--scenario", scenario], { cwd: workDir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("MCP conformance client scenarios", () => {
  // request-metadata (2026-07-28, SEP-2575) refuses the first request with 400 -32022 listing the
  // supported versions: the client must ask again with one of them.
  it.each(["initialize", "tools_call", "sse-retry", "elicitation-sep1034-client-defaults", "request-metadata"])(
    "conformance scenario %s passes",
    async (scenario) => {
      expect(fs.existsSync(dist), `build the package first: ${dist} is missing`).toBe(true);
      const { code, output } = await runScenario(scenario);
      expect(output).toContain("OVERALL: PASSED");
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
      expect(code).toBe(0);
    },
    90_000,
  );
});
