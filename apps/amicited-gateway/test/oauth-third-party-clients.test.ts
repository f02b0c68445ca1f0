// Claude Code's CLI (from npm, pinned in apps/foundry-server) and the MCP Inspector CLI against
// the gateway's OAuth (issue 35), each driven as far as it goes, then connected with a token the
// flow produced. Measured on main before this change, `claude mcp list` answered "Dynamic Client
// Registration rejected (HTTP 404)". Where each stops here:
// - Claude Code: `mcp list` reports "Needs authentication" (the 401 challenge was understood);
//   `mcp login --no-browser` (in a pseudo-terminal: it insists on one) discovers the metadata and
//   prints an authorization URL with PKCE S256, our resource and our scopes, naming itself by its
//   client ID metadata document https://claude.ai/oauth/claude-code-client-metadata. The gateway
//   must fetch that document, and this machine has no network, so the consent page refuses the
//   client: that is where it stops without a person (and without the internet).
// - Inspector: registers itself (RFC 7591), waits on its loopback callback; the test plays the
//   person on the consent page, and the Inspector redeems the code and lists the tools: all the way.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tooling/test-support.mjs";
import { trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { approveByForm, authorizationUrl, listenForRedirects, pkcePair, postForm, registerClient } from "./support/oauth-client";

const CLAUDE = fileURLToPath(new URL("../../foundry-server/node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs", import.meta.url));
const INSPECTOR_DIR = fileURLToPath(new URL("../node_modules/@modelcontextprotocol/inspector", import.meta.url));
const hasScript = fs.existsSync("/usr/bin/script");
const resources = trackResources("all");
let home: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;
let origin: string;

beforeAll(async () => {
  const data = resources.data();
  tokens = data.tokens;
  home = resources.directory("gw-oauth-home-");
  gateway = await resources.serve(data.dir);
  origin = new URL(gateway.url).origin;
}, 120_000);

const env = () => ({ ...process.env, HOME: home, NO_COLOR: "1", MCP_CATALOG_PATH: path.join(home, "inspector-catalog.json"), MCP_CLIENT_CONFIG_PATH: path.join(home, "inspector-client.json") });

function run(file: string, args: string[], extraEnv: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { env: { ...env(), ...extraEnv }, cwd: home, timeout: 90_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A token pair from the real flow: registration, consent (played by the test), code redemption. */
async function tokenFromTheFlow(): Promise<string> {
  const callback = await listenForRedirects();
  try {
    const clientId = await registerClient(origin, [callback.redirectUri], "token for third-party clients");
    const { verifier, challenge } = pkcePair();
    const location = await approveByForm(authorizationUrl(origin, { client_id: clientId, redirect_uri: callback.redirectUri, code_challenge: challenge, state: "s" }), { credential: tokens.demo!.adminToken!, workspace: "demo", scope: "read" });
    const code = new URL(location).searchParams.get("code")!;
    const answer = await postForm(origin, "/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: callback.redirectUri });
    return String(answer.body.access_token);
  } finally {
    await callback.close();
  }
}

/** Runs `command` in a pseudo-terminal (util-linux `script`) until `until` matches its output. */
function runInTerminal(command: string, until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = resources.spawned(spawn("script", ["-qfc", command, "/dev/null"], { env: env(), cwd: home, stdio: ["pipe", "pipe", "pipe"], detached: true }));
    let output = "";
    const timer = setTimeout(() => finish(new Error(`no match for ${until} in: ${output}`)), 60_000);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      if (error) reject(error);
      else resolve(output);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) finish();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
  });
}

describe.skipIf(!fs.existsSync(CLAUDE))("Claude Code's CLI against the gateway's OAuth", { timeout: 120_000 }, () => {
  it("mcp list: needs authentication (no longer 'Dynamic Client Registration rejected')", async () => {
    expect((await run(CLAUDE, ["mcp", "add", "--transport", "http", "gateway", gateway.url])).code).toBe(0);
    const listed = await run(CLAUDE, ["mcp", "list"]);
    expect(listed.stdout).toContain(`gateway: ${gateway.url} (HTTP) - ! Needs authentication`);
    expect(listed.stdout + listed.stderr).not.toContain("Dynamic Client Registration rejected");
  });

  it.skipIf(!hasScript)("mcp login: discovers and builds the authorization request; stops at fetching its client metadata document offline", async () => {
    const output = await runInTerminal(`${JSON.stringify(process.execPath)} ${JSON.stringify(CLAUDE)} mcp login gateway --no-browser`, /paste the redirect URL/);
    // The terminal output wraps the URL in escape sequences: the URL's own characters end it.
    const url = new URL(/(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?[A-Za-z0-9%._~&=+-]+)/.exec(output)![1]!);
    expect(Object.fromEntries([...url.searchParams].filter(([name]) => !["code_challenge", "state", "redirect_uri"].includes(name)))).toEqual({
      response_type: "code",
      client_id: "https://claude.ai/oauth/claude-code-client-metadata",
      code_challenge_method: "S256",
      scope: "read write",
      resource: `${origin}/mcp`,
    });
    expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/localhost:\d+\/callback$/);
    const page = await fetch(url);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("unknown client_id https://claude.ai/oauth/claude-code-client-metadata: register it (POST /oauth/register) or serve its metadata document over https");
  });

  it("connects with a token the flow produced", async () => {
    const token = await tokenFromTheFlow();
    expect((await run(CLAUDE, ["mcp", "add", "--transport", "http", "gateway-token", gateway.url, "--header", `Authorization: Bearer ${token}`])).code).toBe(0);
    const listed = await run(CLAUDE, ["mcp", "list"]);
    expect(listed.stdout).toContain(`gateway-token: ${gateway.url} (HTTP) - ✔ Connected`);
  });
});

