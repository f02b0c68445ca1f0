#!/usr/bin/env node
// Checks every workspace package as a consumer sees it, as part of `pnpm lint`:
// - package.json dependencies on workspace packages follow tooling/layers.json, and the layers form a DAG;
// - library packages are published right: ESM, files ["dist"], sideEffects false, exports with types first;
// - publint finds no error or warning in each package (run after `pnpm build`; skipped with a note if dist is missing).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findCycle } from "./layer-graph.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const layers = JSON.parse(fs.readFileSync(path.join(root, "tooling/layers.json"), "utf8"));
const SCOPE = "@foundry-mcp/";
const problems = [];
// In CI (or with --require-built) an unbuilt package is a failure, not a skipped check.
const requireBuilt = process.argv.includes("--require-built") || process.env.CI === "true";

function readManifest(folder) {
  return JSON.parse(fs.readFileSync(path.join(root, folder, "package.json"), "utf8"));
}

function workspaceDependencies(manifest) {
  const all = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
  return Object.keys(all).filter((name) => name.startsWith(SCOPE)).map((name) => name.slice(SCOPE.length));
}

const cycle = findCycle(layers.packages);
if (cycle) problems.push(`tooling/layers.json has a cycle: ${cycle.join(" -> ")}`);

const packageNames = fs.readdirSync(path.join(root, "packages")).filter((n) => fs.existsSync(path.join(root, "packages", n, "package.json")));
const appNames = fs.readdirSync(path.join(root, "apps")).filter((n) => fs.existsSync(path.join(root, "apps", n, "package.json")));

for (const name of packageNames) {
  const manifest = readManifest(`packages/${name}`);
  const where = `packages/${name}/package.json`;
  if (!(name in layers.packages)) problems.push(`${where}: package "${name}" is missing from tooling/layers.json`);
  const allowed = layers.packages[name] ?? [];
  for (const dep of workspaceDependencies(manifest)) {
    if (layers.apps.includes(dep)) problems.push(`${where}: packages never depend on apps ("${SCOPE}${dep}")`);
    else if (!allowed.includes(dep)) problems.push(`${where}: "${name}" may depend only on [${allowed.join(", ")}], not "${dep}"`);
  }
  if (manifest.type !== "module") problems.push(`${where}: "type" must be "module"`);
  if (manifest.sideEffects !== false) problems.push(`${where}: "sideEffects" must be false`);
  if (JSON.stringify(manifest.files) !== '["dist"]') problems.push(`${where}: "files" must be ["dist"]`);
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === "string") continue;
    if (Object.keys(target)[0] !== "types") problems.push(`${where}: exports["${subpath}"] must list "types" first`);
  }
}

for (const name of appNames) {
  const manifest = readManifest(`apps/${name}`);
  for (const dep of workspaceDependencies(manifest)) {
    if (layers.apps.includes(dep)) problems.push(`apps/${name}/package.json: apps never depend on other apps ("${SCOPE}${dep}")`);
  }
}

const { publint } = await import("publint");
for (const folder of [...packageNames.map((n) => `packages/${n}`), ...appNames.map((n) => `apps/${n}`)]) {
  const manifest = readManifest(folder);
  const entry = manifest.exports?.["."]?.import ?? Object.values(manifest.bin ?? {})[0];
  if (entry && !fs.existsSync(path.join(root, folder, entry))) {
    const note = `${folder} is not built (${entry} missing); run pnpm build before lint`;
    if (requireBuilt) problems.push(note);
    else console.warn(`check-packages: ${note}; publint skipped`);
    continue;
  }
  const { messages } = await publint({ pkgDir: path.join(root, folder), level: "warning", strict: true });
  for (const message of messages) problems.push(`${folder}: publint ${message.type} ${message.code} at ${message.path.join(".")}`);
}

if (problems.length) {
  console.error(`check-packages: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log(`check-packages: ${packageNames.length} packages and ${appNames.length} apps follow the layering and publish cleanly`);
}
