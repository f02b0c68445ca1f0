// What a user of each tarball does, in folders with no workspace links: installs it with npm,
// runs every bin (--version, --help, and through `npx` from an empty folder), imports every
// library entry from an ES module and from a CommonJS file (require(esm)), and compiles a
// TypeScript consumer under nodenext.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { consumerFolder, enginesAllow, installClosure, installStats, nativeAddons, npmInstall, runCommand, tarballFiles } from "./packages.mjs";

/** The subpaths a library exports, as import specifiers (`@scope/name`, `@scope/name/node`). */
export function entrySpecifiers(pkg) {
  return Object.keys(pkg.manifest.exports ?? { ".": {} })
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => (subpath === "." ? pkg.name : `${pkg.name}${subpath.slice(1)}`));
}

const ESM_PROBE = (specs) =>
  `const out = {};\n${specs.map((spec, i) => `import * as m${i} from ${JSON.stringify(spec)};\nout[${JSON.stringify(spec)}] = Object.keys(m${i}).sort();`).join("\n")}\nconsole.log(JSON.stringify(out));\n`;
const CJS_PROBE = (specs) =>
  `const out = {};\nfor (const spec of ${JSON.stringify(specs)}) out[spec] = Object.keys(require(spec)).filter((key) => key !== "__esModule" && key !== "module.exports").sort();\nconsole.log(JSON.stringify(out));\n`;

function runProbe(dir, file, text, env) {
  fs.writeFileSync(path.join(dir, file), text);
  const result = runCommand(process.execPath, [file], { cwd: dir, env });
  if (result.status !== 0) return { error: `node ${file} exited ${result.status}: ${result.stderr.slice(-800)}` };
  return { exports: JSON.parse(result.stdout) };
}

/** Installs one library with only the tarballs it needs, then loads each entry both ways. */
export function checkLibrary(pkg, context) {
  const closure = installClosure(pkg.name, context.byName);
  const { dir, specs } = consumerFolder(context.work, pkg.name, closure.map((name) => context.tarballs.get(name)));
  npmInstall(dir, specs, context.env);
  const stats = installStats(dir); // the package's own footprint, before its optional peers
  const peers = peerSpecs([pkg]);
  if (peers.length) npmInstall(dir, peers, context.env);
  const entries = entrySpecifiers(pkg);
  const esm = runProbe(dir, "probe.mjs", ESM_PROBE(entries), context.env);
  const cjs = runProbe(dir, "probe.cjs", CJS_PROBE(entries), context.env);
  const problems = [esm.error, cjs.error].filter(Boolean);
  for (const spec of entries) {
    if (esm.exports && !(esm.exports[spec]?.length > 0)) problems.push(`import "${spec}" has no named exports`);
    if (esm.exports && cjs.exports && JSON.stringify(esm.exports[spec]) !== JSON.stringify(cjs.exports[spec])) {
      problems.push(`require("${spec}") exports differ from import: ${JSON.stringify(cjs.exports[spec])}`);
    }
  }
  return { ...stats, entries, exportCounts: entries.map((spec) => esm.exports?.[spec]?.length ?? 0), problems };
}

/**
 * The peer dependencies a user of every entry installs beside the libraries (the agent-framework
 * subpaths need `ai` / `@langchain/core`), at the versions the workspace tests them with.
 */
function peerSpecs(libraries) {
  const specs = new Map();
  for (const { manifest } of libraries) for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) specs.set(name, `${name}@${manifest.devDependencies?.[name] ?? range}`);
  return [...specs.values()];
}

/**
 * Installs one app from its tarball (and its optional workspace dependencies' tarballs, which npm
 * installs or skips by their engines as it would from a registry) and runs each of its bins through npx.
 */
export function checkApp(pkg, context) {
  const optional = Object.keys(pkg.manifest.optionalDependencies ?? {}).filter((name) => context.tarballs.has(name));
  const { dir, specs } = consumerFolder(context.work, pkg.name, [context.tarballs.get(pkg.name)], new Map(optional.map((name) => [name, context.tarballs.get(name)])));
  npmInstall(dir, specs, context.env);
  const problems = [];
  const bins = [];
  for (const bin of Object.keys(pkg.manifest.bin)) {
    const version = runCommand("npx", ["--no-install", bin, "--version"], { cwd: dir, env: context.env });
    const help = runCommand("npx", ["--no-install", bin, "--help"], { cwd: dir, env: context.env });
    if (version.status !== 0 || version.stdout.trim() !== pkg.version) problems.push(`${bin} --version: exit ${version.status}, printed "${version.stdout.trim()}" ${version.stderr.slice(-300)}`);
    if (help.status !== 0 || !/usage/i.test(help.stdout)) problems.push(`${bin} --help: exit ${help.status}, no usage on stdout ${help.stderr.slice(-300)}`);
    bins.push({ bin, version: version.stdout.trim(), helpLines: help.stdout.split("\n").length });
  }
  problems.push(...npxFromEmptyFolder(pkg, context));
  const stats = installStats(dir);
  // An optional workspace dependency is installed exactly where its engines allow (D11: the Node 20
  // SQLite driver, and its native build, nowhere else).
  const skipped = optional.filter((name) => !enginesAllow(context.byName.get(name)?.manifest.engines?.node, process.versions.node));
  const expected = [pkg.name, ...Object.keys({ ...pkg.manifest.dependencies, ...pkg.manifest.optionalDependencies })].filter((name) => !skipped.includes(name));
  for (const name of expected) if (!stats.names.includes(name)) problems.push(`npm did not install ${name}`);
  // package-lock.json lists a skipped optional package too: what counts is what is on disk.
  for (const name of skipped) if (fs.existsSync(path.join(dir, "node_modules", name))) problems.push(`npm installed ${name} on Node ${process.versions.node}, which its engines exclude`);
  if (skipped.length) problems.push(...nativeAddons(dir).map((file) => `a native addon was installed on Node ${process.versions.node}, where nothing loads it: ${file}`));
  // An optional peer (the OpenTelemetry packages) is the operator's to install when turning the
  // feature on: the app's own install must not carry it.
  const optionalPeers = Object.keys(pkg.manifest.peerDependencies ?? {}).filter((name) => pkg.manifest.peerDependenciesMeta?.[name]?.optional === true);
  for (const name of optionalPeers) if (stats.names.includes(name)) problems.push(`npm installed ${name}, an optional peer dependency that only an operator turning its feature on installs`);
  return { ...stats, dir, installed: path.join(dir, "node_modules", pkg.name), bins, problems };
}