describe("MCP Inspector CLI against the gateway's OAuth", { timeout: 120_000 }, () => {
  const inspector = () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(INSPECTOR_DIR, "package.json"), "utf8")) as { bin: Record<string, string> };
    return path.join(INSPECTOR_DIR, manifest.bin["mcp-inspector"]!);
  };

  it("registers, waits for consent (played by the test), redeems the code and lists the tools", async () => {
    const port = await freePort();
    // Ended by the tracker (its process group too) if the test gives up waiting for it.
    const child = resources.spawned(
      spawn(process.execPath, [inspector(), "--cli", "--quiet", gateway.url, "--callback-url", `http://127.0.0.1:${port}/oauth/callback`, "--method", "tools/list"], {
        env: { ...env(), MCP_AUTO_OPEN_ENABLED: "true", BROWSER: "/bin/true" },
        cwd: home,
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      }),
    );
    let stdout = "";
    let stderr = "";
    let consent: Promise<void> | undefined;
    child.stdout!.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    const onLog = (chunk: Buffer) => {
      stderr += chunk.toString();
      const url = /Please navigate to: (\S+)/.exec(stderr)?.[1];
      if (url && consent === undefined)
        consent = approveByForm(url, { credential: tokens.demo!.readToken, workspace: "", scope: "read" }).then(async (location) => void (await fetch(location)));
    };
    child.stderr!.on("data", onLog);
    child.stdout!.on("data", onLog);
    const code = await new Promise<number>((resolve) => child.once("exit", (exit) => resolve(exit ?? 1)));
    await consent;
    expect(code, stderr).toBe(0);
    const listed = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { tools: { name: string }[] };
    expect(listed.tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
  });

  it("connects with a token the flow produced", async () => {
    const token = await tokenFromTheFlow();
    const answer = await run(inspector(), ["--cli", "--quiet", gateway.url, "--header", `Authorization: Bearer ${token}`, "--method", "tools/call", "--tool-name", "search_tools", "--tool-arg", "query=is the site down"]);
    expect(answer.code, answer.stderr).toBe(0);
    expect(answer.stdout).toContain("uptime_is_site_down");
  });
});
