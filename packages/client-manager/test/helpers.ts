// Test helpers: real peers (server-everything over HTTP/SSE, fixtures), temp dirs, free ports
// and the process table. No mocks.
import type { HostVoice } from "../src/index";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { freePort } from "../../../tooling/test-support.mjs";

export { freePort };

const require = createRequire(import.meta.url);
/** The voice of a host whose CLI is `<host> mcp …` (foya's shape). */
function cliHostVoice(host: string): HostVoice {
  const command = (rest: string) => `${host} mcp ${rest}`;
  return {
    name: host,
    loginHint: (server) => `run \`${command(`login ${server}`)}\``,
    clientSecretCommand: command("login --client-secret"),
    importWorkspaceHint: command("import --workspace DIR"),
    warningCode: `${host.toUpperCase()}_CONFIG`,
  };
}

/** The words the library's tests pass as a host's: foya's, whose texts they pin. */
export const HOST_VOICE: HostVoice = cliHostVoice("foya");

export const fixturesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__");
export const flakyServer = path.join(fixturesDir, "flaky-server.mjs");

/** Absolute path of a file inside an installed package. */
export function packageFile(name: string, relative: string): string {
  return path.join(path.dirname(require.resolve(`${name}/package.json`)), relative);
}

export const everythingEntry = packageFile("@modelcontextprotocol/server-everything", "dist/index.js");
export const memoryEntry = packageFile("@modelcontextprotocol/server-memory", "dist/index.js");
export const filesystemEntry = packageFile("@modelcontextprotocol/server-filesystem", "dist/index.js");

export function makeTempDir(prefix = "cm-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}


/** Polls `predicate` every 25 ms until true or `timeoutMs` passed. */
/**
 * What a lost HTTP upstream's error names: a refused connection, a reset one, or (when the kill
 * cut a request in flight) undici's "other side closed". Which one depends on timing.
 */
export const CONNECTION_LOST = "(ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET: other side closed)";

export async function waitUntil(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return predicate();
}

/** A server-everything HTTP process (`streamableHttp` or `sse`) on a free port. */
export async function startEverythingHttp(mode: "streamableHttp" | "sse", port?: number): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [everythingEntry, mode], { env: { ...process.env, PORT: String(chosen) }, stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const ready = await waitUntil(() => /listening|running/i.test(output), 15_000);
  if (!ready) throw new Error(`server-everything ${mode} did not start: ${output}`);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  return { port: chosen, child, stop };
}

/** Rows of the process table: pid, pgid, state, args. */
export function processTable(): Array<{ pid: number; pgid: number; stat: string; args: string }> {
  const text = execFileSync("ps", ["-eo", "pid=,pgid=,stat=,args="], { encoding: "utf8" });
  return text
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), pgid: Number(match[2]), stat: match[3] ?? "", args: match[4] ?? "" }));
}

/** Live (non-zombie) processes whose group or pid is in `ids`. */
export function liveProcesses(ids: number[]): Array<{ pid: number; pgid: number; args: string }> {
  const wanted = new Set(ids);
  return processTable().filter((row) => (wanted.has(row.pgid) || wanted.has(row.pid)) && !row.stat.startsWith("Z"));
}

/** A Streamable HTTP MCP server on 127.0.0.1 (no tools) that records the headers of every request. */
export async function startRecordingServer(): Promise<{ url: string; seen: http.IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const seen: http.IncomingHttpHeaders[] = [];
  // A failed answer ends its connection instead of leaving an unhandled rejection.
  const server = http.createServer((request, response) => void answer(request, response).catch((error: unknown) => response.destroy(error as Error)));
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    seen.push(request.headers);
    const mcp = new Server({ name: "recorder", version: "1.0.0" }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await mcp.connect(transport);
    await transport.handleRequest(request, response);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${address.port}/mcp`, seen, close };
}
