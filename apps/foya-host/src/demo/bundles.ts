// Where `foya demo` finds the programs it starts, and how it runs the gateway: the bundles sit
// beside foya-host in the monorepo's apps/ (located from dist/foya.mjs), the gateway is
// initialised into a temporary folder and served on a free port of 127.0.0.1. Every child runs
// in its own process group so that cleanup can end it with whatever it started.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FoyaError, FoyaErrorCode } from "../cli/errors";

/** The two bundles the demo runs. */
export interface DemoBundles {
  foundryServer: string;
  gateway: string;
}

/**
 * Finds the bundles: explicit paths first, else `../../foundry-server/dist/server.mjs` and
 * `../../amicited-gateway/dist/gateway.mjs` from the folder of foya.mjs. A missing one is a
 * clear error that says how to build it.
 */
export function locateBundles(explicit: Partial<DemoBundles> = {}, from = path.dirname(fileURLToPath(import.meta.url))): DemoBundles {
  const bundles: DemoBundles = {
    foundryServer: path.resolve(explicit.foundryServer ?? path.join(from, "../../foundry-server/dist/server.mjs")),
    gateway: path.resolve(explicit.gateway ?? path.join(from, "../../amicited-gateway/dist/gateway.mjs")),
  };
  for (const [label, file] of [["foundry-server", bundles.foundryServer], ["amicited-gateway", bundles.gateway]] as const) {
    if (!fs.existsSync(file)) {
      throw new FoyaError(FoyaErrorCode.MISSING_BUNDLE, `foya demo needs the ${label} bundle at ${file}; build it first (pnpm build from the repository root).`);
    }
  }
  return bundles;
}

/** The credentials `amicited-gateway init` prints. */
export interface GatewayTokens {
  workspace: string;
  readToken: string;
  writeToken: string;
}

/** Runs `gateway init --data DIR` and reads its one JSON line. */
export function initGateway(gateway: string, dataDir: string): GatewayTokens {
  const result = spawnSync(process.execPath, [gateway, "init", "--data", dataDir], { encoding: "utf8", timeout: 60_000 });
  const line = (result.stdout ?? "").trim().split("\n").reverse().find((candidate) => candidate.trim().startsWith("{"));
  if (result.status !== 0 || line === undefined) {
    const reason = (result.stderr ?? "").trim().split("\n").pop() ?? `exit ${String(result.status)}`;
    throw new FoyaError(FoyaErrorCode.FAILED, `amicited-gateway init failed: ${reason}`);
  }
  const parsed = JSON.parse(line) as Partial<GatewayTokens>;
  if (typeof parsed.writeToken !== "string" || typeof parsed.readToken !== "string") {
    throw new FoyaError(FoyaErrorCode.FAILED, "amicited-gateway init printed no readToken/writeToken.");
  }
  return { workspace: String(parsed.workspace ?? ""), readToken: parsed.readToken, writeToken: parsed.writeToken };
}

/** A running gateway: its MCP URL and how to stop it (and its process group). */
export interface RunningGateway {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `gateway serve --data DIR --port 0` and waits for `listening on http://HOST:PORT/mcp`. */
export function startGateway(gateway: string, dataDir: string, timeoutMs = 30_000): Promise<RunningGateway> {
  const child = spawn(process.execPath, [gateway, "serve", "--data", dataDir, "--host", "127.0.0.1", "--port", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  const stop = (): Promise<void> => endProcessGroup(child);
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new FoyaError(FoyaErrorCode.FAILED, `amicited-gateway did not report "listening on" within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners("data");
        child.stderr?.resume();
        resolve({ url: match[1], child, stop });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      const last = stderr.trim().split("\n").pop() ?? "";
      reject(new FoyaError(FoyaErrorCode.FAILED, `amicited-gateway serve exited (${String(code)}) before listening: ${last}`));
    });
  });
}

/** Ends a detached child's whole process group: SIGTERM, then SIGKILL after a grace period. */
export async function endProcessGroup(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), graceMs).unref());
  if ((await Promise.race([exited.then(() => "exited" as const), timer])) === "timeout") {
    signal("SIGKILL");
    await exited;
  }
}
