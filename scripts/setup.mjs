#!/usr/bin/env node
// Brings a fresh machine (Node 20+ and npm only) to a built workspace: pnpm at the pinned
// version, dependencies (with the native build settings of TOOLCHAIN.md), then `turbo build`.
// Used by `npm run check` (the test command) and `npm run demo` (the main job).
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PNPM_VERSION = "12.4.2";

/** The environment every step runs with: native-build headers, quiet turbo. */
export function toolEnvironment() {
  const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", TURBO_NO_UPDATE_NOTIFIER: "1" };
  // better-sqlite3 compiles from source here; pnpm 12 reads nodedir only from the environment.
  if (!env.npm_config_nodedir && existsSync("/usr/include/node/node.h")) env.npm_config_nodedir = "/usr";
  return env;
}

/** A step's seconds since `started`; when it failed (`exit` is not 0: a code or a signal), says so and exits the process with its code. */
function endStep(command, args, started, exit) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (exit !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${exit}) after ${seconds}s`);
    process.exit(typeof exit === "number" ? exit : 1);
  }
  return seconds;
}

/** Runs a command with inherited output; exits the process with its code when it fails. */
export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: "inherit", env: toolEnvironment(), ...options });
  return endStep(command, args, started, result.status ?? result.signal);
}

/**
 * Starts a command beside the steps that follow (a 2-core machine has a core to spare while a
 * single-threaded step runs); its output goes to a file so it never interleaves with theirs.
 * `finish()` waits for it, prints its output, and exits the process as `run` does when it failed.
 * @example const typed = runBeside("pnpm", ["exec", "eslint", "."]); run(…); await typed.finish();
 */
export function runBeside(command, args) {
  const started = Date.now();
  const folder = mkdtempSync(path.join(os.tmpdir(), "foundry-step-"));
  const logFile = path.join(folder, "output.log");
  const log = openSync(logFile, "w");
  const child = spawn(command, args, { cwd: repoRoot, stdio: ["ignore", log, log], env: toolEnvironment() });
  closeSync(log);
  // A step that fails first ends the process with process.exit: take this one down with it.
  const stopChild = () => child.kill();
  process.on("exit", stopChild);
  const exited = new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal)));
  return {
    async finish() {
      const status = await exited;
      process.off("exit", stopChild);
      process.stdout.write(readFileSync(logFile, "utf8"));
      rmSync(folder, { recursive: true, force: true });
      return endStep(command, args, started, status);
    },
  };
}

function pnpmVersion(command) {
  const probe = spawnSync(command, ["--version"], { encoding: "utf8", env: toolEnvironment() });
  return probe.status === 0 ? probe.stdout.trim() : null;
}

/** Returns how to call pnpm: the global one when it is the pinned version, else installs it. */
export function ensurePnpm() {
  if (pnpmVersion("pnpm") === PNPM_VERSION) return ["pnpm"];
  console.log(`• installing pnpm ${PNPM_VERSION} with npm`);
  const install = spawnSync("npm", ["install", "--global", `pnpm@${PNPM_VERSION}`], { stdio: "inherit", env: toolEnvironment() });
  if (install.status === 0 && pnpmVersion("pnpm") === PNPM_VERSION) return ["pnpm"];
  console.log(`• global install not possible; using npx pnpm@${PNPM_VERSION}`);
  return ["npx", "--yes", `pnpm@${PNPM_VERSION}`];
}

/** Installs dependencies from the lockfile and builds every package and app. */
export function setup() {
  const pnpm = ensurePnpm();
  const [command, ...prefix] = pnpm;
  console.log("• installing dependencies (a cold install compiles better-sqlite3: about two minutes)");
  run(command, [...prefix, "install", "--frozen-lockfile"]);
  console.log("• building packages and apps");
  run(command, [...prefix, "exec", "turbo", "run", "build", "--output-logs=errors-only"]);
  return pnpm;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) setup();
