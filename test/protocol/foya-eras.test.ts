// foya reaches servers of either era from one registry (issue 17): a server that speaks only
// 2026-07-28, one that speaks only the 2025 handshake, and the gateway over HTTP (both eras,
// so it is spoken to in 2026-07-28). `foya mcp status` shows what each spoke.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, foya, initGateway, serveGateway, temporaryDir, type RunningGateway } from "./support/programs";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__");
let home: string;
let running: RunningGateway;

beforeAll(async () => {
  home = temporaryDir("foya-eras");
  foya(home, ["mcp", "add", "modern", "--", process.execPath, path.join(fixtures, "modern-only-server.mjs")]);
  foya(home, ["mcp", "add", "legacy", "--", process.execPath, path.join(fixtures, "legacy-only-server.mjs")]);
  const gateway = initGateway();
  running = await serveGateway(gateway.data);
  foya(home, ["mcp", "add", "gateway", "--transport", "streamable_http", "--url", running.url, "--bearer-token", gateway.token]);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  cleanupTemporaryDirs();
});

describe("foya and the two eras", () => {
  it("connects to every server and remembers the era each spoke", () => {
    const status = JSON.parse(foya(home, ["mcp", "status", "--json"])) as { servers: Array<{ name: string; state: string; tools: number; protocol: string | null }> };
    const byName = Object.fromEntries(status.servers.map((row) => [row.name, row]));
    expect(byName.modern).toMatchObject({ state: "connected", tools: 1, protocol: "2026-07-28" });
    expect(byName.legacy).toMatchObject({ state: "connected", tools: 1, protocol: "2025-11-25" });
    expect(byName.gateway).toMatchObject({ state: "connected", tools: 4, protocol: "2026-07-28" });
    const table = foya(home, ["mcp", "status"]);
    expect(table).toMatch(/^modern\s+connected\s+1\s.*\s2026-07-28\s/m);
    expect(table).toMatch(/^legacy\s+connected\s+1\s.*\s2025-11-25\s/m);
  }, 60_000);

  it("calls tools on the 2026-07-28-only and the 2025-only server", () => {
    expect(foya(home, ["call", "mcp__modern__shout", "--args", JSON.stringify({ text: "Both eras" })])).toContain("BOTH ERAS");
    expect(foya(home, ["call", "mcp__legacy__whisper", "--args", JSON.stringify({ text: "Both Eras" })])).toContain("both eras");
    const found = foya(home, ["call", "mcp__gateway__search_tools", "--args", JSON.stringify({ query: "is the site down", limit: 1 }), "--json"]);
    expect(found).toContain("uptime");
  }, 60_000);
});