/**
 * What a new user types: `npx --package <tarball> <bin> --version` in an empty folder, with no
 * install beforehand, so npx fetches the app and its dependencies into its own cache. The cache
 * entries this creates are removed again (npx keys them by the spec, a path under `work`).
 */
function npxFromEmptyFolder(pkg, context) {
  const empty = path.join(context.work, `${pkg.name.replace(/[^a-z0-9-]+/gi, "-")}-npx`);
  fs.mkdirSync(empty, { recursive: true });
  const tarball = context.tarballs.get(pkg.name);
  const problems = [];
  for (const bin of Object.keys(pkg.manifest.bin)) {
    const result = runCommand("npx", ["--yes", "--package", tarball, bin, "--version"], { cwd: empty, env: context.env });
    if (result.status !== 0 || result.stdout.trim() !== pkg.version) problems.push(`npx --package ${path.basename(tarball)} ${bin} --version in an empty folder: exit ${result.status}, printed "${result.stdout.trim()}" ${result.stderr.slice(-300)}`);
  }
  if (fs.readdirSync(empty).length > 0) problems.push(`npx wrote into the empty folder: ${fs.readdirSync(empty).join(", ")}`);
  removeNpxEntries(context.work, context.env);
  return problems;
}

/** Deletes the npx cache folders whose package.json points into `work` (this run's tarballs). */
function removeNpxEntries(work, env) {
  const npxDir = path.join(env.npm_config_cache || path.join(os.homedir(), ".npm"), "_npx");
  if (!fs.existsSync(npxDir)) return;
  for (const entry of fs.readdirSync(npxDir)) {
    const manifest = path.join(npxDir, entry, "package.json");
    if (fs.existsSync(manifest) && fs.readFileSync(manifest, "utf8").includes(work)) fs.rmSync(path.join(npxDir, entry), { recursive: true, force: true });
  }
}

/** The @types/json-schema version the TypeScript consumer of client-manager/ai-sdk installs. */
const JSON_SCHEMA_TYPES = "7.0.15";

/** One folder with every library and @types/node; `tsc` (the workspace's) compiles an ESM and a CJS consumer under nodenext. */
export function checkTypes(libraries, context) {
  const { dir, specs } = consumerFolder(context.work, "typescript-consumer", libraries.map((pkg) => context.tarballs.get(pkg.name)));
  // ai's own .d.ts (through @ai-sdk/provider) imports "json-schema", whose types ship apart: a
  // TypeScript user of client-manager/ai-sdk with skipLibCheck off installs them too (its README says so).
  const peers = peerSpecs(libraries);
  const peerTypes = peers.some((spec) => spec.startsWith("ai@")) ? [`@types/json-schema@${JSON_SCHEMA_TYPES}`] : [];
  npmInstall(dir, [...specs, ...peers, ...peerTypes, `@types/node@${context.typesNode}`], context.env);
  const entries = libraries.flatMap(entrySpecifiers);
  const lines = (style) =>
    entries.map((spec, i) => (style === "esm" ? `import * as m${i} from ${JSON.stringify(spec)};` : `import m${i} = require(${JSON.stringify(spec)});`)).join("\n");
  const use = `\nexport const exportCounts: number[] = [${entries.map((_, i) => `Object.keys(m${i}).length`).join(", ")}];\n`;
  fs.writeFileSync(path.join(dir, "consumer.mts"), `${lines("esm")}${use}`);
  fs.writeFileSync(path.join(dir, "consumer.cts"), `${lines("cjs")}${use}`);
  const tsconfig = { compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: ["node"] }, files: ["consumer.mts", "consumer.cts"] };
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  const result = runCommand(process.execPath, [context.tsc, "-p", "tsconfig.json"], { cwd: dir, env: context.env });
  return { entries: entries.length, problems: result.status === 0 ? [] : [`tsc (nodenext) failed:\n${(result.stdout + result.stderr).slice(-3000)}`] };
}

/** Problems with a tarball's contents every package must have. */
export function checkTarball(tarball) {
  const files = tarballFiles(tarball);
  return { bytes: fs.statSync(tarball).size, files: files.length, problems: ["LICENSE", "package.json", "README.md"].filter((name) => !files.includes(name)).map((name) => `${path.basename(tarball)} has no ${name}`) };
}
