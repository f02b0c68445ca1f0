// The foundry-core plugin as Claude Code users install it: its npm package (the built
// apps/foundry-server/dist/plugin/foundry-core, whose root is the plugin) packed and checked like
// every tarball, and installed through the repository's marketplace (.claude-plugin/marketplace.json,
// an npm source) with the real `claude plugin marketplace add` + `claude plugin install`, under a
// throwaway HOME. Claude Code fetches an npm source with npm, from npm's default registry, so
// pointing that default at a local verdaccio (local-registry.mjs) tests the published package and
// the marketplace file as they are, with no edit to either.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PLUGIN_FOLDER, PLUGIN_PACKAGE } from "../../apps/foundry-server/scripts/plugin-package.mjs";
import { runCommand } from "./packages.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APP_DIR = path.join(repoRoot, "apps/foundry-server");
/** The pinned Claude Code (foundry-server's devDependency), through its launcher for installs without scripts. */
const CLAUDE = path.join(APP_DIR, "node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs");
const CLAUDE_WAIT_MS = 120_000;
/** What an installed plugin must hold for its hooks, MCP server and skills to run. */
export const PLUGIN_REQUIRED_FILES = [".claude-plugin/plugin.json", ".mcp.json", "hooks/hooks.json", "hooks/session-start.mjs", "hooks/prompt-recall.mjs", "hooks/subagent-stop.mjs", "hooks/pre-compact.mjs", "hooks/memory-gate.mjs", "mcp/server.mjs", "skills/foundry-memory/SKILL.md", "skills/runbook-author/SKILL.md"];

export { PLUGIN_PACKAGE };

/** The built plugin folder (build-plugin.mjs writes it and its package.json). */
export const pluginDir = (root = repoRoot) => path.join(root, "apps/foundry-server", PLUGIN_FOLDER);

/** `npm pack` of the built plugin into `destination`; returns the tarball. Throws when it is not built or the pack fails. */
export function packPlugin(destination, env = process.env, root = repoRoot) {
  const dir = pluginDir(root);
  if (!fs.existsSync(path.join(dir, "package.json"))) throw new Error(`${path.relative(root, dir)}/package.json is missing: build foundry-server first (pnpm exec turbo run build --filter=@foundry-mcp/foundry-server)`);
  const packed = runCommand("npm", ["pack", "--pack-destination", destination, "--loglevel=error"], { cwd: dir, env });
  const name = packed.stdout.trim().split("\n").pop();
  if (packed.status !== 0 || !name) throw new Error(`npm pack of ${PLUGIN_PACKAGE} failed (exit ${packed.status}): ${packed.stderr.slice(-800)}`);
  return path.join(destination, name);
}

/** The files of PLUGIN_REQUIRED_FILES missing under `dir`, and a plugin.json whose version is not `version`. */
export function pluginProblems(dir, version) {
  const problems = PLUGIN_REQUIRED_FILES.filter((file) => !fs.existsSync(path.join(dir, file))).map((file) => `${file} is missing from ${dir}`);
  const manifest = path.join(dir, ".claude-plugin/plugin.json");
  if (fs.existsSync(manifest)) {
    const found = JSON.parse(fs.readFileSync(manifest, "utf8")).version;
    if (found !== version) problems.push(`.claude-plugin/plugin.json has version ${found}, not ${version}`);
  }
  return problems;
}

/**
 * The release dry run's check of the plugin tarball: `npm install` of it into an empty folder
 * under `work`, then the installed package must be a whole plugin at `version`. Returns `{ dir, problems }`.
 */
export function checkPluginTarball(tarball, work, env, version) {
  const cwd = path.join(work, "plugin-consumer");
  fs.mkdirSync(cwd, { recursive: true });
  fs.writeFileSync(path.join(cwd, "package.json"), `${JSON.stringify({ name: "consumer", private: true }, null, 2)}\n`);
  const install = runCommand("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", tarball], { cwd, env });
  const dir = path.join(cwd, "node_modules", PLUGIN_PACKAGE);
  if (install.status !== 0) return { dir, problems: [`npm install ${path.basename(tarball)} failed (exit ${install.status}): ${install.stderr.slice(-800)}`] };
  return { dir, problems: pluginProblems(dir, version) };
}

function claude(args, env) {
  const result = runCommand(process.execPath, [CLAUDE, ...args], { env, timeout: CLAUDE_WAIT_MS });
  if (result.status !== 0) throw new Error(`claude ${args.join(" ")} failed (exit ${result.status}): ${(result.stderr || result.stdout).slice(-1500)}`);
  return result.stdout;
}

