// Runs the built foya CLI as real processes against one FOYA_HOME, one at a time or many at once.
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import path from "node:path";
import { foyaBin, repoRoot } from "./programs";

/** The misbehaving stdio upstream of client-manager's tests (HOSTILE_MODE picks how). */
export const hostileUpstream = path.join(repoRoot, "packages/client-manager/test/__fixtures__/hostile-upstream.mjs");

/** `foya …args` with FOYA_HOME=home, waited for. */
export function foya(home: string, args: string[], env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [foyaBin, ...args], { env: { ...process.env, FOYA_HOME: home, ...env }, encoding: "utf8", timeout: 120_000 });
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `foya …args` started now; resolves when it exits. Many of these run in parallel. */
export function foyaAsync(home: string, args: string[]): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [foyaBin, ...args], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
