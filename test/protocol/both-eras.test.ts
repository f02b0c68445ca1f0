// Every program speaks both eras on one endpoint (issue 17): a v2 SDK client pinned to 2026-07-28
// and a 2025-11-25 client list and call tools on foundry-server, foya serve and the gateway (stdio
// and Streamable HTTP), and get the same text; server/discover answers; a missing or malformed
// _meta gets the revision's error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupTemporaryDirs,
  foundryServer,
  foya,
  foyaBin,
  gatewayBin,
  initGateway,
  legacyClient,
  modernClient,
  serveGateway,
  temporaryDir,
  type EraClient,
  type RunningGateway,
  type StdioProgram,
} from "./support/programs";
import { ENVELOPE, RawStdio } from "./support/raw-lines";

let foundry: StdioProgram;
let foyaServe: StdioProgram;
let gatewayStdio: StdioProgram;
let gateway: { data: string; token: string };
let running: RunningGateway;

beforeAll(async () => {
  const root = temporaryDir("root");
  foundry = { args: [foundryServer, "--root", root] };
  const home = temporaryDir("foya-home");
  foya(home, ["mcp", "add", "foundry", "--", process.execPath, foundryServer, "--root", root]);
  foyaServe = { args: [foyaBin, "serve"], env: { FOYA_HOME: home } };
  gateway = initGateway();
  gatewayStdio = { args: [gatewayBin, "serve", "--stdio", "--data", gateway.data], env: { AMICITED_TOKEN: gateway.token } };
  running = await serveGateway(gateway.data);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  cleanupTemporaryDirs();
});

async function both(open: (era: "modern" | "legacy") => Promise<EraClient>, tool: string, args: Record<string, unknown>) {
  const answers: Record<string, { era: string | undefined; tools: string[]; text: string }> = {};
  for (const era of ["modern", "legacy"] as const) {
    const client = await open(era);
    try {
      answers[era] = { era: client.era, tools: await client.listToolNames(), text: await client.callText(tool, args) };
    } finally {
      await client.close();
    }
  }
  return answers as Record<"modern" | "legacy", { era: string | undefined; tools: string[]; text: string }>;
}

describe("both eras on every program", () => {
  it("foundry-server over stdio", async () => {
    const answers = await both((era) => (era === "modern" ? modernClient : legacyClient)("stdio", foundry), "memory_search", { query: "deploy" });
    expect(answers.modern.era).toBe("2026-07-28");
    expect(answers.modern.tools).toHaveLength(9);
    expect(answers.modern.tools).toEqual(answers.legacy.tools);
    expect(answers.modern.text).toBe('No stored fact matches "deploy". Memory holds 0 active facts.');
    expect(answers.legacy.text).toBe(answers.modern.text);
  });

  it("foya serve over stdio", async () => {
    const answers = await both((era) => (era === "modern" ? modernClient : legacyClient)("stdio", foyaServe), "mcp__foundry__memory_search", { query: "deploy" });
    expect(answers.modern.era).toBe("2026-07-28");
    expect(answers.modern.tools).toContain("mcp__foundry__memory_search");
    expect(answers.modern.tools).toEqual(answers.legacy.tools);
    expect(answers.modern.text).toBe('No stored fact matches "deploy". Memory holds 0 active facts.');
    expect(answers.legacy.text).toBe(answers.modern.text);
  }, 60_000);

  it("the gateway over stdio", async () => {
    const answers = await both((era) => (era === "modern" ? modernClient : legacyClient)("stdio", gatewayStdio), "search_tools", { query: "is the site down", limit: 2 });
    expect(answers.modern.era).toBe("2026-07-28");
    expect(answers.modern.tools).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
    expect(answers.legacy.tools).toEqual(answers.modern.tools);
    expect(JSON.parse(answers.modern.text).results).toHaveLength(2);
    expect(answers.legacy.text).toBe(answers.modern.text);
  });

  it("the gateway over Streamable HTTP, the modern era without a session", async () => {
    const endpoint = { url: running.url, token: gateway.token };
    const answers = await both((era) => (era === "modern" ? modernClient : legacyClient)(endpoint), "search_tools", { query: "is the site down", limit: 2 });
    expect(answers.modern.era).toBe("2026-07-28");
    expect(answers.modern.tools).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
    expect(answers.legacy.tools).toEqual(answers.modern.tools);
    expect(answers.legacy.text).toBe(answers.modern.text);
  });
});

describe("server/discover and the per-request _meta over stdio", () => {
  for (const [name, program] of [
    ["foundry-server", () => foundry],
    ["the gateway", () => gatewayStdio],
  ] as const) {
    it(`${name}: discover answers; missing, malformed and unsupported envelopes get the revision's errors`, async () => {
      const raw = new RawStdio(program());
      try {
        const discover = await raw.request(1, "server/discover", { _meta: ENVELOPE });
        expect(discover.result).toMatchObject({ supportedVersions: ["2026-07-28"], resultType: "complete", cacheScope: expect.any(String), ttlMs: expect.any(Number) });
        expect(discover.result?.capabilities).toHaveProperty("tools");
        expect((discover.result?._meta as Record<string, { name: string }>)["io.modelcontextprotocol/serverInfo"]?.name).toMatch(/foundry|amicited-gateway/);

        const noMeta = await raw.request(2, "tools/list", {});
        expect(noMeta.error?.code).toBe(-32602);
        expect(noMeta.error?.message).toBe(
          'Invalid params: the 2026-07-28 request envelope is invalid: _meta is missing. Every request of this revision carries params._meta["io.modelcontextprotocol/protocolVersion"] (a version string) and params._meta["io.modelcontextprotocol/clientCapabilities"] (an object).',
        );
        const noCapabilities = await raw.request(3, "tools/list", { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } });
        expect(noCapabilities.error).toMatchObject({ code: -32602, data: { envelope: { key: "io.modelcontextprotocol/clientCapabilities", problem: "is missing" } } });
        const badCapabilities = await raw.request(4, "tools/list", { _meta: { ...ENVELOPE, "io.modelcontextprotocol/clientCapabilities": "all" } });
        expect(badCapabilities.error).toMatchObject({ code: -32602, data: { envelope: { key: "io.modelcontextprotocol/clientCapabilities", problem: "must be an object" } } });
        const future = await raw.request(5, "tools/list", { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } });
        expect(future.error).toMatchObject({ code: -32022, data: { supported: ["2026-07-28"], requested: "2099-01-01" } });
        const ping = await raw.request(6, "ping", { _meta: ENVELOPE });
        expect(ping.error).toMatchObject({ code: -32601, message: "Method not found: ping is not part of protocol revision 2026-07-28." });

        const listed = await raw.request(7, "tools/list", { _meta: ENVELOPE });
        expect(listed.result).toMatchObject({ resultType: "complete", ttlMs: 3_600_000 });
      } finally {
        await raw.close();
      }
    });
  }

  it("a 2025 connection keeps working without _meta after initialize", async () => {
    const raw = new RawStdio(foundry);
    try {
      const init = await raw.request(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } });
      expect(init.result?.protocolVersion).toBe("2025-06-18");
      const listed = await raw.request(2, "tools/list", {});
      expect(listed.result).not.toHaveProperty("resultType");
      expect((listed.result?.tools as unknown[]).length).toBe(9);
    } finally {
      await raw.close();
    }
  });
});
