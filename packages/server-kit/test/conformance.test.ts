// The MCP conformance suite's server scenarios, both requirement sets (2025-11-25 over the
// initialize handshake, 2026-07-28 stateless), against test/__fixtures__/conformance-server.mjs:
// server-kit's BUILT edge (createHttpEdge, answerModernPost, the era router) serving the fixture
// tools the scenarios call. The suite's own reference server (everything-server in its
// repository) is not in its npm package, so it cannot run here; this package's README gives its figures from a run by hand.
// A scenario outside __fixtures__/conformance/<revision>.yml that fails, or a listed one that
// passes, fails the test (tooling/conformance.mjs). Run `pnpm --filter @foundry-mcp/server-kit build` first.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformanceCli, judgeBaseline, passCount, readBaseline, requiredScenarios, runConformance, scenarioResults } from "../../../tooling/conformance.mjs";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const fixtures = path.join(packageDir, "test/__fixtures__");
const cli = conformanceCli(packageDir);
let server: ChildProcess;
let url: string;
let workDir: string;

beforeAll(async () => {
  expect(fs.existsSync(path.join(packageDir, "dist/index.js")), "build server-kit first").toBe(true);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "kit-conformance-"));
  server = spawn(process.execPath, [path.join(fixtures, "conformance-server.mjs")], { stdio: ["ignore", "pipe", "pipe"] });
  url = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no listening line: ${seen}`)), 30_000);
    const read = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening (\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
    server.once("exit", (code) => reject(new Error(`fixture server exited (${code}): ${seen}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe("MCP conformance server scenarios on server-kit's edge", () => {
  it.each(["2025-11-25", "2026-07-28"])("requirement set %s: only the listed scenarios fail", async (revision) => {
    const baseline = path.join(fixtures, "conformance", `${revision}.yml`);
    const entries = readBaseline(baseline, "server");
    const output = path.join(workDir, revision);
    const run = await runConformance(cli, ["server", "--url", url, "--requirements", revision, "--expected-failures", baseline, "-o", output], { cwd: workDir });
    const results = scenarioResults(run.output);
    const required = requiredScenarios(cli, revision, "server");
    console.log(`server-kit conformance ${revision}: ${passCount(results, required)}/${required.length} required scenarios pass`);
    expect(results.size, run.output.slice(-3000)).toBeGreaterThan(required.length - 1);
    expect(judgeBaseline(results, entries)).toEqual([]);
    expect(run.code, run.output.slice(-3000)).toBe(0);
  }, 300_000);
});
