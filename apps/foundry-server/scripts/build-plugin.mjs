// Post-build step (after tsup): completes the installable Claude Code plugin
// dist/plugin/foundry-core/. tsup has already written the context hooks' entries into its hooks/
// and the chunks they share (with the `foundry` CLI) into its chunks/; this adds plugin/ (manifest,
// .mcp.json, skills, the memory gate, hooks.json) and the one-file server bundle dist/server.mjs,
// copied to mcp/server.mjs (SPEC: each runs alone). It also writes dist/hooks/*.mjs, one import
// each of the plugin's hook, so the hooks run from there too without a second copy of the code.
// The manifest's version follows package.json.
// The folder is also an npm package whose root is the plugin (plugin-package.mjs): the marketplace's
// npm source installs it, and the release publishes it beside foundry-server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HOOK_NAMES, PLUGIN_FOLDER, PLUGIN_PACKAGE, pluginPackageManifest } from "./plugin-package.mjs";
import { importSpecifiers } from "../../../tooling/bundle-imports.mjs";

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.join(appDir, "plugin");
const bundle = path.join(appDir, "dist", "server.mjs");
const target = path.join(appDir, PLUGIN_FOLDER);
const hookNames = HOOK_NAMES;
const pluginHook = (name) => path.join(target, "hooks", `${name}.mjs`);

for (const file of [bundle, ...hookNames.map(pluginHook), path.join(target, "chunks")]) {
  if (!fs.existsSync(file)) {
    console.error(`build-plugin: ${path.relative(appDir, file)} is missing; run tsup first.`);
    process.exit(1);
  }
}
const serverManifest = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8"));
const { version } = serverManifest;

// Into the folder tsup wrote, keeping what tsup wrote there (chunks/ and the context hooks'
// entries) and clearing what this step writes, so a file taken out of plugin/ since the last build
// (a skill, a hook script) does not stay behind when this step runs without the build script,
// which empties dist/ first.
const remove = (file) => fs.rmSync(file, { recursive: true, force: true });
for (const entry of fs.readdirSync(target)) if (entry !== "chunks" && entry !== "hooks") remove(path.join(target, entry));
for (const entry of fs.readdirSync(path.join(target, "hooks"))) if (!hookNames.some((name) => entry === `${name}.mjs`)) remove(path.join(target, "hooks", entry));
fs.cpSync(source, target, { recursive: true });

const manifestPath = path.join(target, ".claude-plugin", "plugin.json");
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
fs.writeFileSync(manifestPath, JSON.stringify({ ...manifest, version }, null, 2) + "\n");
fs.writeFileSync(path.join(target, "package.json"), JSON.stringify(pluginPackageManifest(serverManifest, manifest), null, 2) + "\n");
fs.copyFileSync(path.join(appDir, "LICENSE"), path.join(target, "LICENSE"));

fs.mkdirSync(path.join(target, "mcp"), { recursive: true });
fs.copyFileSync(bundle, path.join(target, "mcp", "server.mjs"));

const topLevelHooks = path.join(appDir, "dist", "hooks");
fs.mkdirSync(topLevelHooks, { recursive: true });
for (const name of hookNames) {
  const specifier = path.relative(topLevelHooks, pluginHook(name)).split(path.sep).join("/");
  fs.writeFileSync(path.join(topLevelHooks, `${name}.mjs`), `// The ${name} hook: its code and chunks ship once, in the plugin folder.\nimport "${specifier}";\n`);
}
// esbuild writes a chunk for every dynamic import it met, also those its tree shaking then dropped
// (ajv's standalone code generator, the stand-in for the SDK's HTTP transport): chunks no entry
// reaches, statically or by a literal import(), are removed, so the package ships only what runs.
const chunksFolder = path.join(target, "chunks");
const reached = new Set();
const visit = (file) => {
  if (reached.has(file)) return;
  reached.add(file);
  const { static: statics, dynamic } = importSpecifiers(fs.readFileSync(file, "utf8"));
  for (const specifier of [...statics, ...dynamic]) if (specifier.startsWith(".")) visit(path.resolve(path.dirname(file), specifier));
};
for (const entry of fs.readdirSync(path.join(appDir, "dist"))) if (entry.endsWith(".mjs")) visit(path.join(appDir, "dist", entry));
for (const name of hookNames) visit(pluginHook(name));
for (const chunk of fs.readdirSync(chunksFolder)) if (!reached.has(path.join(chunksFolder, chunk))) remove(path.join(chunksFolder, chunk));

const executables = ["mcp/server.mjs", "hooks/memory-gate.mjs", ...hookNames.map((name) => `hooks/${name}.mjs`)];
for (const executable of executables) fs.chmodSync(path.join(target, executable), 0o755);
fs.chmodSync(bundle, 0o755);

console.log(`build-plugin: wrote ${path.relative(appDir, target)} (foundry-core ${version}, npm package ${PLUGIN_PACKAGE})`);
