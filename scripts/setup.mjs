#!/usr/bin/env node
// Brings a fresh machine (Node 20+ and npm only) to a built workspace: pnpm at the pinned
// version, dependencies (with the native build settings of TOOLCHAIN.md), then `turbo build`.
// Used by `npm run check` (the test command) and `npm run demo` (the main job).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
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

/** Runs a command with inherited output; exits the process with its code when it fails. */
export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: "inherit", env: toolEnvironment(), ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}) after ${seconds}s`);
    process.exit(result.status || 1);
  }
  return seconds;
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
