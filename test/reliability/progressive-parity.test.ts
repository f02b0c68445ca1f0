// One progressive-disclosure edge (issue 14): the same upstream MCP server behind amicited-gateway
// `--upstreams` and behind `foya serve --progressive` gives the same tools/list, search_tools,
// describe_tool, kinds, results and refusals, because both are wiring over @foundry-mcp/progressive.
// Regression: the upstream's `lookup` declares JSON Schema 2020-12 (MCP's default dialect); both
// programs used to answer every call of it with `run_tool failed: no schema with key or ref …`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectGateway, foyaBin, initGateway, repoRoot, serveGateway, temporaryDir, type RunningGateway } from "./support/programs";

const UPSTREAM = path.join(repoRoot, "packages/progressive/test/__fixtures__/mixed-upstream.mjs");
const TOOLS = ["lookup", "add_item", "touch", "purge"] as const;

let gateway: RunningGateway;
let viaGateway: Client;
let viaFoya: Client;

beforeAll(async () => {
  const { data, workspace } = initGateway();
  const upstreams = path.join(data, "upstreams.json");
  fs.writeFileSync(upstreams, JSON.stringify({ servers: { mixed: { transport: "stdio", command: process.execPath, args: [UPSTREAM] } } }));
  gateway = await serveGateway(data, ["--upstreams", upstreams]);
  viaGateway = await connectGateway(gateway.url, workspace.writeToken);
  const home = temporaryDir("foya-parity");
  execFileSync(process.execPath, [foyaBin, "mcp", "add", "mixed", "--", process.execPath, UPSTREAM], { env: { ...process.env, FOYA_HOME: home } });
  viaFoya = new Client({ name: "parity", version: "0.0.0" });
  await viaFoya.connect(
    new StdioClientTransport({ command: process.execPath, args: [foyaBin, "serve", "--progressive"], env: { ...(process.env as Record<string, string>), FOYA_HOME: home }, stderr: "pipe" }),
  );
});

afterAll(async () => {
  await viaGateway?.close();
  await viaFoya?.close();
  await gateway?.stop();
  cleanupTemporaryDirs();
});

// The gateway names an upstream tool `<toolset>_<tool>`, foya keeps the registry's
// `mcp__<server>__<tool>`; everything else must be identical, so answers are compared in foya's names.
const GATEWAY_NAMES = new RegExp(`\\bmixed_(${TOOLS.join("|")})\\b`, "g");
const inFoyaNames = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(GATEWAY_NAMES, "mcp__mixed__$1"));

interface Both {
  gateway: unknown;
  foya: unknown;
}

async function callBoth(name: string, gatewayArgs: Record<string, unknown>, foyaArgs: Record<string, unknown> = inFoyaNames(gatewayArgs) as Record<string, unknown>): Promise<Both> {
  const [fromGateway, fromFoya] = await Promise.all([viaGateway.callTool({ name, arguments: gatewayArgs }), viaFoya.callTool({ name, arguments: foyaArgs })]);
  return { gateway: inFoyaNames(fromGateway), foya: fromFoya };
}

const textOf = (result: unknown): string => ((result as { content: Array<{ text?: string }> }).content ?? []).map((block) => block.text ?? "").join("");

