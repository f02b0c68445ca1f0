// Issue 36 D11: the gateway installs only the SQLite driver the running Node loads, quietly. Its
// tarball and the tarball of its optional @foundry-mcp/sqlite-node20 are installed with npm into an
// empty folder, the way the release dry run does (the wrapper answers for its name through npm
// overrides, as a registry would serve it), on Node 22 and 24 from the npm registry's `node`
// package and on this machine's Node 20. On 22 and 24 npm must print nothing, install no native
// addon and no better-sqlite3, and the gateway must start on node:sqlite without a warning on its
// stderr. On Node 20 better-sqlite3 12 is installed (from a local prebuild of the workspace's own
// build, so nothing compiles here) and the gateway runs on it. Third-party packages (pg) come from
// the npm registry npm is configured with. OpenTelemetry export needs no package (issue #33,
// docs/decisions/0016): npm installs no @opentelemetry package.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { consumerFolder, installStats, nativeAddons, packAll, runCommand, workspacePackages } from "../../scripts/release/packages.mjs";
import { localPrebuilds, workspaceNativeDir } from "../../scripts/release/prebuilds.mjs";
import { nodeRuntime } from "../node-runtime.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const GATEWAY = "@foundry-mcp/amicited-gateway";
const NODE20_DRIVER = "@foundry-mcp/sqlite-node20";
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-sqlite-install-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const built = fs.existsSync(path.join(root, "apps/amicited-gateway/dist/gateway.mjs")) && fs.existsSync(path.join(root, "packages/sqlite-node20/dist/index.js"));
let tarballs: Map<string, string> | undefined;
function packed(): Map<string, string> {
  if (!tarballs) {
    const dir = path.join(temp, "tarballs");
    fs.mkdirSync(dir);
    tarballs = packAll(workspacePackages(root).filter((pkg: { name: string }) => pkg.name === GATEWAY || pkg.name === NODE20_DRIVER), dir) as Map<string, string>;
  }
  return tarballs;
}

/** npm install of the gateway tarball on Node `bin`; then `amicited-gateway init` from the install. */
function installAndInit(label: string, bin: string, extraEnv: Record<string, string> = {}) {
  const tarball = packed();
  const { dir, specs } = consumerFolder(temp, label, [tarball.get(GATEWAY)!], new Map([[NODE20_DRIVER, tarball.get(NODE20_DRIVER)!]]));
  const env = { ...process.env, ...extraEnv, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}`, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
  const install = runCommand("npm", ["install", ...specs], { cwd: dir, env });
  const init = runCommand(bin, [path.join(dir, "node_modules", GATEWAY, "dist/gateway.mjs"), "init", "--data", path.join(dir, "data")], { cwd: dir, env });
  // On disk, not package-lock.json (which lists a skipped optional package too).
  const installed = (name: string) => fs.existsSync(path.join(dir, "node_modules", name));
  return { dir, env, install, init, installed, listed: installStats(dir).names as string[], addons: nativeAddons(dir) as string[] };
}

describe.runIf(built)("the gateway's SQLite install (issue 36 D11)", { timeout: 600_000 }, () => {
  it.each([22, 24])("on Node %i installs no native addon and no better-sqlite3, npm prints nothing, and the gateway runs on node:sqlite without a warning", (major) => {
    const result = installAndInit(`node-${major}`, nodeRuntime(major).bin);
    expect(result.install.status, result.install.stderr).toBe(0);
    expect(result.install.stderr).toBe("");
    expect([NODE20_DRIVER, "better-sqlite3", "better-sqlite3-node20"].filter(result.installed)).toEqual([]);
    expect(result.addons).toEqual([]);
    expect(result.init.status, result.init.stderr).toBe(0);
    expect(Object.keys(JSON.parse(result.init.stdout) as object)).toEqual(["workspace", "readToken", "writeToken", "adminToken"]);
    expect(result.init.stderr).toBe("");
    expect(result.listed.filter((name) => name.startsWith("@opentelemetry/"))).toEqual([]);
  });

  it.runIf(process.versions.node.startsWith("20."))("on Node 20 installs better-sqlite3 12 through @foundry-mcp/sqlite-node20 and the gateway runs on it", () => {
    const nativeDir = workspaceNativeDir(path.join(root, "apps/amicited-gateway"));
    expect(nativeDir, "the workspace's better-sqlite3 12 (pnpm install)").toBeDefined();
    const prebuilds = localPrebuilds(path.join(root, "node_modules/.cache/release-prebuilds"), nativeDir!);
    const result = installAndInit("node-20", process.execPath, prebuilds.env({}) as Record<string, string>);
    expect(result.install.status, result.install.stderr).toBe(0);
    expect([NODE20_DRIVER, "better-sqlite3"].filter(result.installed)).toEqual([NODE20_DRIVER, "better-sqlite3"]);
    expect(result.listed).toEqual(expect.arrayContaining([NODE20_DRIVER, "better-sqlite3"]));
    expect(result.addons).toContain("node_modules/better-sqlite3/build/Release/better_sqlite3.node");
    expect(result.init.status, result.init.stderr).toBe(0);
    expect(result.init.stderr).toBe("");
  });
});
