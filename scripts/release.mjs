#!/usr/bin/env node
// `pnpm release`: builds, then publishes every versioned package with changesets. Without a
// registry token (NPM_TOKEN or NODE_AUTH_TOKEN), or with --dry-run, it is a release dry run as
// a user would meet the result: every package packed, each tarball installed with npm into an
// empty folder (no workspace links), each bin run, each library imported from ESM and CommonJS,
// a TypeScript consumer compiled; foundry-server's Claude Desktop extension built into
// apps/foundry-server/release/ (scripts/build-mcpb.mjs); the foundry-core plugin's npm package
// (apps/foundry-server/dist/plugin/foundry-core, scripts/release/plugin-marketplace.mjs) packed and
// installed; then a table of each tarball's install size and package count. With a token, the
// plugin package is published after `changeset publish` (it is a build output, not a workspace package).
//
//   --dry-run            never publish, even with a token
//   --no-build           use the existing dist/ folders (CI on another Node reuses Node 20's build)
//   --report FILE        also write the results as JSON (the consumer test reads it)
//   --markdown FILE      also write the size table as a docs/benchmarks.md section (bench/install-footprint.mjs)
//   --registry           also publish every tarball to a local verdaccio on 127.0.0.1 and install
//                        from it as users do: npx -y for each program from an empty folder, npm
//                        install + import for each library, and foundry-core through the
//                        marketplace with `claude plugin install` (scripts/release/registry-round-trip.mjs);
//                        the acceptance checks then run against what npx installed. Long and
//                        network-bound (third-party packages come through the registry): .ci/run's
//                        release stage runs it on Node 20, 22 and 24; `npm run check` does not.
//   --acceptance F.mjs   run an acceptance check (repeatable) against the installed tarballs
//   --keep               leave the consumer folders in place and print where
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { nodedirFor } from "../tooling/node-runtime.mjs";
import { checkApp, checkLibrary, checkTarball, checkTypes } from "./release/consumer.mjs";
import { enginesAllow, packAll, runCommand, workspacePackages } from "./release/packages.mjs";
import { PLUGIN_PACKAGE, checkPluginTarball, packPlugin, publishPlugin, syncMarketplaceVersion } from "./release/plugin-marketplace.mjs";
import { localPrebuilds, workspaceNativeDir } from "./release/prebuilds.mjs";
import { registryRoundTrip } from "./release/registry-round-trip.mjs";
import { syncServerJson } from "./release/server-json.mjs";
import { buildMcpb } from "../apps/foundry-server/scripts/build-mcpb.mjs";
import { repoRoot, run } from "./setup.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const values = (name) => args.flatMap((arg, i) => (arg === name && args[i + 1] ? [args[i + 1]] : []));

// The MCP Registry entries (apps/*/server.json) carry the versions being released.
const registryEntries = syncServerJson(repoRoot, { write: true });
for (const file of registryEntries.changed) console.log(`release: ${file} now carries its package's version`);
if (registryEntries.problems.length) {
  console.error(`release: ${registryEntries.problems.join("\n")}`);
  process.exit(1);
}
// The marketplace's foundry-core entry installs the plugin package at foundry-server's version.
const marketplaceEntry = syncMarketplaceVersion(repoRoot, { write: true });
if (marketplaceEntry.changed) console.log("release: .claude-plugin/marketplace.json now names foundry-server's version");
if (marketplaceEntry.problems.length) {
  console.error(`release: ${marketplaceEntry.problems.join("\n")}`);
  process.exit(1);
}
if (!flag("--no-build")) run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"]);
const token = process.env.NPM_TOKEN || process.env.NODE_AUTH_TOKEN;
if (token && !flag("--dry-run")) {
  run("pnpm", ["exec", "changeset", "publish"]);
  publishPlugin(process.env, serverVersion());
  process.exit(0);
}

