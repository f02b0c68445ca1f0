#!/usr/bin/env node
// Each app's MCP Registry entry (apps/<app>/server.json) kept in step with its package.json: the
// entry's version and its npm package's version follow the package's, and the entry's name must be
// the package's mcpName (the registry checks that on publish). `pnpm release` and
// `pnpm version-packages` write the versions; `--check` only reports.
//
//   node scripts/release/server-json.mjs [--check]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Every app folder holding a server.json: `{ folder, file, manifest, entry }`. */
export function serverEntries(root) {
  const apps = path.join(root, "apps");
  return fs
    .readdirSync(apps)
    .sort()
    .filter((name) => fs.existsSync(path.join(apps, name, "server.json")))
    .map((name) => {
      const file = path.join(apps, name, "server.json");
      const manifest = JSON.parse(fs.readFileSync(path.join(apps, name, "package.json"), "utf8"));
      return { folder: `apps/${name}`, file, manifest, entry: JSON.parse(fs.readFileSync(file, "utf8")) };
    });
}

/**
 * Brings every server.json's versions to its package's version. Returns `{ changed, problems }`:
 * the files whose versions were (or, with `write: false`, would be) changed, and what cannot be
 * fixed by writing (a name that is not the package's mcpName, no npm package entry).
 */
export function syncServerJson(root, { write }) {
  const changed = [];
  const problems = [];
  for (const { folder, file, manifest, entry } of serverEntries(root)) {
    if (entry.name !== manifest.mcpName) problems.push(`${folder}/server.json: name "${entry.name}" is not package.json's mcpName "${manifest.mcpName}"`);
    const npmPackages = (entry.packages ?? []).filter((pkg) => pkg.registryType === "npm" && pkg.identifier === manifest.name);
    if (npmPackages.length === 0) problems.push(`${folder}/server.json: no npm package with identifier "${manifest.name}"`);
    const stale = entry.version !== manifest.version || npmPackages.some((pkg) => pkg.version !== manifest.version);
    if (!stale) continue;
    changed.push(`${folder}/server.json`);
    if (!write) continue;
    entry.version = manifest.version;
    for (const pkg of npmPackages) pkg.version = manifest.version;
    fs.writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`);
  }
  return { changed, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const check = process.argv.includes("--check");
  const { changed, problems } = syncServerJson(root, { write: !check });
  for (const file of changed) console.log(`${check ? "stale" : "updated"}: ${file}`);
  for (const problem of problems) console.error(problem);
  if (problems.length || (check && changed.length)) process.exit(1);
}