describe("the same upstream through the gateway and through foya serve --progressive", () => {
  it("lists the same four base tools (the toolset enum names each host's toolsets)", async () => {
    const [gatewayTools, foyaTools] = await Promise.all([viaGateway.listTools(), viaFoya.listTools()]);
    const enums = [gatewayTools, foyaTools].map((list) => {
      const search = list.tools.find((tool) => tool.name === "search_tools")!;
      const toolset = (search.inputSchema.properties as Record<string, { enum?: string[] }>).toolset!;
      const values = toolset.enum;
      delete toolset.enum;
      return values;
    });
    expect(enums[0]).toContain("mixed");
    expect(enums[1]).toEqual(["mixed"]);
    expect(foyaTools.tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
    expect(gatewayTools.tools).toEqual(foyaTools.tools);
  });

  it("browses the toolset with the same results and kinds", async () => {
    const { gateway: fromGateway, foya } = await callBoth("search_tools", { query: "", toolset: "mixed" });
    expect(fromGateway).toEqual(foya);
    expect((foya as { structuredContent: unknown }).structuredContent).toEqual({
      results: [
        { name: "mcp__mixed__add_item", toolset: "mixed", kind: "write", summary: "Add one item to the list." },
        { name: "mcp__mixed__lookup", toolset: "mixed", kind: "read", summary: "Look up the value stored under a key." },
        { name: "mcp__mixed__purge", toolset: "mixed", kind: "destructive", summary: "Delete every item." },
        { name: "mcp__mixed__touch", toolset: "mixed", kind: "destructive", summary: "Touch the list (says nothing about its effects)." },
      ],
      paging: { offset: 0, limit: 10, total: 4, has_more: false, next_offset: null },
    });
  });

  it.each([
    ["lookup", "read", { readOnlyHint: true, idempotentHint: true }],
    ["add_item", "write", { readOnlyHint: false, destructiveHint: false }],
    ["touch", "destructive", { readOnlyHint: false, destructiveHint: true }],
    ["purge", "destructive", { readOnlyHint: false, destructiveHint: true }],
  ] as const)("describes %s identically, kind %s", async (tool, kind, annotations) => {
    const { gateway: fromGateway, foya } = await callBoth("describe_tool", { name: `mixed_${tool}` });
    expect(fromGateway).toEqual(foya);
    expect((foya as { structuredContent: unknown }).structuredContent).toMatchObject({ name: `mcp__mixed__${tool}`, toolset: "mixed", kind, annotations });
  });

  it("runs the 2020-12 tool through read_tool and run_tool in both", async () => {
    for (const entry of ["read_tool", "run_tool"]) {
      const { gateway: fromGateway, foya } = await callBoth(entry, { name: "mixed_lookup", arguments: { key: "k1" } });
      expect(fromGateway).toEqual(foya);
      expect(foya).toEqual({ content: [{ type: "text", text: "value of k1" }], isError: false });
    }
  });

  it.each([
    ["read_tool", { name: "mixed_add_item", arguments: { text: "x" } }, "KIND_NOT_ALLOWED: mcp__mixed__add_item is a write tool; read_tool runs only read tools. Call run_tool instead."],
    ["read_tool", { name: "mixed_touch" }, "KIND_NOT_ALLOWED: mcp__mixed__touch is a destructive tool; read_tool runs only read tools. Call run_tool instead."],
    [
      "run_tool",
      { name: "mixed_lookup", arguments: { key: "" } },
      "INVALID_ARGUMENTS: Invalid arguments for mcp__mixed__lookup: `key` must not be empty. Call describe_tool for its input schema.",
    ],
    [
      "run_tool",
      { name: "mixed_lookup", arguments: { key: "k", extra: 1 } },
      "INVALID_ARGUMENTS: Invalid arguments for mcp__mixed__lookup: unknown field `extra`: the known fields are `key`. Call describe_tool for its input schema.",
    ],
    [
      "search_tools",
      { qurey: "items" },
      "INVALID_ARGUMENTS: Invalid arguments for search_tools: `query` is required: What you want to do or know. unknown field `qurey`: the known fields are `query`, `toolset`, `offset`, `limit`. Its inputSchema is in tools/list.",
    ],
    ["read_tool", { name: "mixed_lookup", arguments: "k1" }, 'INVALID_ARGUMENTS: Invalid arguments for read_tool: `arguments` must be a JSON object; got the string "k1". Its inputSchema is in tools/list.'],
  ] as const)("refuses %s %j with the same text", async (entry, args, text) => {
    const { gateway: fromGateway, foya } = await callBoth(entry, args);
    expect(fromGateway).toEqual(foya);
    expect(foya).toMatchObject({ isError: true });
    expect(textOf(foya)).toBe(text);
  });

  it("runs write and destructive tools the same way", async () => {
    const added = await callBoth("run_tool", { name: "mixed_add_item", arguments: { text: "a" } });
    expect(added.gateway).toEqual({ content: [{ type: "text", text: "added 1" }], isError: false });
    expect(added.foya).toEqual(added.gateway);
    const purged = await callBoth("run_tool", { name: "mixed_purge" });
    expect(purged.gateway).toEqual({ content: [{ type: "text", text: "purged 1" }], isError: false });
    expect(purged.foya).toEqual(purged.gateway);
  });

  it("refuses a name it does not list with the same protocol error (server-kit's unknownTool, one prefix)", async () => {
    const [fromGateway, fromFoya] = await Promise.all(
      [viaGateway, viaFoya].map((client) => client.callTool({ name: "mixed_lookup", arguments: { key: "k1" } }).then(() => undefined, (error: { code: number; message: string; data: unknown }) => ({ code: error.code, message: error.message, data: error.data }))),
    );
    expect(fromGateway).toEqual(fromFoya);
    expect(fromFoya).toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown tool: mixed_lookup. It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.",
      data: { name: "mixed_lookup" },
    });
  });
});