// npm and the bins run on this process's Node; native addons build against its own headers.
const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`, npm_config_update_notifier: "false" };
const nodedir = nodedirFor(process.execPath, process.version);
if (nodedir) env.npm_config_nodedir = nodedir;
else console.warn(`release: no headers found for Node ${process.version}; native addons may fail to build`);

// Every package is packed (an app's optional dependency comes from its tarball); only those whose
// engines allow this Node are installed and checked here (npm skips the others as optional dependencies).
const allPackages = workspacePackages(repoRoot);
const packages = allPackages.filter((pkg) => enginesAllow(pkg.manifest.engines?.node, process.versions.node));
// better-sqlite3 from a local prebuild for this Node (scripts/release/prebuilds.mjs), not compiled per run.
const nativeDir = workspaceNativeDir(path.join(repoRoot, "apps/amicited-gateway"));
const prebuilds = nativeDir ? localPrebuilds(path.join(repoRoot, "node_modules/.cache/release-prebuilds"), nativeDir) : undefined;
if (prebuilds) Object.assign(env, prebuilds.env(env));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "foundry-release-"));
const tarballDir = path.join(work, "tarballs");
fs.mkdirSync(tarballDir);
console.log(`Release dry run on Node ${process.version}: ${packages.length} packages, consumer folders under ${work}`);
const typesNode = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")).devDependencies["@types/node"];
const context = { byName: new Map(allPackages.map((pkg) => [pkg.name, pkg])), tarballs: packAll(allPackages, tarballDir), work, env, typesNode, tsc: path.join(repoRoot, "node_modules/typescript/bin/tsc") };
for (const pkg of allPackages) if (!packages.includes(pkg)) console.log(`  – ${pkg.name}: packed, not installed on Node ${process.versions.node} (engines ${pkg.manifest.engines.node})`);

const problems = [];
const rows = [];
// The foundry-core plugin's npm package, which the marketplace's npm source installs.
let plugin;
try {
  const tarball = packPlugin(tarballDir, env);
  const installed = checkPluginTarball(tarball, work, env, serverVersion());
  problems.push(...installed.problems.map((problem) => `${PLUGIN_PACKAGE}: ${problem}`));
  plugin = { name: PLUGIN_PACKAGE, version: serverVersion(), tarball, tarballBytes: fs.statSync(tarball).size };
  console.log(`  ${installed.problems.length ? "✗" : "✓"} ${PLUGIN_PACKAGE}: ${(plugin.tarballBytes / 1e3).toFixed(1)} kB tarball, installed with npm as a whole plugin`);
} catch (error) {
  problems.push(`${PLUGIN_PACKAGE}: ${error.message}`);
}
// The Claude Desktop extension, built from the same dist/ (attached to a release, not published to npm).
let extension;
try {
  // Built in this run's folder, then renamed into place: .ci/run's dry runs on three Nodes run at once.
  const built = await buildMcpb(path.join(work, "foundry-server.mcpb"));
  const target = path.join(repoRoot, "apps/foundry-server/release/foundry-server.mcpb");
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(built.file, `${target}.${process.pid}`);
  fs.renameSync(`${target}.${process.pid}`, target);
  extension = { ...built, file: target };
  console.log(`  ✓ ${path.relative(repoRoot, extension.file)}: ${(extension.bytes / 1e3).toFixed(1)} kB, ${extension.tools} tools, validated and packed with mcpb`);
} catch (error) {
  problems.push(`foundry-server.mcpb: ${error.message}`);
}
for (const pkg of packages) {
  const tarball = checkTarball(context.tarballs.get(pkg.name));
  const result = pkg.kind === "app" ? checkApp(pkg, context) : checkLibrary(pkg, context);
  if (result.dir) prebuilds?.saveFrom(result.dir);
  for (const problem of [...tarball.problems, ...result.problems]) problems.push(`${pkg.name}: ${problem}`);
  rows.push({ name: pkg.name, folder: pkg.folder, version: pkg.version, kind: pkg.kind, tarballBytes: tarball.bytes, installBytes: result.bytes, installPackages: result.packages, ...(result.bins ? { bins: result.bins } : { entries: result.entries, exportCounts: result.exportCounts }), installed: result.installed });
  console.log(`  ${result.problems.length + tarball.problems.length ? "✗" : "✓"} ${pkg.name}`);
}
const typescript = checkTypes(packages.filter((pkg) => pkg.kind === "library"), context);
problems.push(...typescript.problems);
console.log(`  ${typescript.problems.length ? "✗" : "✓"} TypeScript consumer (nodenext, ESM and CommonJS): ${typescript.entries} entries`);

const megabytes = (bytes) => (bytes / 1e6).toFixed(2);
const table = [
  "| package | kind | tarball (kB) | installed (MB) | packages installed |",
  "| --- | --- | ---: | ---: | ---: |",
  ...rows.map((row) => `| ${row.name} | ${row.kind} | ${(row.tarballBytes / 1e3).toFixed(1)} | ${megabytes(row.installBytes)} | ${row.installPackages} |`),
].join("\n");
console.log(`\n${table}`);
if (prebuilds) console.log(`\nbetter-sqlite3 binary: ${prebuilds.file}, local prebuild from ${prebuilds.source}`);
for (const file of values("--markdown")) fs.writeFileSync(file, `${footprintSection(table)}\n`);

let registry = null;
let acceptanceSource = new Map(rows.filter((row) => row.kind === "app").map((row) => [row.folder, row.installed]));
if (flag("--registry")) {
  console.log(`\n• through a local registry on Node ${process.version} (verdaccio, cold npm cache)`);
  try {
    const trip = await registryRoundTrip(packages, context.tarballs, work, env, plugin);
    for (const { step, ms, ok } of trip.steps) console.log(`  ${ok ? "✓" : "✗"} ${step}: ${(ms / 1000).toFixed(1)} s`);
    problems.push(...trip.problems.map((problem) => `registry: ${problem}`));
    registry = { steps: trip.steps };
    acceptanceSource = new Map(packages.filter((pkg) => trip.installs.has(pkg.name)).map((pkg) => [pkg.folder, trip.installs.get(pkg.name)]));
  } catch (error) {
    problems.push(`registry: ${error.message}`);
  }
}

const acceptance = [];
for (const check of values("--acceptance")) acceptance.push(runAcceptance(path.resolve(check), acceptanceSource, registry ? "what npx installed from the local registry" : "the installed tarballs"));
for (const result of acceptance) if (result.status !== 0) problems.push(`acceptance ${result.check} failed (exit ${result.status})`);

const report = { node: process.version, packages: rows, plugin: plugin ? { name: plugin.name, version: plugin.version, tarballBytes: plugin.tarballBytes } : null, typescript, mcpb: extension ? { bytes: extension.bytes, tools: extension.tools } : null, registry, acceptance, problems };
for (const file of values("--report")) fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
if (flag("--keep")) console.log(`\nkept: ${work}`);
else fs.rmSync(work, { recursive: true, force: true });
if (problems.length) {
  console.error(`\nrelease dry run: ${problems.length} problem(s)\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`\nrelease dry run passed on Node ${process.version}`);

