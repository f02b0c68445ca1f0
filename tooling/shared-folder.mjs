// Where the project's shared folder is: FOUNDRY_SHARED, else `../shared` beside the clone (as
// .ci/run finds it). It holds the acceptance checks and third-party schemas that are not ours to
// vendor. Tests that need it skip loudly on a developer's machine and fail in CI (env CI set).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The shared folder's absolute path, or undefined when neither FOUNDRY_SHARED nor ../shared exists. */
export function sharedFolder() {
  const candidate = path.resolve(repoRoot, process.env.FOUNDRY_SHARED ?? "../shared");
  return fs.existsSync(candidate) ? candidate : undefined;
}

/**
 * `{ run: true, file }` for a file under the shared folder, or `{ run: false, reason }` after
 * printing the reason loudly to stderr. With CI set a missing file throws instead.
 * @example const gate = sharedGate("data/schemas/mcp-registry/server.schema.json"); describe.skipIf(!gate.run)(…)
 */
export function sharedGate(relative) {
  const folder = sharedFolder();
  const file = folder ? path.join(folder, relative) : undefined;
  if (file && fs.existsSync(file)) return { run: true, file, reason: "" };
  const where = process.env.FOUNDRY_SHARED ? `FOUNDRY_SHARED=${process.env.FOUNDRY_SHARED}` : `../shared beside the clone (${path.resolve(repoRoot, "../shared")})`;
  const missing = `${relative} is missing from ${where}; set FOUNDRY_SHARED to the shared folder.`;
  if (process.env.CI) throw new Error(`${missing} CI is set, so this fails instead of skipping.`);
  const reason = `SKIPPED: ${missing} With CI set this fails instead.`;
  const rule = "!".repeat(78);
  process.stderr.write(`\n${rule}\n${reason}\n${rule}\n\n`);
  return { run: false, file: undefined, reason };
}
