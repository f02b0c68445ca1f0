// foya reaches servers of either era from one registry (issue 17): a server that speaks only
// 2026-07-28, one that speaks only the 2025 handshake, and the gateway over HTTP (both eras,
// so it is spoken to in 2026-07-28). `foya mcp status` shows what each spoke; `foya serve --http`
// serves clients of both eras over that registry and `foya status` shows each upstream's era.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupTemporaryDirs,
  foya,
  foyaBin,
  initGateway,
  legacyClient,
  modernClient,
  serveGateway,
  stopProcess,
  temporaryDir,
  type EraClient,
  type RunningGateway,
} from "./support/programs";

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

let serve: ChildProcess | undefined;
afterAll(async () => {
  if (serve) await stopProcess(serve);
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

/** Polls until `check` holds (bounded). */
async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("foya serve --http and the two eras", () => {
  it("serves a 2026-07-28 client and a 2025-11-25 client over the same registry, and foya status shows each upstream's era", async () => {
    serve = spawn(process.execPath, [foyaBin, "serve", "--http", "--port", "0"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "ignore", "ignore"] });
    const endpoint = path.join(home, "serve.json");
    await until(() => fs.existsSync(endpoint), "serve.json");
    const url = (JSON.parse(fs.readFileSync(endpoint, "utf8")) as { url: string }).url;
    const token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
    const clients: EraClient[] = [await modernClient({ url, token }), await legacyClient({ url, token })];
    expect(clients[0]?.era).toBe("2026-07-28");
    for (const client of clients) {
      // The first list may come before the gateway connected (list_changed covers it): poll for it.
      let names: string[] = [];
      const deadline = Date.now() + 60_000;
      while (!names.includes("mcp__gateway__search_tools") && Date.now() < deadline) names = await client.listToolNames();
      expect(names).toEqual(expect.arrayContaining(["mcp__modern__shout", "mcp__legacy__whisper", "mcp__gateway__search_tools"]));
      expect(await client.callText("mcp__modern__shout", { text: "Both eras" })).toContain("BOTH ERAS");
      expect(await client.callText("mcp__legacy__whisper", { text: "Both Eras" })).toContain("both eras");
      await client.close();
    }

    const status = JSON.parse(foya(home, ["status", "--json"])) as { servers: Array<{ name: string; protocol: string | null }> };
    const protocols = Object.fromEntries(status.servers.map((row) => [row.name, row.protocol]));
    expect(protocols).toEqual({ gateway: "2026-07-28", legacy: "2025-11-25", modern: "2026-07-28" });
    const table = foya(home, ["status"]);
    expect(table).toMatch(/^modern\s+connected\s+1\s.*\sstdio\s+2026-07-28$/m);
    expect(table).toMatch(/^legacy\s+connected\s+1\s.*\sstdio\s+2025-11-25$/m);
  }, 180_000);
});