/** foundry-server's version, which the plugin package and the marketplace entry carry. */
function serverVersion() {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, "apps/foundry-server/package.json"), "utf8")).version;
}

/** The docs/benchmarks.md section: what was measured, how, and the table. */
function footprintSection(table) {
  const npmVersion = runCommand("npm", ["--version"], { env }).stdout.trim();
  return [
    "## Install footprint of each tarball (release dry run)",
    "",
    "`pnpm release --dry-run` packs every workspace package and installs each tarball with npm into an empty",
    "folder, a library with only the `@foundry-mcp/*` tarballs it depends on. Installed size is the apparent size",
    "of every file under `node_modules`; packages counts every package npm installed, the tarball's own included.",
    `Measured on Node ${process.version} with npm ${npmVersion}: figures, not assertions.`,
    "",
    table,
  ].join("\n");
}

/**
 * Runs one acceptance check (they look for apps/<name>/dist from their working folder) in a
 * folder whose apps/<name> link to installed apps (`installed`: folder -> installed package), so
 * they test what npm (or npx) installed.
 */
function runAcceptance(check, installed, what) {
  const layout = path.join(work, "acceptance");
  for (const [folder, dir] of installed) {
    const link = path.join(layout, folder);
    if (fs.existsSync(link)) continue;
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(dir, link, "dir");
  }
  console.log(`\n• acceptance ${path.basename(check)} on Node ${process.version} against ${what}`);
  const result = runCommand(process.execPath, [check], { cwd: layout, env, stdio: ["ignore", "inherit", "inherit"] });
  return { check: path.basename(check), status: result.status };
}
