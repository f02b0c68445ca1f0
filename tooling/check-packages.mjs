#!/usr/bin/env node
// Checks every workspace package as a consumer sees it, as part of `pnpm lint`:
// - package.json dependencies on workspace packages follow tooling/layers.json, and the layers form a DAG;
// - library packages are published right: ESM, files ["dist"], sideEffects false, exports with types first;
// - every exports entry has a `default` condition, so CommonJS loads the library through require(esm);
// - every package and app carries the repository's LICENSE (npm packs it whatever `files` says);
// - an app's `dependencies` are exactly the packages its bundle loads at run time (the rest is
//   inlined, so it is a devDependency), see bundle-imports.mjs;
// - publint and attw (attw-check.mjs) find no problem in each package (run after `pnpm build`;
//   skipped with a note if dist is missing).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { attwProblems } from "./attw-check.mjs";
import { bundleImports, namedPackages } from "./bundle-imports.mjs";
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

function workspaceDependencies(manifest, kinds = ["dependencies", "peerDependencies", "optionalDependencies"]) {
  const all = Object.assign({}, ...kinds.map((kind) => manifest[kind]));
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
    if (Object.keys(target).at(-1) !== "default") problems.push(`${where}: exports["${subpath}"] must end with a "default" condition (require(esm) loads it)`);
  }
}

const license = fs.readFileSync(path.join(root, "LICENSE"), "utf8");
for (const folder of [...packageNames.map((n) => `packages/${n}`), ...appNames.map((n) => `apps/${n}`)]) {
  const file = path.join(root, folder, "LICENSE");
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== license) problems.push(`${folder}/LICENSE must be a copy of the root LICENSE (cp LICENSE ${folder}/)`);
}

for (const name of appNames) {
  const manifest = readManifest(`apps/${name}`);
  for (const dep of workspaceDependencies(manifest, ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"])) {
    if (layers.apps.includes(dep)) problems.push(`apps/${name}/package.json: apps never depend on other apps ("${SCOPE}${dep}")`);
  }
  checkRuntimeDependencies(name, manifest);
}

/** An app's bundle inlines everything but its externals: those, and only those, are `dependencies`. */
function checkRuntimeDependencies(name, manifest) {
  const where = `apps/${name}/package.json`;
  const bins = Object.values(manifest.bin ?? {}).map((bin) => path.join(root, "apps", name, bin));
  if (bins.length === 0 || !bins.every((bin) => fs.existsSync(bin))) return; // the publint step reports an unbuilt app
  const declared = Object.keys(manifest.dependencies ?? {});
  const loaded = { static: new Set(), dynamic: new Set() };
  for (const bin of bins) {
    const source = fs.readFileSync(bin, "utf8");
    const found = bundleImports(source);
    for (const kind of ["static", "dynamic"]) for (const dep of found[kind]) loaded[kind].add(dep);
    for (const dep of namedPackages(source, declared)) loaded.dynamic.add(dep); // import(name) of a driver
  }
  const lazy = new Set([...Object.keys(manifest.optionalDependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  for (const dep of loaded.static) if (!declared.includes(dep)) problems.push(`${where}: the bundle imports "${dep}", so it must be in "dependencies"`);
  for (const dep of loaded.dynamic) if (!declared.includes(dep) && !lazy.has(dep)) problems.push(`${where}: the bundle loads "${dep}" lazily; declare it in "dependencies", "optionalDependencies" or "peerDependencies"`);
  for (const dep of declared) {
    if (!loaded.static.has(dep) && !loaded.dynamic.has(dep)) problems.push(`${where}: "${dep}" is bundled (the bundle never imports it), so it belongs in "devDependencies"`);
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
  if (manifest.exports) for (const problem of attwProblems(path.join(root, folder), root)) problems.push(`${folder}: attw ${problem}`);
}

if (problems.length) {
  console.error(`check-packages: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log(`check-packages: ${packageNames.length} packages and ${appNames.length} apps follow the layering and publish cleanly (publint, attw)`);
}
