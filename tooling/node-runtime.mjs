// Other Node.js versions for tests and CI, from the npm registry's `node` package (the machines
// here carry Node 20; users run 22 and 24, and some test tools need 22). Each pinned version is
// installed once under node_modules/.cache/node-runtimes/<version>/ and reused.
//
//   node tooling/node-runtime.mjs 22            prints the path of the node 22 binary
//   node tooling/node-runtime.mjs 22 --nodedir  prints its headers folder (for npm_config_nodedir)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The exact versions tests and CI use, by major. */
export const NODE_RUNTIMES = { 22: "22.23.3", 24: "24.21.0" };
const cacheRoot = path.join(repoRoot, "node_modules/.cache/node-runtimes");

function platformPackage(packageDir) {
  // The `node` package installs its binaries as a `node-<platform>-<arch>` package beside or inside it.
  const name = `node-${process.platform}-${process.arch}`;
  return [path.join(packageDir, "node_modules", name), path.join(packageDir, "..", name)].find((dir) => fs.existsSync(dir));
}

function runtimeAt(prefix) {
  const packageDir = path.join(prefix, "node_modules/node");
  const bin = path.join(packageDir, "bin/node");
  if (!fs.existsSync(bin)) return undefined;
  const platformDir = platformPackage(packageDir);
  const nodedir = platformDir && fs.existsSync(path.join(platformDir, "include/node/node.h")) ? platformDir : undefined;
  return { bin, binDir: path.dirname(bin), nodedir };
}

/**
 * Node `major` from the npm registry: `{ bin, binDir, nodedir }`, installing it on first use.
 * `nodedir` holds `include/node` (the `node` package ships the headers native addons build against).
 */
export function nodeRuntime(major) {
  const version = NODE_RUNTIMES[major];
  if (!version) throw new Error(`no pinned Node ${major}; pinned: ${Object.keys(NODE_RUNTIMES).join(", ")} (tooling/node-runtime.mjs)`);
  const prefix = path.join(cacheRoot, version);
  const ready = runtimeAt(prefix);
  if (ready) return ready;
  fs.mkdirSync(cacheRoot, { recursive: true });
  // Install beside the final folder, then rename: parallel test files never see half an install.
  const staging = fs.mkdtempSync(path.join(cacheRoot, `.${version}-`));
  const install = spawnSync("npm", ["install", "--prefix", staging, "--no-audit", "--no-fund", "--loglevel=error", `node@${version}`], { encoding: "utf8" });
  if (install.status !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install node@${version} failed (exit ${install.status}): ${install.stderr.slice(-800)}`);
  }
  try {
    fs.renameSync(staging, prefix);
  } catch {
    fs.rmSync(staging, { recursive: true, force: true }); // another process finished first
  }
  const installed = runtimeAt(prefix);
  if (!installed) throw new Error(`node@${version} installed, but ${prefix}/node_modules/node/bin/node is missing`);
  return installed;
}

/** This process's Node when it is at least `major`, else the pinned `major` from npm. */
export function nodeAtLeast(major) {
  return Number(process.versions.node.split(".")[0]) >= major ? process.execPath : nodeRuntime(major).bin;
}

/**
 * The headers folder matching the Node at `execPath`, for npm_config_nodedir, or undefined:
 * `/usr` for a system Node with /usr/include/node, the platform package for a Node from npm.
 */
export function nodedirFor(execPath, version) {
  const real = fs.realpathSync(execPath);
  const candidates = [path.resolve(path.dirname(real), ".."), platformPackage(path.resolve(path.dirname(real), ".."))].filter(Boolean);
  const wanted = version.replace(/^v/, "").split(".");
  return candidates.find((dir) => {
    const header = path.join(dir, "include/node/node_version.h");
    if (!fs.existsSync(header)) return false;
    const text = fs.readFileSync(header, "utf8");
    const part = (name) => new RegExp(`#define\\s+NODE_${name}_VERSION\\s+(\\d+)`).exec(text)?.[1];
    return part("MAJOR") === wanted[0] && part("MINOR") === wanted[1] && part("PATCH") === wanted[2];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const major = process.argv[2];
  const runtime = nodeRuntime(major);
  process.stdout.write(`${process.argv.includes("--nodedir") ? (runtime.nodedir ?? "") : runtime.bin}\n`);
}
