#!/usr/bin/env node
// The install size and package count of every tarball, as `pnpm bench` collects it: runs the
// release dry run (scripts/release.mjs, which packs, installs and checks each package) and prints
// its markdown section. A census rather than a timing, so there is no baseline to interleave.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "footprint-"));
const section = path.join(dir, "section.md");
const result = spawnSync(process.execPath, ["scripts/release.mjs", "--dry-run", "--no-build", "--markdown", section], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
if (result.status === 0) process.stdout.write(fs.readFileSync(section, "utf8"));
fs.rmSync(dir, { recursive: true, force: true });
process.exitCode = result.status ?? 1;
