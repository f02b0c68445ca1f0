// The publishable packages of the workspace as npm would ship them: found from the workspace
// folders (so a new package is covered without editing a list), packed with pnpm (`workspace:`
// ranges become versions), and installed with npm into plain folders with no workspace links.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SCOPE = "@foundry-mcp/";
const GROUPS = ["packages", "apps"];

/** Every non-private package under packages/ and apps/: `{ name, version, folder, dir, manifest, kind }`. */
export function workspacePackages(root) {
  const found = [];
  for (const group of GROUPS) {
    for (const entry of fs.readdirSync(path.join(root, group)).sort()) {
      const dir = path.join(root, group, entry);
      if (!fs.existsSync(path.join(dir, "package.json"))) continue;
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
      if (manifest.private) continue;
      const kind = manifest.bin ? "app" : "library";
      found.push({ name: manifest.name, version: manifest.version, folder: `${group}/${entry}`, dir, manifest, kind });
    }
  }
  return found;
}

const versionParts = (version) => version.replace(/^[v=]/, "").split(".").map((part) => Number.parseInt(part, 10) || 0);
const compareVersions = (a, b) => {
  const [left, right] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < 3; i += 1) if ((left[i] ?? 0) !== (right[i] ?? 0)) return (left[i] ?? 0) - (right[i] ?? 0);
  return 0;
};
const COMPARATORS = { ">=": (c) => c >= 0, ">": (c) => c > 0, "<=": (c) => c <= 0, "<": (c) => c < 0, "": (c) => c === 0 };

/**
 * Whether Node `version` satisfies an engines range of the forms the workspace writes
 * (`>=20.19`, `>=20.19 <22.16`, alternatives joined by `||`), as npm decides whether to install
 * an optional package. No range allows every version.
 * @example enginesAllow(">=20.19 <22.16", "24.21.0") // false
 */
export function enginesAllow(range, version) {
  if (!range) return true;
  return range.split("||").some((alternative) =>
    alternative.trim().split(/\s+/).every((comparator) => {
      const [, operator = "", bound = ""] = /^(>=|<=|>|<|=)?(.+)$/.exec(comparator) ?? [];
      return COMPARATORS[operator === "=" ? "" : operator]?.(compareVersions(version, bound)) ?? false;
    }),
  );
}

/** Runs a command; returns `{ status, stdout, stderr }` and never throws. */
export function runCommand(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  return { status: result.status ?? -1, stdout: result.stdout ?? "", stderr: `${result.stderr ?? ""}${result.error ? String(result.error) : ""}` };
}

/** Packs each package into `destination`; returns name -> tarball path. Throws naming the package that failed. */
export function packAll(packages, destination) {
  const tarballs = new Map();
  for (const pkg of packages) {
    const before = new Set(fs.readdirSync(destination));
    const packed = runCommand("pnpm", ["pack", "--pack-destination", destination], { cwd: pkg.dir });
    const tarball = fs.readdirSync(destination).find((name) => name.endsWith(".tgz") && !before.has(name));
    if (packed.status !== 0 || !tarball) throw new Error(`pnpm pack failed for ${pkg.name}: ${packed.stderr.slice(-800)}`);
    tarballs.set(pkg.name, path.join(destination, tarball));
  }
  return tarballs;
}

/** The workspace packages `name` needs at install time (itself and its `@foundry-mcp/*` dependencies, transitively). */
export function installClosure(name, byName) {
  const needed = new Set();
  const visit = (current) => {
    if (needed.has(current)) return;
    needed.add(current);
    const manifest = byName.get(current)?.manifest ?? {};
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) if (dep.startsWith(SCOPE) && byName.has(dep)) visit(dep);
  };
  visit(name);
  return [...needed];
}

/**
 * A new consumer folder holding only the given tarballs (copied in) and a private package.json.
 * `overrides` (name -> tarball) are copied in too and answer for those names wherever they are
 * depended on (an app's optional workspace dependency, which no registry serves in a dry run).
 */
export function consumerFolder(parent, label, tarballs, overrides = new Map()) {
  const dir = path.join(parent, label.replace(/[^a-z0-9-]+/gi, "-"));
  fs.mkdirSync(dir, { recursive: true });
  const pinned = Object.fromEntries([...overrides].map(([name, tarball]) => [name, `file:./${path.basename(tarball)}`]));
  fs.writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ name: "consumer", private: true, ...(overrides.size ? { overrides: pinned } : {}) }, null, 2)}\n`);
  for (const tarball of [...tarballs, ...overrides.values()]) fs.copyFileSync(tarball, path.join(dir, path.basename(tarball)));
  return { dir, specs: tarballs.map((tarball) => `./${path.basename(tarball)}`) };
}

/** `npm install` of `specs` in `dir`; throws with npm's last lines when it fails. */
export function npmInstall(dir, specs, env) {
  const result = runCommand("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", ...specs], { cwd: dir, env });
  if (result.status !== 0) throw new Error(`npm install ${specs.join(" ")} failed in ${dir} (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-1500)}`);
}

/** Apparent size of every file under node_modules and the number of packages npm installed there. */
export function installStats(dir) {
  let bytes = 0;
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += fs.statSync(full).size;
    }
  };
  walk(path.join(dir, "node_modules"));
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8"));
  const packages = Object.keys(lock.packages ?? {}).filter((key) => key.startsWith("node_modules/"));
  return { bytes, packages: packages.length, names: packages.map((key) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length)) };
}

/** The compiled native addons (`*.node` files) under `dir`/node_modules, relative to `dir`. */
export function nativeAddons(dir) {
  const found = [];
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".node")) found.push(path.relative(dir, full));
    }
  };
  if (fs.existsSync(path.join(dir, "node_modules"))) walk(path.join(dir, "node_modules"));
  return found.sort();
}

/** The file names inside a tarball (without the leading `package/`). */
export function tarballFiles(tarball) {
  const listed = runCommand("tar", ["-tzf", tarball]);
  return listed.stdout.split("\n").filter(Boolean).map((line) => line.replace(/^package\//, ""));
}
