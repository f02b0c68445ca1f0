// The command line of the built gateway: init and workspace create print one JSON line with
// tokens shown once (stored hashed), refusals are one clear line with a non-zero exit, and
// `serve --stdio` serves one session with the token from AMICITED_TOKEN.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { GATEWAY, trackResources } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";

const resources = trackResources("all");
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [GATEWAY, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });

beforeAll(() => {
  ({ dir, tokens } = resources.data(["other"]));
});

describe("init and workspace create", () => {
  it("print one JSON line each with the workspace and two scoped tokens", () => {
    expect(Object.keys(tokens.demo!)).toEqual(["workspace", "readToken", "writeToken", "adminToken"]);
    expect(Object.keys(tokens.other!)).toEqual(["workspace", "readToken", "writeToken"]);
    expect(tokens.demo!.adminToken).toMatch(/^amc_admin_[A-Za-z0-9_-]{32}$/);
    expect(tokens.demo!.workspace).toBe("demo");
    expect(tokens.other!.workspace).toBe("other");
    expect(tokens.demo!.readToken).toMatch(/^amc_r_/);
    expect(tokens.demo!.writeToken).toMatch(/^amc_w_/);
  });

  it("store tokens only as SHA-256 hashes", () => {
    const file = fs.readFileSync(path.join(dir, "amicited.sqlite"));
    expect(file.includes(tokens.demo!.readToken)).toBe(false);
    expect(file.includes(tokens.demo!.adminToken!)).toBe(false);
    expect(file.includes(createHash("sha256").update(tokens.demo!.readToken).digest("hex"))).toBe(
      true,
    );
  });

  it("refuse a second init and a taken workspace name with one clear line", () => {
    const again = cli(["init", "--data", dir]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(
      "is already initialised; add workspaces with: amicited-gateway workspace create NAME",
    );
    const taken = cli(["workspace", "create", "other", "--data", dir]);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('workspace "other" already exists');
    const bad = cli(["workspace", "create", "Bad Name!", "--data", dir]);
    expect([bad.status, bad.stderr]).toEqual([2, 'amicited-gateway: NAME must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit; got "Bad Name!"\n']);
  });

  it("refuse unknown flags and commands with usage and exit 2", () => {
    const flag = cli(["serve", "--data", dir, "--prot", "1"]);
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain("unknown flag --prot");
    expect(cli(["frobnicate"]).status).toBe(2);
    const port = cli(["serve", "--data", dir, "--port", "99999"]);
    expect(port.stderr).toContain("--port must be an integer from 0 to 65535; got 99999");
  });
});

describe("workspace names on the command line", () => {
  // One rule and one sentence for every workspace name the CLI takes, as the dashboard's API says
  // it (workspace-store's workspaceNameRefusal). Before, --workspace and --allow-anonymous-read
  // answered a name no workspace could have with "does not exist" (an overlong one repeated whole),
  // an empty --allow-anonymous-read was read as no flag at all, and `workspace create` refused a
  // malformed name with exit 1 after creating the store.
  const rule = "must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit";
  const names: [name: string, got: string][] = [
    ["w".repeat(41), "41 characters"],
    ["Demo", '"Demo"'],
    ["demo_1", '"demo_1"'],
    ["", '""'],
  ];

  it.each([["learned", "list"], ["learned", "forget"], ["learned", "quality"]])("%s %s --workspace: a malformed or overlong name is refused with the rule (exit 2); a well-formed unknown one does not exist", (...command) => {
    for (const [name, got] of names) {
      const refused = cli([...command, "--data", dir, "--workspace", name]);
      expect([name, refused.status, refused.stdout, refused.stderr]).toEqual([name, 2, "", `amicited-gateway: --workspace ${rule}; got ${got}\n`]);
    }
    const unknown = cli([...command, "--data", dir, "--workspace", "nobody"]);
    expect([unknown.status, unknown.stderr]).toEqual([2, 'amicited-gateway: --workspace: workspace "nobody" does not exist\n']);
  });

  it("serve --allow-anonymous-read: a malformed, overlong or empty name is refused with the rule (exit 2); a well-formed unknown one does not exist", () => {
    for (const [name, got] of names) {
      const refused = cli(["serve", "--data", dir, "--port", "0", "--allow-anonymous-read", name]);
      expect([name, refused.status, refused.stdout, refused.stderr]).toEqual([name, 2, "", `amicited-gateway: --allow-anonymous-read ${rule}; got ${got}\n`]);
    }
    const unknown = cli(["serve", "--data", dir, "--port", "0", "--allow-anonymous-read", "nobody"]);
    expect([unknown.status, unknown.stderr]).toEqual([2, 'amicited-gateway: --allow-anonymous-read: workspace "nobody" does not exist\n']);
  });

  // Regression (session 35 review): the learned commands opened the store (migrating a folder,
  // connecting to a database) before reading --workspace, so an unreachable database answered a
  // malformed name with its connection error and exit 1.
  it.each([["learned", "list"], ["learned", "forget"], ["learned", "quality"]])("%s %s refuses a malformed --workspace before it opens any store", (...command) => {
    const refused = cli([...command, "--database", "postgres://postgres@127.0.0.1:1/nowhere", "--workspace", "Demo"]);
    expect([refused.status, refused.stdout, refused.stderr]).toEqual([2, "", `amicited-gateway: --workspace ${rule}; got "Demo"\n`]);
  });

  it("workspace create: a malformed or overlong NAME is refused with the rule (exit 2) before any store is made", () => {
    for (const [name, got] of names.filter(([name]) => name !== "")) {
      const empty = resources.directory("gw-create-");
      const refused = cli(["workspace", "create", name, "--data", empty]);
      expect([name, refused.status, refused.stdout, refused.stderr]).toEqual([name, 2, "", `amicited-gateway: NAME ${rule}; got ${got}\n`]);
      expect(fs.readdirSync(empty)).toEqual([]);
    }
  });
});

describe("serve's flags for one transport only", () => {
  // Regression (session 35 review): `serve --stdio` ignored --allow-anonymous-read, --port and the
  // other HTTP settings, and HTTP serving ignored --toolsets, so a setting seemed to hold that did not.
  it("refuses HTTP-only flags with --stdio and --toolsets over HTTP, naming each (exit 2)", () => {
    const one = cli(["serve", "--stdio", "--data", dir, "--allow-anonymous-read", "demo"], { AMICITED_TOKEN: tokens.demo!.readToken });
    expect([one.status, one.stdout, one.stderr]).toEqual([2, "", "amicited-gateway: --allow-anonymous-read applies to HTTP serving, not --stdio (one client on stdin and stdout, its token in AMICITED_TOKEN); drop it or --stdio\n"]);
    const two = cli(["serve", "--stdio", "--data", dir, "--port", "0", "--no-ui"], { AMICITED_TOKEN: tokens.demo!.readToken });
    expect([two.status, two.stderr]).toEqual([2, "amicited-gateway: --port, --no-ui apply to HTTP serving, not --stdio (one client on stdin and stdout, its token in AMICITED_TOKEN); drop them or --stdio\n"]);
    const toolsets = cli(["serve", "--data", dir, "--port", "0", "--toolsets", "uptime"]);
    expect([toolsets.status, toolsets.stderr]).toEqual([2, "amicited-gateway: --toolsets applies to --stdio; over HTTP each client picks its toolsets with /mcp?toolsets=a,b (or all)\n"]);
  });
});

describe("serve --stdio", () => {
  it("serves the base tools plus --toolsets with the token from AMICITED_TOKEN", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY, "serve", "--stdio", "--data", dir, "--toolsets", "uptime"],
      env: { ...process.env, AMICITED_TOKEN: tokens.other!.readToken } as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "stdio-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names.slice(0, 4)).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
      expect(names.slice(4).every((name) => name.startsWith("uptime_"))).toBe(true);
      const domains = await client.callTool({
        name: "read_tool",
        arguments: { name: "list_domains", arguments: {} },
      });
      const domainId = (domains.structuredContent as { rows: { domain_id: number }[] }).rows[0]!
        .domain_id;
      const status = await client.callTool({
        name: "uptime_is_site_down",
        arguments: { domain_id: domainId },
      });
      expect(["up", "down", "partially down"]).toContain(
        (status.structuredContent as { status: string }).status,
      );
    } finally {
      await client.close();
    }
  });

  it("refuses to start without a valid AMICITED_TOKEN", () => {
    const missing = cli(["serve", "--stdio", "--data", dir], { AMICITED_TOKEN: "" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("serve --stdio needs a token in AMICITED_TOKEN");
    const unknown = cli(["serve", "--stdio", "--data", dir], { AMICITED_TOKEN: "amc_r_nope" });
    expect(unknown.stderr).toContain("AMICITED_TOKEN is unknown or revoked");
  });
});
