// Access: scopes, workspaces, secrets and HTTP hygiene hold against a determined caller.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { statSync } from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectGateway, createWorkspace, foyaBin, initGateway, resultText, serveGateway, temporaryDir, type GatewayWorkspace, type RunningGateway } from "./support/programs";

let gateway: RunningGateway;
let workspaceA: GatewayWorkspace;
let workspaceB: GatewayWorkspace;
let readA: Client;
let writeA: Client;
let readB: Client;

function payload(result: unknown): unknown {
  const structured = (result as { structuredContent?: unknown }).structuredContent;
  if (structured !== undefined) return structured;
  const text = resultText(result);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

beforeAll(async () => {
  const init = initGateway();
  workspaceA = init.workspace;
  workspaceB = createWorkspace(init.data, "other");
  gateway = await serveGateway(init.data);
  [readA, writeA, readB] = await Promise.all([connectGateway(gateway.url, workspaceA.readToken), connectGateway(gateway.url, workspaceA.writeToken), connectGateway(gateway.url, workspaceB.readToken)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([readA, writeA, readB].map((c) => c?.close()));
  await gateway?.stop();
  cleanupTemporaryDirs();
});

async function writeToolNames(client: Client): Promise<string[]> {
  const names: string[] = [];
  for (const query of ["create", "update", "pause", "delete", "add", "schedule"]) {
    const found = JSON.stringify(payload(await client.callTool({ name: "search_tools", arguments: { query, limit: 25 } })));
    for (const match of found.matchAll(/"name"\s*:\s*"([a-z_]+)"[^}]*?"kind"\s*:\s*"(write|destructive|paid)"/g)) names.push(match[1]!);
  }
  return [...new Set(names)];
}

describe("scopes and workspaces", () => {
  it("a read token never reaches a write, by any entry point or spelling", async () => {
    const writes = await writeToolNames(readA);
    expect(writes.length).toBeGreaterThan(3);
    for (const name of writes.slice(0, 12)) {
      const spellings = [name, name.toUpperCase(), ` ${name}`, `${name} `, `${name}\u200b`, name.replace(/_/g, "-"), name.replace(/_/g, "."), `../${name}`, name.normalize("NFKD")];
      for (const spelling of spellings) {
        for (const entry of ["read_tool", "run_tool"]) {
          const result = await readA.callTool({ name: entry, arguments: { name: spelling, arguments: { domain_id: "1" } } });
          expect(result.isError, `${entry} ${JSON.stringify(spelling)}`).toBe(true);
        }
      }
    }
  });

  it("one workspace never reads another's rows", async () => {
    const domainsA = JSON.stringify(payload(await readA.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })));
    const domainsB = JSON.stringify(payload(await readB.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })));
    const idsA = [...domainsA.matchAll(/"(?:domain_id|id)"\s*:\s*"?([\w-]+)/g)].map((m) => m[1]!);
    const idsB = new Set([...domainsB.matchAll(/"(?:domain_id|id)"\s*:\s*"?([\w-]+)/g)].map((m) => m[1]!));
    expect(idsA.length).toBeGreaterThan(0);
    for (const id of idsA) expect(idsB.has(id)).toBe(false);
    for (const id of idsA.slice(0, 3)) {
      for (const tool of ["uptime_list_monitors", "eshop_list_orders", "eshop_customer_lifetime_value", "eshop_list_customers"]) {
        // The tool exists and works for the domain's own workspace...
        const own = await readA.callTool({ name: "read_tool", arguments: { name: tool, arguments: { domain_id: Number(id) } } });
        expect(own.isError, `${tool} for A's own domain ${id}: ${resultText(own).slice(0, 200)}`).toBeFalsy();
        // ...and another workspace's token is refused that domain: never A's rows.
        const other = await readB.callTool({ name: "read_tool", arguments: { name: tool, arguments: { domain_id: Number(id) } } });
        expect(other.isError, `${tool} with A's domain ${id} from B: ${resultText(other).slice(0, 200)}`).toBe(true);
        expect(resultText(other)).toMatch(/domain/i);
      }
    }
  });
});

describe("secrets", () => {
  it("tokens never appear in gateway logs or error messages", async () => {
    const bad = await fetch(gateway.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${workspaceA.readToken}x` }, body: "{}" });
    const body = await bad.text();
    expect(bad.status).toBe(401);
    expect(body).not.toContain(workspaceA.readToken);
    for (const token of [workspaceA.readToken, workspaceA.writeToken, workspaceB.readToken, workspaceB.writeToken]) expect(gateway.stderr()).not.toContain(token);
  });

  // The foya runs are awaited, not run synchronously: a test that blocks the event loop for
  // seconds leaves the next test's fetch a keep-alive socket the gateway has already closed.
  it("foya keeps bearer tokens out of config, output and errors; credentials stay 0600 after every write", async () => {
    const home = temporaryDir("access-foya");
    const secret = `tok-${process.pid}-${Date.now()}-secret`;
    const env = { ...process.env, FOYA_HOME: home };
    const outputs: string[] = [];
    const foya = async (...args: string[]) => {
      try {
        outputs.push((await promisify(execFile)(process.execPath, [foyaBin, ...args], { env, encoding: "utf8" })).stdout);
      } catch (error) {
        const failure = error as { stdout?: string; stderr?: string };
        outputs.push(`${failure.stdout ?? ""}${failure.stderr ?? ""}`);
      }
    };
    const credentials = path.join(home, "mcp-credentials.json");
    const steps: string[][] = [
      ["mcp", "add", "remote", "--transport", "streamable_http", "--url", "http://127.0.0.1:9/mcp", "--bearer-token", secret],
      ["mcp", "add", "second", "--transport", "sse", "--url", "http://127.0.0.1:9/sse", "--bearer-token", `${secret}-2`],
      ["mcp", "disable", "remote"],
      ["mcp", "enable", "remote"],
      ["mcp", "remove", "second"],
      ["mcp", "list", "--json"],
      ["mcp", "status", "--json"],
      ["tools", "--json"],
    ];
    for (const step of steps) {
      await foya(...step);
      expect(statSync(credentials).mode & 0o777, step.join(" ")).toBe(0o600);
      expect(statSync(path.join(home, "mcp.json")).mode & 0o777).toBe(0o600);
      expect(statSync(home).mode & 0o777).toBe(0o700);
    }
    for (const output of outputs) expect(output).not.toContain(secret);
    expect(outputs.join("\n")).toMatch(/has_token"?\s*:\s*true/);
  });
});

describe("HTTP hygiene", () => {
  const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "0" } } });
  const headers = () => ({ "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${workspaceA.readToken}` });

  it("refuses foreign Origin and Host headers with 403", async () => {
    expect((await fetch(gateway.url, { method: "POST", headers: { ...headers(), origin: "http://evil.example" }, body: initialize })).status).toBe(403);
    const url = new URL(gateway.url);
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { ...headers(), host: "evil.example" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(initialize);
    });
    expect(status).toBe(403);
  });

  it("limits request bodies and answers malformed JSON with a JSON-RPC parse error", async () => {
    const huge = await fetch(gateway.url, { method: "POST", headers: headers(), body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${"a".repeat(8 * 1024 * 1024)}"}}` });
    expect(huge.status).toBe(413);
    const malformed = await fetch(gateway.url, { method: "POST", headers: headers(), body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});
