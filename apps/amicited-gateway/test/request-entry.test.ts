// Issue 37 / decision 0015: a warm run_tool enters the gateway once. The built gateway runs under
// V8 precise coverage (bench/request-hops.mjs --json: 40 warm run_tool → list_domains calls per
// era, the gateway's functions that ran at least once per call). Before, the library called back
// into the gateway for the session row (sessions.ts → mcp-session-store.ts), the 401 challenge's
// parameters (http.ts, oauth/endpoints.ts), every store query's observer (store-metrics.ts) and,
// through progressive and tool-catalog, the tool itself.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { GATEWAY, requireBuild } from "./support/gateway-process";

interface RanFunction {
  file: string;
  name: string;
  count: number;
}
const PROBE = fileURLToPath(new URL("../bench/request-hops.mjs", import.meta.url));
let report: { calls: number; eras: Record<string, RanFunction[]> };

beforeAll(async () => {
  requireBuild();
  const { stdout } = await promisify(execFile)(process.execPath, [PROBE, "--json", GATEWAY], { timeout: 120_000 });
  report = JSON.parse(stdout.trim().split("\n").pop()!) as typeof report;
}, 150_000);

describe.each(["2025 session", "2026-07-28"])("a warm run_tool, %s", (era) => {
  it("enters the gateway once, at the handler, whose own code runs the tool", () => {
    const ran = report.eras[era]!;
    const countOf = (file: string, name: string) => ran.find((fn) => fn.file === file && fn.name === name)?.count;
    // V8 counts an async function again at each resumption after an await, so callTool's count
    // is a multiple of the calls; pinnedFor (sync, called once per callTool) counts the entries.
    expect({ pinnedFor: countOf("src/server/handler.ts", "pinnedFor"), runTool: countOf("src/server/handler.ts", "runTool") }).toEqual({
      pinnedFor: report.calls,
      runTool: report.calls,
    });
    expect(countOf("src/server/handler.ts", "callTool")).toBeGreaterThanOrEqual(report.calls);
    // No other way in: storage, the edge's challenge and the store's observer stay in the libraries.
    const callbacks = ran.filter(
      (fn) =>
        ["src/server/sessions.ts", "src/server/mcp-session-store.ts", "src/server/stream-event-log.ts", "src/server/store-metrics.ts"].includes(fn.file) ||
        ["challengeParams", "challengeParamsOf", "issuerOf"].includes(fn.name),
    );
    expect(callbacks).toEqual([]);
  });
});
