// Post-build step (after tsup): assembles the installable Claude Code plugin
// dist/plugin/foundry-core/ from plugin/ (manifest, .mcp.json, skills, hooks) and the one-file
// server bundle dist/server.mjs, copied to mcp/server.mjs, and the context hooks' entries
// dist/hooks/*.mjs, copied beside the memory gate in hooks/, with the chunks they share
// (dist/chunks/, copied to chunks/: the entries import ../chunks/…). The manifest's version follows package.json.
// The folder is also an npm package whose root is the plugin (plugin-package.mjs): the marketplace's
// npm source installs it, and the release publishes it beside foundry-server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PLUGIN_PACKAGE, pluginPackageManifest } from "./plugin-package.mjs";

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.join(appDir, "plugin");
const bundle = path.join(appDir, "dist", "server.mjs");
const target = path.join(appDir, "dist", "plugin", "foundry-core");
const hookBundles = ["session-start", "prompt-recall", "subagent-stop", "pre-compact"].map((name) => path.join(appDir, "dist", "hooks", `${name}.mjs`));

for (const file of [bundle, ...hookBundles]) {
  if (!fs.existsSync(file)) {
    console.error(`build-plugin: ${path.relative(appDir, file)} is missing; run tsup first.`);
    process.exit(1);
  }
}
const serverManifest = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8"));
const { version } = serverManifest;

fs.rmSync(target, { recursive: true, force: true });
fs.cpSync(source, target, { recursive: true });

const manifestPath = path.join(target, ".claude-plugin", "plugin.json");
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
fs.writeFileSync(manifestPath, JSON.stringify({ ...manifest, version }, null, 2) + "\n");
fs.writeFileSync(path.join(target, "package.json"), JSON.stringify(pluginPackageManifest(serverManifest, manifest), null, 2) + "\n");
fs.copyFileSync(path.join(appDir, "LICENSE"), path.join(target, "LICENSE"));

fs.mkdirSync(path.join(target, "mcp"), { recursive: true });
fs.copyFileSync(bundle, path.join(target, "mcp", "server.mjs"));
for (const hook of hookBundles) fs.copyFileSync(hook, path.join(target, "hooks", path.basename(hook)));
fs.cpSync(path.join(appDir, "dist", "chunks"), path.join(target, "chunks"), { recursive: true });
const executables = ["mcp/server.mjs", "hooks/memory-gate.mjs", ...hookBundles.map((hook) => `hooks/${path.basename(hook)}`)];
for (const executable of executables) fs.chmodSync(path.join(target, executable), 0o755);
fs.chmodSync(bundle, 0o755);

console.log(`build-plugin: wrote ${path.relative(appDir, target)} (foundry-core ${version}, npm package ${PLUGIN_PACKAGE})`);
