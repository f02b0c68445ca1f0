// Where the built programs live, and how the suite starts them as real processes.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const foundryServer = path.join(repoRoot, "apps/foundry-server/dist/server.mjs");
export const gatewayBin = path.join(repoRoot, "apps/amicited-gateway/dist/gateway.mjs");
export const foyaBin = path.join(repoRoot, "apps/foya-host/dist/foya.mjs");

for (const bundle of [foundryServer, gatewayBin, foyaBin]) {
  if (!existsSync(bundle)) throw new Error(`${path.relative(repoRoot, bundle)} is missing: run pnpm build before the reliability suite`);
}

const temporaryDirs: string[] = [];

/** A fresh temporary folder, removed by `cleanupTemporaryDirs`. */
export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `foundry-rel-${prefix}-`));
  temporaryDirs.push(dir);
  return dir;
}

export function cleanupTemporaryDirs(): void {
  for (const dir of temporaryDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** An SDK client connected to a foundry-server process on `root`. */
export async function connectFoundry(root: string, name = "reliability"): Promise<Client> {
  const client = new Client({ name, version: "0.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [foundryServer, "--root", root], stderr: "pipe" }));
  return client;
}

/** The text of a tool result's first content block. */
export function resultText(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((block) => block.text ?? "").join("\n");
}

export interface GatewayWorkspace {
  workspace: string;
  readToken: string;
  writeToken: string;
}

function lastJsonLine(output: string): GatewayWorkspace {
  const line = output.trim().split("\n").filter((l) => l.trim().startsWith("{")).pop();
  if (!line) throw new Error(`no JSON line in gateway output: ${output.slice(-300)}`);
  return JSON.parse(line) as GatewayWorkspace;
}

/** Runs `amicited-gateway init` in a new data folder and returns the folder and its first workspace. */
export function initGateway(): { data: string; workspace: GatewayWorkspace } {
  const data = temporaryDir("gateway");
  const output = execFileSync(process.execPath, [gatewayBin, "init", "--data", data], { encoding: "utf8", timeout: 120_000 });
  return { data, workspace: lastJsonLine(output) };
}

export function createWorkspace(data: string, name: string): GatewayWorkspace {
  const output = execFileSync(process.execPath, [gatewayBin, "workspace", "create", name, "--data", data], { encoding: "utf8", timeout: 120_000 });
  return lastJsonLine(output);
}

export interface RunningGateway {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Starts `amicited-gateway serve --port 0` and resolves once it prints its listening line. */
export async function serveGateway(data: string, extraArgs: string[] = []): Promise<RunningGateway> {
  const child = spawn(process.execPath, [gatewayBin, "serve", "--data", data, "--port", "0", ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`gateway did not print its listening line: ${stderr.slice(-300)}`)), 30_000);
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on("exit", (code) => reject(new Error(`gateway exited (${code}) before listening: ${stderr.slice(-300)}`)));
  });
  child.stdout.resume();
  return {
    url,
    process: child,
    stderr: () => stderr,
    stop: () => stopProcess(child),
  };
}

/** An SDK client on the gateway's Streamable HTTP endpoint with a bearer token. */
export async function connectGateway(url: string, token: string, query = ""): Promise<Client> {
  const client = new Client({ name: "reliability", version: "0.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url + query), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  return client;
}

/** Ends a child with SIGTERM (SIGKILL after 5 s) and waits for its exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Command lines of live processes whose arguments contain `marker` (zombies excluded). */
export function processesWith(marker: string): string[] {
  const table = execFileSync("ps", ["-eo", "pid,stat,args"], { encoding: "utf8" });
  return table
    .split("\n")
    .filter((line) => line.includes(marker) && !line.includes("ps -eo"))
    .filter((line) => !/^\s*\d+\s+Z/.test(line));
}