/**
 * Installs foundry-core the way a user does, under `home` (a fresh HOME): `claude plugin
 * marketplace add` of a folder holding a copy of the repository's .claude-plugin/, then `claude
 * plugin install foundry-core@<marketplace>`. `registryEnv` makes npm's default registry the one
 * the plugin package was published to. Returns `{ marketplace, pluginDir, installed }`: the
 * marketplace's name, where Claude Code put the plugin and its installed_plugins.json entry.
 */
export function installFromMarketplace(home, registryEnv, root = repoRoot) {
  const marketplaceCopy = path.join(home, "marketplace-source");
  fs.mkdirSync(marketplaceCopy, { recursive: true });
  fs.cpSync(path.join(root, ".claude-plugin"), path.join(marketplaceCopy, ".claude-plugin"), { recursive: true });
  const { name: marketplace } = JSON.parse(fs.readFileSync(path.join(marketplaceCopy, ".claude-plugin/marketplace.json"), "utf8"));
  const env = { ...registryEnv, HOME: home, USERPROFILE: home };
  delete env.CLAUDE_CONFIG_DIR;
  claude(["plugin", "marketplace", "add", marketplaceCopy], env);
  claude(["plugin", "install", `foundry-core@${marketplace}`], env);
  const record = JSON.parse(fs.readFileSync(path.join(home, ".claude/plugins/installed_plugins.json"), "utf8"));
  const [installed] = record.plugins?.[`foundry-core@${marketplace}`] ?? [];
  if (!installed?.installPath) throw new Error(`claude plugin install left no foundry-core@${marketplace} entry in installed_plugins.json: ${JSON.stringify(record).slice(0, 800)}`);
  return { marketplace, pluginDir: installed.installPath, installed };
}

/**
 * The registry round trip's plugin step: the plugin tarball is already published to `registry`;
 * installs it through the marketplace under a fresh HOME in `work` and checks what Claude Code
 * installed. Returns the problems (none when the install is whole at `version`).
 */
export function marketplaceInstallProblems(registry, work, version) {
  const home = path.join(work, "claude-home");
  fs.mkdirSync(home, { recursive: true });
  try {
    const { pluginDir: installed } = installFromMarketplace(home, registry.env);
    return pluginProblems(installed, version);
  } catch (error) {
    return [error.message];
  }
}

/**
 * `pnpm release` with a token: publishes the plugin package (changesets publishes only workspace
 * packages, and the plugin is a build output) unless this version is already on the registry,
 * as `changeset publish` skips published versions. Throws when npm fails.
 */
export function publishPlugin(env, version) {
  const existing = runCommand("npm", ["view", `${PLUGIN_PACKAGE}@${version}`, "version"], { env });
  if (existing.status === 0 && existing.stdout.trim() === version) {
    console.log(`release: ${PLUGIN_PACKAGE}@${version} is already published`);
    return;
  }
  const published = runCommand("npm", ["publish", pluginDir(), "--access", "public"], { env, stdio: ["ignore", "inherit", "inherit"] });
  if (published.status !== 0) throw new Error(`npm publish of ${PLUGIN_PACKAGE}@${version} failed (exit ${published.status})`);
}

/**
 * Brings the marketplace entry's npm version to foundry-server's version (the plugin package is
 * published at that version). Returns `{ changed, problems }` like syncServerJson: `changed` says
 * whether the file was (or, with `write: false`, would be) rewritten.
 */
export function syncMarketplaceVersion(root, { write }) {
  const file = path.join(root, ".claude-plugin/marketplace.json");
  const marketplace = JSON.parse(fs.readFileSync(file, "utf8"));
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "apps/foundry-server/package.json"), "utf8"));
  const entry = marketplace.plugins?.find((plugin) => plugin.name === "foundry-core");
  if (entry?.source?.source !== "npm" || entry.source.package !== PLUGIN_PACKAGE) return { changed: false, problems: [`.claude-plugin/marketplace.json: foundry-core's source is not {"source": "npm", "package": "${PLUGIN_PACKAGE}"}`] };
  if (entry.source.version === version) return { changed: false, problems: [] };
  entry.source.version = version;
  if (write) fs.writeFileSync(file, `${JSON.stringify(marketplace, null, 2)}\n`);
  return { changed: true, problems: [] };
}

// `node scripts/release/plugin-marketplace.mjs [--check]` (pnpm version-packages runs it): the
// marketplace entry's version follows foundry-server's; --check only reports.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const { changed, problems } = syncMarketplaceVersion(repoRoot, { write: !check });
  if (changed) console.log(`${check ? "stale" : "updated"}: .claude-plugin/marketplace.json`);
  for (const problem of problems) console.error(problem);
  if (problems.length || (check && changed)) process.exit(1);
}
