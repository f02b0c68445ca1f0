// The three built programs started as real processes, and clients of both eras for them: the v2
// SDK client pinned to 2026-07-28 and the 1.32.2 SDK client (2025-11-25 handshake).
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { Client as ModernClient } from "@modelcontextprotocol/client";
import { StdioClientTransport as ModernStdio } from "@modelcontextprotocol/client/stdio";
import { StreamableHTTPClientTransport as ModernHttp } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as LegacyStdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as LegacyHttp } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

// Paths, temporary folders and process stopping are the reliability suite's (one copy).
import { cleanupTemporaryDirs, foundryServer, foyaBin, gatewayBin, stopProcess, temporaryDir } from "../../reliability/support/programs";

export { cleanupTemporaryDirs, foundryServer, foyaBin, gatewayBin, stopProcess, temporaryDir };

/** How a program is started over stdio. */
export interface StdioProgram {
  args: string[];
  env?: Record<string, string>;
}

/** The tools and a call's text, whichever era. */
export interface EraClient {
  era: string | undefined;
  listToolNames(): Promise<string[]>;
  callText(name: string, args: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const texts = (result: unknown): string =>
  ((result as { content?: Array<{ text?: string }> }).content ?? []).map((block) => block.text ?? "").join("\n");

function environment(program: StdioProgram): Record<string, string> {
  return { ...(process.env as Record<string, string>), ...program.env };
}

/** A v2 SDK client pinned to 2026-07-28 (no initialize; server/discover must offer it). */
export async function modernClient(transport: "stdio" | { url: string; token: string }, program?: StdioProgram): Promise<EraClient> {
  const client = new ModernClient({ name: "protocol-test", version: "0.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  if (transport === "stdio") {
    await client.connect(new ModernStdio({ command: process.execPath, args: program!.args, env: environment(program!), stderr: "pipe" }));
  } else {
    await client.connect(new ModernHttp(new URL(transport.url), { requestInit: { headers: { authorization: `Bearer ${transport.token}` } } }));
  }
  return {
    era: client.getNegotiatedProtocolVersion(),
    listToolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    callText: async (name, args) => texts(await client.callTool({ name, arguments: args })),
    close: () => client.close(),
  };
}

/** A 1.32.2 SDK client: the 2025-11-25 initialize handshake. */
export async function legacyClient(transport: "stdio" | { url: string; token: string }, program?: StdioProgram): Promise<EraClient> {
  const client = new LegacyClient({ name: "protocol-test", version: "0.0.0" });
  if (transport === "stdio") {
    await client.connect(new LegacyStdio({ command: process.execPath, args: program!.args, env: environment(program!), stderr: "pipe" }));
  } else {
    await client.connect(new LegacyHttp(new URL(transport.url), { requestInit: { headers: { authorization: `Bearer ${transport.token}` } } }));
  }
  return {
    era: client.getServerVersion() ? "2025" : undefined,
    listToolNames: async () => (await client.listTools()).tools.map((tool) => tool.name),
    callText: async (name, args) => texts(await client.callTool({ name, arguments: args })),
    close: () => client.close(),
  };
}

/** `amicited-gateway init` in a new data folder: the folder and the first workspace's write token. */
export function initGateway(): { data: string; token: string } {
  const data = temporaryDir("gateway");
  const output = execFileSync(process.execPath, [gatewayBin, "init", "--data", data], { encoding: "utf8", timeout: 120_000 });
  const line = output.trim().split("\n").filter((l) => l.trim().startsWith("{")).pop();
  if (!line) throw new Error(`no JSON line in gateway output: ${output.slice(-300)}`);
  return { data, token: (JSON.parse(line) as { writeToken: string }).writeToken };
}

/** `foya mcp add …` in `home`. */
export function foya(home: string, args: string[]): string {
  const run = spawnSync(process.execPath, [foyaBin, ...args], { env: { ...process.env, FOYA_HOME: home }, encoding: "utf8", timeout: 60_000 });
  if (run.status !== 0) throw new Error(`foya ${args.join(" ")} failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

/**
 * `foya …` in `home` without blocking the event loop. Use it between requests on a kept-alive
 * HTTP connection: while a synchronous run blocks the loop past the server's keep-alive timeout
 * (5 s, reached on a loaded machine), the client never sees the server close the idle socket and
 * sends the next POST on it ("fetch failed: other side closed").
 */
export async function foyaInBackground(home: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [foyaBin, ...args], { env: { ...process.env, FOYA_HOME: home }, encoding: "utf8", timeout: 60_000 });
  return stdout;
}

/** A running `amicited-gateway serve --port 0`. */
export interface RunningGateway {
  url: string;
  stop(): Promise<void>;
}

export async function serveGateway(data: string): Promise<RunningGateway> {
  const child = spawn(process.execPath, [gatewayBin, "serve", "--data", data, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`gateway exited (${code}) before listening: ${stderr.slice(-300)}`)));
  });
  child.stdout.resume();
  return { url, stop: () => stopProcess(child) };
}
