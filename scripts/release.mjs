#!/usr/bin/env node
// `pnpm release`: builds, then publishes every versioned package with changesets. Without a
// registry token (NPM_TOKEN or NODE_AUTH_TOKEN) it is a dry run: it packs each public package
// and lists what would be published, so the release path is exercised without a registry.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot, run } from "./setup.mjs";

run("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"]);
const token = process.env.NPM_TOKEN || process.env.NODE_AUTH_TOKEN;
if (token) {
  run("pnpm", ["exec", "changeset", "publish"]);
} else {
  console.log("No NPM_TOKEN: dry run. Each package is packed as it would be published.");
  for (const group of ["packages", "apps"]) {
    for (const name of readdirSync(path.join(repoRoot, group)).sort()) {
      const manifest = JSON.parse(readFileSync(path.join(repoRoot, group, name, "package.json"), "utf8"));
      if (manifest.private) continue;
      console.log(`\n${manifest.name}@${manifest.version}`);
      run("pnpm", ["publish", "--dry-run", "--no-git-checks"], { cwd: path.join(repoRoot, group, name) });
    }
  }
}
