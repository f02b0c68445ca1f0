// A plain library user (no foya): two real upstream servers as child processes — our
// foundry-server and the MCP reference server-everything — behind one aggregating server from
// "@foundry-mcp/client-manager/aggregate", served over Streamable HTTP on 127.0.0.1 and used
// with the SDK's own client. It imports only the subpath's entry (src/aggregate.ts) and the
// "/node" entry, as a user would. The library speaks as itself (AGGREGATOR_VOICE).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDownstreams, startHttpDownstream, type Downstreams, type HttpDownstream } from "../../src/aggregate";
import { NodeClientManager } from "../../src/node";
import { everythingEntry, makeTempDir } from "../helpers";

// A built program the test runs as a process (not an import: packages never import apps).
const FOUNDRY_SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../apps/foundry-server/dist/server.mjs");
const TOKEN = "library-user-token";

let root: string;
let manager: NodeClientManager;
let downstreams: Downstreams;
let http: HttpDownstream;
let client: Client;
const logged: string[] = [];

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ type: string; text?: string }>).map((block) => block.text ?? "").join("");
}

beforeAll(async () => {
  if (!fs.existsSync(FOUNDRY_SERVER)) throw new Error(`${FOUNDRY_SERVER} is missing: run pnpm build (apps/foundry-server) before this test`);
  root = makeTempDir("cm-aggregate-");
  manager = new NodeClientManager({
    config: {
      servers: {
        mem: { transport: "stdio", command: process.execPath, args: [FOUNDRY_SERVER, "--root", root] },
        ev: { transport: "stdio", command: process.execPath, args: [everythingEntry, "stdio"] },
      },
    },
  });
  downstreams = createDownstreams({ manager, approval: "auto", version: "9.9.9", log: (line) => logged.push(line), ready: manager.start() });
  http = await startHttpDownstream(downstreams, { host: "127.0.0.1", port: 0, token: TOKEN, log: (line) => logged.push(line) });
  client = new Client({ name: "library-user", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
}, 60_000);

afterAll(async () => {
  await client?.close();
  await http?.close();
  await downstreams?.closeAll();
  await manager?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe("@foundry-mcp/client-manager/aggregate for a plain library user", () => {
  it("serves two upstream servers as one MCP server, in the library's own voice", async () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(client.getServerVersion()).toEqual({ name: "aggregate", version: "9.9.9" });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["mcp__mem__memory_write", "mcp__mem__memory_search", "mcp__ev__echo"]));
    expect(names.every((name) => /^mcp__(mem|ev)__/.test(name))).toBe(true);
  });

  it("calls namespaced tools of both upstreams with the SDK client", async () => {
    expect(textOf(await client.callTool({ name: "mcp__ev__echo", arguments: { message: "through the library" } }))).toBe("Echo: through the library");
    const written = textOf(await client.callTool({ name: "mcp__mem__memory_write", arguments: { title: "Aggregated write", body: "Written through the aggregate subpath.", type: "convention" } }));
    expect(written).toMatch(/^created: fact-\d{4,}\nIndex: \d+\/\d+ facts listed, ~\d+ tokens, \d+ omitted over budget\.$/);
    const found = textOf(await client.callTool({ name: "mcp__mem__memory_search", arguments: { query: "aggregated write" } }));
    expect(found).toContain("**Aggregated write**");
  });

  it("namespaces resources and prompts under its scheme and serves its status resource", async () => {
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris[0]).toBe("aggregate://status");
    expect(uris.some((uri) => uri.startsWith("aggregate://ev/"))).toBe(true);
    const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts.some((name) => name.startsWith("ev__"))).toBe(true);
    const status = await client.readResource({ uri: "aggregate://status" });
    const document = JSON.parse((status.contents[0] as { text: string }).text) as { sessions: number; servers: Array<{ name: string; state: string; calls: number }> };
    expect(document.sessions).toBe(1);
    expect(document.servers.map((row) => [row.name, row.state])).toEqual([["ev", "connected"], ["mem", "connected"]]);
    await expect(client.readResource({ uri: "nope://x" })).rejects.toThrow("MCP error -32602: Unknown resource: nope://x. aggregate URIs look like aggregate://<server>/<uri>.");
  });

  it("refuses a client without the bearer token", async () => {
    const refused = await fetch(http.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain('realm="aggregate"');
  });
});
