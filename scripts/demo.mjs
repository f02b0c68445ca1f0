#!/usr/bin/env node
// `npm run demo`: the README's main job on a fresh machine. Sets the workspace up (pnpm, install,
// build; instant when already done), then runs `foya demo` from the built CLI.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { repoRoot, setup, toolEnvironment } from "./setup.mjs";

setup();
const foya = path.join(repoRoot, "apps/foya-host/dist/foya.mjs");
const result = spawnSync(process.execPath, [foya, "demo", ...process.argv.slice(2)], { stdio: "inherit", env: toolEnvironment() });
process.exit(result.status ?? 1);
