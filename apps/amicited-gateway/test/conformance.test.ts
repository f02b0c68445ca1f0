// The MCP conformance suite's server scenarios against the built gateway. The suite sends no
// credentials, so the gateway runs with --allow-anonymous-read demo (development flag: requests
// without a token read the demo workspace). Only fixture-dependent scenarios may fail, as listed
// in __fixtures__/conformance-expected-failures.yml. The suite (0.2.x) needs Node 22: on Node 20 it
// runs on the pinned Node 22 from npm (tooling/node-runtime.mjs). It holds the 2026-07-28 scenarios
// too, but the gateway speaks the 2025 revisions, so the run asks for 2025-11-25's requirement set.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeAtLeast } from "../../../tooling/node-runtime.mjs";
import { initData, requireBuild, startGateway } from "./support/gateway-process";
import type { RunningGateway } from "./support/gateway-process";

const CLI = fileURLToPath(
  new URL("../node_modules/@modelcontextprotocol/conformance/dist/index.js", import.meta.url),
);
const EXPECTED = fileURLToPath(
  new URL("./__fixtures__/conformance-expected-failures.yml", import.meta.url),
);
let dir: string;
let output: string;
let gateway: RunningGateway;

beforeAll(async () => {
  requireBuild();
  ({ dir } = initData());
  output = fs.mkdtempSync(path.join(os.tmpdir(), "gw-conformance-"));
  gateway = await startGateway(dir, ["--allow-anonymous-read", "demo"]);
});

afterAll(async () => {
  await gateway?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(output, { recursive: true, force: true });
});

describe("conformance", () => {
  it("passes every server scenario that needs no fixture tools", async () => {
    const result = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        nodeAtLeast(22),
        [CLI, "server", "--url", gateway.url, "--requirements", "2025-11-25", "--expected-failures", EXPECTED, "-o", output],
        { cwd: output, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    expect(result.code, result.stdout.slice(-3000)).toBe(0);
    for (const scenario of [
      "server-initialize",
      "ping",
      "tools-list",
      "resources-list",
      "dns-rebinding-protection",
      "logging-set-level",
      "server-sse-multiple-streams",
    ]) {
      expect(result.stdout).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
    }
  }, 300_000);
});
