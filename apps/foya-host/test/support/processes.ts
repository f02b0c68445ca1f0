// Shared helpers of foya's integration tests: the built CLI run as a process with its own
// FOYA_HOME, temporary folders, free ports, and real peers (server-everything over stdio and
// HTTP, the foundry-server bundle, the crashy fixture). Everything started here is stopped here.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../../../tooling/test-support.mjs";

export { freePort };

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built CLI under test. */
export const FOYA = path.resolve(here, "../../dist/foya.mjs");
/** server-everything's entry (stdio | sse | streamableHttp as first argument). */
export const EVERYTHING = path.resolve(here, "../../node_modules/@modelcontextprotocol/server-everything/dist/index.js");
/** The foundry-server bundle. */
export const FOUNDRY_SERVER = path.resolve(here, "../../../foundry-server/dist/server.mjs");
/** The amicited-gateway bundle. */
export const GATEWAY = path.resolve(here, "../../../amicited-gateway/dist/gateway.mjs");
/** The crashy stdio fixture. */
export const CRASHY = path.resolve(here, "../__fixtures__/crashy-server.mjs");
/** A stdio fixture with one long tool name and no prompts. */
export const LONG_NAMES = path.resolve(here, "../__fixtures__/long-names-server.mjs");

const made: string[] = [];

/** A fresh temporary folder, removed by removeTemporaryFolders(). */
export function temporaryFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `foya-test-${prefix}-`));
  made.push(folder);
  return folder;
}

/** Removes every folder temporaryFolder() made. */
export function removeTemporaryFolders(): void {
  for (const folder of made.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
}

/** Runs `node foya.mjs …args` with FOYA_HOME=home and returns the finished process. */
export function runFoya(home: string, args: string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [FOYA, ...args], {
    env: { ...process.env, FOYA_HOME: home, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}


async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

/** server-everything over HTTP on a free port; `url` ends in /mcp (streamableHttp) or /sse. */
export async function startEverythingHttp(mode: "streamableHttp" | "sse"): Promise<{ url: string; child: ChildProcess; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], { env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  const stop = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  try {
    await waitForPort(port, 20_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/${mode === "sse" ? "sse" : "mcp"}`, child, stop };
}

/** Lines of `ps` whose command line contains `marker` (a temp folder unique to one test). */
export function processesMentioning(marker: string): string[] {
  const table = spawnSync("ps", ["-eo", "pid,args"], { encoding: "utf8" }).stdout;
  return table.split("\n").filter((line) => line.includes(marker) && !line.includes("ps -eo"));
}

/** Mode bits of a file (e.g. 0o600). */
export function modeOf(file: string): number {
  return fs.statSync(file).mode & 0o777;
}
