// The MCP Inspector CLI (@modelcontextprotocol/inspector 2.12, run through its package bin) drives
// the isolated bundle: tools/list, tools/call, resources/list, resources/read. 2.12 asks for Node
// 22.19 in its engines but runs on 20 here; --quiet keeps the server's stderr out of its output, and
// its catalog and client config point into the temp root so nothing is written under HOME.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The nine names in tools/list order: definitions.ts is the one list (foundry-surface.mjs pins the set).
import { TOOL_NAMES } from "../src/tools/definitions";
import { APP_DIR, cleanup, isolatedBundle, makeTempDir, requireBuild, writeFiles } from "./support/server-process";

const run = promisify(execFile);
const INSPECTOR_DIR = path.join(APP_DIR, "node_modules/@modelcontextprotocol/inspector");

let bundle: string;
let root: string;

async function inspect(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const bin = (JSON.parse(fs.readFileSync(path.join(INSPECTOR_DIR, "package.json"), "utf8")) as { bin: Record<string, string> }).bin["mcp-inspector"] as string;
  const env = { ...process.env, MCP_CATALOG_PATH: path.join(root, "inspector-catalog.json"), MCP_CLIENT_CONFIG_PATH: path.join(root, "inspector-client.json") };
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(INSPECTOR_DIR, bin), "--cli", "--quiet", process.execPath, bundle, "--root", root, ...args], {
      cwd: root,
      env,
      timeout: 60_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failed.stdout ?? "", stderr: failed.stderr ?? "", code: failed.code ?? -1 };
  }
}

beforeAll(() => {
  requireBuild();
  bundle = isolatedBundle();
  root = makeTempDir("foundry-inspector-");
  writeFiles(root, { ".foundry/runbooks/deploy-production.md": "---\ntitle: Deploy to production\ntrigger: deploy\n---\n\n# Deploy\n" });
});
afterAll(cleanup);

describe("MCP Inspector CLI", { timeout: 90_000 }, () => {
  it("lists the nine tools", async () => {
    const { stdout, code } = await inspect("--method", "tools/list");
    expect(code).toBe(0);
    const { tools } = JSON.parse(stdout) as { tools: Array<{ name: string; annotations?: { readOnlyHint?: boolean } }> };
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
  });

  it("calls tools with arguments", async () => {
    const [search, runbooks, failed] = await Promise.all([
      inspect("--method", "tools/call", "--tool-name", "memory_search", "--tool-arg", "query=flyway"),
      inspect("--method", "tools/call", "--tool-name", "runbook_list"),
      inspect("--method", "tools/call", "--tool-name", "runbook_get", "--tool-arg", "slug=nope"),
    ]);
    expect(JSON.parse(search.stdout)).toEqual({ content: [{ type: "text", text: 'No stored fact matches "flyway". Memory holds 0 active facts.' }] });
    expect(JSON.parse(runbooks.stdout)).toEqual({ content: [{ type: "text", text: "- **deploy-production** — Deploy to production\n  trigger: deploy" }] });
    expect(failed.code).toBe(5); // 2.12 exits 5 on a tool result with isError
    expect(JSON.parse(failed.stdout)).toEqual({
      content: [{ type: "text", text: 'runbook_get failed: no runbook "nope". Available: deploy-production.' }],
      isError: true,
    });
  });

  it("lists and reads resources, and reports an unknown one as an error", async () => {
    const [list, read, unknown] = await Promise.all([
      inspect("--method", "resources/list"),
      inspect("--method", "resources/read", "--uri", "foundry://runbooks/deploy-production"),
      inspect("--method", "resources/read", "--uri", "foundry://nope"),
    ]);
    expect((JSON.parse(list.stdout) as { resources: Array<{ uri: string }> }).resources.map((resource) => resource.uri)).toEqual([
      "foundry://memory/index",
      "foundry://contracts",
      "foundry://runbooks/deploy-production",
    ]);
    expect(JSON.parse(read.stdout)).toEqual({
      contents: [
        { uri: "foundry://runbooks/deploy-production", mimeType: "text/markdown", text: "---\ntitle: Deploy to production\ntrigger: deploy\n---\n\n# Deploy\n" },
      ],
    });
    // 2.12 prints the error envelope on stderr without the JSON-RPC code (-32602, which
    // resources.test.ts asserts over the SDK client).
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(JSON.parse(unknown.stderr)).toEqual({ error: { code: "error", message: "Unknown resource: foundry://nope" } });
  });
});
