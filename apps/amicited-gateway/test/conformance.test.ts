// The MCP conformance suite's server scenarios, both requirement sets (2025-11-25 through the
// initialize handshake, 2026-07-28 stateless), against the built gateway. The suite sends no
// credentials, so the gateway runs with --allow-anonymous-read demo (development flag: requests
// without a token read the demo workspace). Only the scenarios listed, each with its reason, in
// __fixtures__/conformance/<revision>.yml may fail, and a listed one that passes fails the test
// too (tooling/conformance.mjs). The suite (0.2.x) needs Node 22: on Node 20 it runs on the
// pinned Node 22 from npm (tooling/node-runtime.mjs).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { conformanceCli, judgeBaseline, passCount, readBaseline, requiredScenarios, runConformance, scenarioResults } from "../../../tooling/conformance.mjs";
import { trackResources } from "./support/gateway-process";
import type { RunningGateway } from "./support/gateway-process";

const cli = conformanceCli(fileURLToPath(new URL("..", import.meta.url)));
const baselineOf = (revision: string) => fileURLToPath(new URL(`./__fixtures__/conformance/${revision}.yml`, import.meta.url));
const resources = trackResources("all");
let output: string;
let gateway: RunningGateway;

beforeAll(async () => {
  const { dir } = resources.data();
  output = resources.directory("gw-conformance-");
  gateway = await resources.serve(dir, ["--allow-anonymous-read", "demo"]);
});

describe("conformance", () => {
  it.each(["2025-11-25", "2026-07-28"])("requirement set %s: only the listed fixture scenarios fail", async (revision) => {
    const baseline = baselineOf(revision);
    const run = await runConformance(cli, ["server", "--url", gateway.url, "--requirements", revision, "--expected-failures", baseline, "-o", path.join(output, revision)], { cwd: output });
    const results = scenarioResults(run.output);
    const required = requiredScenarios(cli, revision, "server");
    console.log(`gateway conformance ${revision}: ${passCount(results, required)}/${required.length} required scenarios pass`);
    expect(judgeBaseline(results, readBaseline(baseline, "server"))).toEqual([]);
    expect(run.code, run.output.slice(-3000)).toBe(0);
    const mustPass = revision === "2025-11-25"
      ? ["server-initialize", "ping", "tools-list", "resources-list", "dns-rebinding-protection", "logging-set-level", "server-sse-multiple-streams"]
      : ["tools-list", "resources-list", "sep-2164-resource-not-found", "dns-rebinding-protection", "input-required-result-unsupported-methods", "input-required-result-validate-input"];
    for (const scenario of mustPass) expect(results.get(scenario), scenario).toEqual(expect.objectContaining({ failed: 0 }));
  }, 300_000);
});
