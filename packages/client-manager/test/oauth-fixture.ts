// Starts test/__fixtures__/oauth-server.mjs (a real authorization server and MCP resource server
// on 127.0.0.1) for the OAuth tests, and plays the browser's part of a sign-in.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { fixturesDir } from "./helpers";

export interface Fixture {
  child: ChildProcess;
  port: number;
  url: string;
  stats(): Promise<Record<string, unknown> & { registrations: number; refreshes: number; codeExchanges: number; clientCredentials: number; jwtAssertions: number; stepUps: number; resources: string[]; scopes: string[] }>;
  admin(route: string): Promise<void>;
}

const started: Fixture[] = [];

/** Stops every fixture this file started. */
export function stopAuthServers(): void {
  for (const fixture of started.splice(0)) fixture.child.kill("SIGTERM");
}

/** Starts the fixture with `args` (and `env`, e.g. JWT_PUBLIC_KEY); resolves once it listens. */
export async function startAuthServer(args: string[] = [], env: Record<string, string> = {}): Promise<Fixture> {
  const child = spawn(process.execPath, [path.join(fixturesDir, "oauth-server.mjs"), ...args], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env } });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /listening (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`oauth fixture exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const fixture: Fixture = {
    child,
    port,
    url: `${base}/mcp`,
    stats: async () => (await (await fetch(`${base}/admin/stats`)).json()) as never,
    admin: async (route) => void (await fetch(`${base}/admin/${route}`, { method: "POST" })),
  };
  started.push(fixture);
  return fixture;
}

/** What a browser does with the authorization URL: follow the redirect back to the loopback callback. */
export async function approveInBrowser(url: URL): Promise<void> {
  const answer = await fetch(url, { redirect: "manual" });
  const location = answer.headers.get("location");
  if (!location) throw new Error(`authorization endpoint answered ${answer.status} without a redirect`);
  const callback = await fetch(location);
  expect(callback.status).toBe(200);
}

