// The npm package of the built foundry-core plugin: dist/plugin/foundry-core/ published as it is,
// so the package root IS the plugin root (Claude Code's npm plugin source installs a package and
// takes its root as the plugin; it has no subpath). The marketplace
// (.claude-plugin/marketplace.json) names it; scripts/release packs, checks and publishes it.
// Its version is always foundry-server's, so a plugin and the server it bundles ship together.

/** The plugin's npm name, as marketplace.json's npm source and the release flow spell it. */
export const PLUGIN_PACKAGE = "@foundry-mcp/foundry-core-plugin";

/** Where build-plugin.mjs writes the plugin (and its package.json), relative to apps/foundry-server. */
export const PLUGIN_FOLDER = "dist/plugin/foundry-core";

/** The plugin's context hooks, each `hooks/<name>.mjs` in it, built by tsup from `src/hooks/bin/<name>.ts` (tsup.config.ts), with a `dist/hooks/<name>.mjs` beside the package's other entries (build-plugin.mjs). */
export const HOOK_NAMES = ["session-start", "prompt-recall", "subagent-stop", "pre-compact"];

/** What the package ships: the plugin's own files, nothing of the build around them. */
const PLUGIN_FILES = [".claude-plugin", ".mcp.json", "hooks", "mcp", "chunks", "skills", "README.md", "LICENSE"];

/**
 * The plugin package's package.json, from foundry-server's manifest (name of record, version,
 * engines, license) and the plugin's `plugin.json` (description, homepage, keywords).
 * @example pluginPackageManifest(serverPackageJson, pluginJson).version === serverPackageJson.version
 */
export function pluginPackageManifest(serverManifest, pluginManifest) {
  return {
    name: PLUGIN_PACKAGE,
    version: serverManifest.version,
    description: `The foundry-core Claude Code plugin, ready to install: ${pluginManifest.description}`,
    license: serverManifest.license,
    homepage: pluginManifest.homepage,
    repository: { type: "git", url: `git+${pluginManifest.repository}.git`, directory: "apps/foundry-server/plugin" },
    keywords: ["claude-code", "claude-code-plugin", ...pluginManifest.keywords],
    files: PLUGIN_FILES,
    engines: serverManifest.engines,
  };
}
