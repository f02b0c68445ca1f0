// better-sqlite3 installs through prebuild-install: a user's npm downloads a prebuilt binary for
// their Node from GitHub, and only when that fails compiles SQLite from source (minutes of CPU).
// GitHub is out of reach here, so every dry run would compile it. Instead the dry run hands
// prebuild-install a local prebuild (its `npm_config_<name>_local_prebuilds` folder; npm warns
// that it does not know that setting, but passes it on to the install script), the same
// tarball layout GitHub serves, made once per Node ABI: from the workspace's own build when that
// loads in this Node, else from the first consumer folder whose install compiled it. Only
// better-sqlite3 12 builds this way: the gateway's optional @foundry-mcp/sqlite-node20 installs it,
// on Node before 22.16 only (newer Node uses its built-in node:sqlite and installs nothing native).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { runCommand } from "./packages.mjs";

const NATIVE = "better-sqlite3";
/** The package that installs the compiled release (better-sqlite3 12) as its dependency. */
const INSTALLED_BY = "@foundry-mcp/sqlite-node20";
const BINARY = "build/Release/better_sqlite3.node";

/** The file name prebuild-install looks for: `<name>-v<version>-node-v<abi>-<platform>-<arch>.tar.gz` (glibc). */
export function prebuildName(version, abi = process.versions.modules) {
  return `${NATIVE}-v${version}-node-v${abi}-${process.platform}-${process.arch}.tar.gz`;
}

/** Whether the native binary under `packageDir` loads in this Node (same ABI). */
function loadsHere(packageDir) {
  const binary = path.join(packageDir, BINARY);
  if (!fs.existsSync(binary)) return false;
  try {
    createRequire(import.meta.url)(binary);
    return true;
  } catch {
    return false;
  }
}

/** Packs `packageDir`'s binary into `cacheDir` as a prebuild (written beside, then renamed). */
function writePrebuild(packageDir, cacheDir, file) {
  fs.mkdirSync(cacheDir, { recursive: true });
  const staging = path.join(cacheDir, `.${file}.${process.pid}.tmp`);
  const packed = runCommand("tar", ["-czf", staging, "-C", packageDir, BINARY]);
  if (packed.status !== 0) {
    fs.rmSync(staging, { force: true });
    return false;
  }
  fs.renameSync(staging, path.join(cacheDir, file));
  return true;
}

/**
 * Local prebuilds of the native dependency for this Node. `env()` adds the variable that makes
 * prebuild-install look in `cacheDir`; `saveFrom(dir)` keeps the binary a consumer install
 * compiled, so the next install (and the next run) finds it. `source` says where it came from.
 */
export function localPrebuilds(cacheDir, workspacePackageDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(workspacePackageDir, "package.json"), "utf8"));
  const file = prebuildName(manifest.version);
  let source = fs.existsSync(path.join(cacheDir, file)) ? "cache" : undefined;
  if (!source && loadsHere(workspacePackageDir) && writePrebuild(workspacePackageDir, cacheDir, file)) source = "workspace build";
  return {
    file,
    get source() {
      return source ?? "none (compiled from source)";
    },
    // Not rc's `prebuild-install_local-prebuilds`: sh drops variables whose names hold a hyphen.
    env: (env) => ({ ...env, [`npm_config_${NATIVE.replace(/[^a-zA-Z0-9]/g, "_")}_local_prebuilds`]: cacheDir }),
    saveFrom(consumerDir) {
      if (source) return;
      // npm hoists it to the top, or nests it under the package that installed it.
      const installed = [path.join(consumerDir, "node_modules", INSTALLED_BY, "node_modules", NATIVE), path.join(consumerDir, "node_modules", NATIVE)].find(loadsHere);
      if (installed && writePrebuild(installed, cacheDir, file)) source = "saved from a compiled install";
    },
  };
}

/** The folder of the workspace's installed native package, resolved from `fromDir` (an app that depends on it). */
export function workspaceNativeDir(fromDir) {
  try {
    const installer = createRequire(path.join(fromDir, "package.json")).resolve(`${INSTALLED_BY}/package.json`);
    return path.dirname(createRequire(installer).resolve(`${NATIVE}/package.json`));
  } catch {
    return undefined;
  }
}
