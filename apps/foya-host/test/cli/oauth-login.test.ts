// `foya mcp login|logout` as a person uses them, headless: the built CLI against a real
// authorization server on 127.0.0.1 (client-manager's OAuth fixture). The test plays the browser:
// it reads the printed URL and follows the redirect back to foya's loopback listener.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "../support/processes";

const here = path.dirname(fileURLToPath(import.meta.url));
const OAUTH_SERVER = path.resolve(here, "../../../../packages/client-manager/test/__fixtures__/oauth-server.mjs");

let authServer: ChildProcess;
let url: string;
let home: string;

beforeAll(async () => {
  expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
  home = path.join(temporaryFolder("oauth-home"), "foya");
  authServer = spawn(process.execPath, [OAUTH_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    authServer.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    authServer.once("exit", (code) => reject(new Error(`oauth fixture exited with ${code}`)));
  });
  url = `http://127.0.0.1:${port}/mcp`;
});

afterAll(() => {
  authServer?.kill("SIGTERM");
  removeTemporaryFolders();
});

/** Runs `foya mcp login` and signs in as a browser would once the URL is printed. */
function loginHeadless(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [FOYA, "mcp", "login", name, "--no-browser", "--timeout", "60"], { env: { ...process.env, FOYA_HOME: home } });
    let stdout = "";
    let stderr = "";
    let signedIn = false;
    child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(stderr);
      if (match && !signedIn) {
        signedIn = true;
        void (async () => {
          const answer = await fetch(match[1] as string, { redirect: "manual" });
          await fetch(answer.headers.get("location") as string);
        })();
      }
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("foya mcp login / logout", () => {
  it("before login a call says the server needs login", () => {
    expect(runFoya(home, ["mcp", "add", "docs", "--transport", "streamable_http", "--url", url]).status).toBe(0);
    const call = runFoya(home, ["call", "mcp__docs__whoami"]);
    expect(call.status).toBe(1);
    expect(call.stderr).toContain('Server "docs" needs login: run `foya mcp login docs`');
  });

  it("logs in headless, stores tokens only in the credentials file, and the tools work", async () => {
    const login = await loginHeadless("docs");
    expect(login.stderr).toContain("Sign in to docs at:");
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/^Logged in to docs \(OAuth authorization_code\): the access token expires in \d+ min, a refresh token is stored\.$/m);
    const credentials = JSON.parse(fs.readFileSync(path.join(home, "mcp-credentials.json"), "utf8")) as { oauth: Record<string, { tokens: { access_token: string; refresh_token: string } }> };
    const { access_token: access, refresh_token: refresh } = credentials.oauth.docs!.tokens;
    const secrets = [access, refresh];
    expect(access.length).toBeGreaterThan(20);
    const call = runFoya(home, ["call", "mcp__docs__whoami"]);
    expect(call.status).toBe(0);
    expect(call.stdout).toMatch(/client client-\w+ scopes mcp/);
    const list = runFoya(home, ["mcp", "list", "--json"]);
    const printed = [login.stdout, login.stderr, call.stdout, call.stderr, list.stdout, fs.readFileSync(path.join(home, "mcp.json"), "utf8")].join("\n");
    for (const secret of secrets) expect(printed).not.toContain(secret);
    expect(JSON.parse(list.stdout).servers[0]).toMatchObject({ name: "docs", has_token: true, auth: "oauth" });
    const table = runFoya(home, ["mcp", "list"]).stdout;
    expect(table.split("\n")[1]).toMatch(/^docs +enabled +streamable_http +oauth +yes +http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    for (const secret of secrets) expect(table).not.toContain(secret);
  });

  it("logout removes the tokens; the next call needs login again", () => {
    const logout = runFoya(home, ["mcp", "logout", "docs"]);
    expect(logout.stdout.trim()).toBe("Logged out of docs: its OAuth tokens and client registration were removed.");
    expect(runFoya(home, ["mcp", "logout", "docs"]).stdout.trim()).toBe("No OAuth login is stored for docs.");
    expect(runFoya(home, ["call", "mcp__docs__whoami"]).stderr).toContain("needs login");
  });

  it("refuses login for a stdio server and an unknown name", () => {
    expect(runFoya(home, ["mcp", "add", "local", "--", process.execPath, "-e", "0"]).status).toBe(0);
    expect(runFoya(home, ["mcp", "login", "local"]).stderr.trim()).toBe('foya: MCP server "local" runs over stdio; OAuth login is for remote (streamable_http or sse) servers.');
    expect(runFoya(home, ["mcp", "login", "nope"]).status).toBe(1);
  });
});
