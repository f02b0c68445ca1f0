// The MCP Inspector CLI (@modelcontextprotocol/inspector 2.12, the first that sends headers) against
// the running HTTP gateway with a bearer token: tools/list, a pinned toolset, tools/call, and a
// refusal without the token. --quiet keeps banners out of stdout; the catalog and client config
// point into the data folder so nothing is written under HOME.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";

const INSPECTOR_DIR = fileURLToPath(new URL("../node_modules/@modelcontextprotocol/inspector", import.meta.url));
const resources = trackResources("all");
let dir: string;
let demo: WorkspaceTokens;
let gateway: RunningGateway;

function inspect(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const manifest = JSON.parse(fs.readFileSync(path.join(INSPECTOR_DIR, "package.json"), "utf8")) as { bin: Record<string, string> };
  const env = { ...process.env, MCP_CATALOG_PATH: path.join(dir, "inspector-catalog.json"), MCP_CLIENT_CONFIG_PATH: path.join(dir, "inspector-client.json") };
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(INSPECTOR_DIR, manifest.bin["mcp-inspector"]!), "--cli", "--quiet", ...args], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const bearer = (token: string) => ["--header", `Authorization: Bearer ${token}`];

beforeAll(async () => {
  const data = resources.data();
  dir = data.dir;
  demo = data.tokens.demo!;
  gateway = await resources.serve(dir);
});

describe("MCP Inspector CLI with a bearer token", { timeout: 90_000 }, () => {
  it("lists the four base tools, and only eshop_ tools beside them when ?toolsets=eshop pins", async () => {
    const [base, pinned] = await Promise.all([
      inspect([gateway.url, ...bearer(demo.readToken), "--method", "tools/list"]),
      inspect([`${gateway.url}?toolsets=eshop`, ...bearer(demo.readToken), "--method", "tools/list"]),
    ]);
    expect(base.code, base.stderr).toBe(0);
    expect((JSON.parse(base.stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
    const names = (JSON.parse(pinned.stdout) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name).slice(4);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !name.startsWith("eshop_"))).toEqual([]);
  });

  it("calls search_tools with plain words", async () => {
    const { code, stdout, stderr } = await inspect([gateway.url, ...bearer(demo.readToken), "--method", "tools/call", "--tool-name", "search_tools", "--tool-arg", "query=is the site down"]);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout) as { content: Array<{ type: string; text: string }> };
    const found = JSON.parse(result.content[0]!.text) as { results: Array<{ name: string }> };
    expect(found.results[0]?.name).toBe("uptime_is_site_down");
  });

  it("is refused without the token (the gateway answers 401, the CLI does not start OAuth)", async () => {
    const { code, stdout, stderr } = await inspect([gateway.url, "--stored-auth-only", "--method", "tools/list"]);
    expect(code).not.toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toContain(`"code":"auth_required"`);
  });
});
