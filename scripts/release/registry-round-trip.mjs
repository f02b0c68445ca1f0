// The release dry run through a real registry (`pnpm release --dry-run --registry`): every packed
// tarball is published to a local verdaccio (local-registry.mjs), then, from empty folders on this
// Node, the programs are fetched and started the way a user does — `npx -y <package>` — and each
// library is `npm install`ed and imported. Returns what each step took (cold: a fresh npm cache
// and an empty registry storage, so every third-party package comes through the registry too)
// and where npx installed each app, for the acceptance checks. The foundry-core plugin package is
// published too and installed through the repository's marketplace with the real
// `claude plugin marketplace add` + `claude plugin install` (plugin-marketplace.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runCommand } from "./packages.mjs";
import { publishTarballs, startLocalRegistry } from "./local-registry.mjs";
import { marketplaceInstallProblems } from "./plugin-marketplace.mjs";

const SERVE_WAIT_MS = 60_000;

function emptyFolder(parent, label) {
  const dir = path.join(parent, label.replace(/[^a-z0-9-]+/gi, "-"));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function timed(command, args, options) {
  const started = performance.now();
  const result = runCommand(command, args, options);
  return { ...result, ms: Math.round(performance.now() - started) };
}

/** Where npx installed `name` (its cache's `_npx/<hash>/node_modules/<name>`), or undefined. */
function npxInstall(env, name) {
  const root = path.join(env.npm_config_cache, "_npx");
  if (!fs.existsSync(root)) return undefined;
  return fs
    .readdirSync(root)
    .map((hash) => path.join(root, hash, "node_modules", name))
    .find((dir) => fs.existsSync(path.join(dir, "package.json")));
}

/** `npx -y <gateway> serve --data DIR --port 0`, an MCP initialize with the read token, then the process group ended. */
async function gatewayServes(name, dataDir, token, env, cwd) {
  const child = spawn("npx", ["-y", name, "serve", "--data", dataDir, "--port", "0"], { cwd, env, stdio: ["ignore", "ignore", "pipe"], detached: true });
  let stderr = "";
  const started = performance.now();
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening on" line within ${SERVE_WAIT_MS} ms: ${stderr.slice(-500)}`)), SERVE_WAIT_MS);
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
        const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once("exit", (code) => reject(new Error(`serve exited (${code}) before listening: ${stderr.slice(-500)}`)));
    });
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "release-dry-run", version: "1" } } }),
    });
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"serverInfo"')) throw new Error(`initialize answered HTTP ${response.status}: ${text.slice(0, 300)}`);
    return Math.round(performance.now() - started);
  } finally {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/**
 * Publishes `tarballs` (name -> file) and `plugin`'s tarball (when given: `{ name, version,
 * tarball }`) to a local registry under `work` and installs everything from it. Returns `{ registry, steps: [{ step, ms, ok }], installs: Map(name -> folder), problems }`.
 */
export async function registryRoundTrip(packages, tarballs, work, baseEnv, plugin) {
  const registry = await startLocalRegistry(path.join(work, "registry"), baseEnv);
  const steps = [];
  const problems = [];
  const installs = new Map();
  const step = (label, ms, problem) => {
    steps.push({ step: label, ms, ok: !problem });
    if (problem) problems.push(`${label}: ${problem}`);
  };
  try {
    const startedPublish = performance.now();
    publishTarballs([...tarballs.values(), ...(plugin ? [plugin.tarball] : [])], registry);
    step(`publish ${tarballs.size + (plugin ? 1 : 0)} packages to ${registry.url}`, Math.round(performance.now() - startedPublish));
    const env = registry.env;
    if (plugin) {
      const started = performance.now();
      const pluginProblems = marketplaceInstallProblems(registry, work, plugin.version);
      step(`claude plugin marketplace add + install foundry-core (${plugin.name})`, Math.round(performance.now() - started), pluginProblems.length ? pluginProblems.join("; ") : undefined);
    }
    const folders = path.join(work, "registry-consumers");
    for (const pkg of packages.filter((p) => p.kind === "app")) {
      const cwd = emptyFolder(folders, pkg.name);
      if (pkg.name.endsWith("/amicited-gateway")) {
        const data = path.join(cwd, "data");
        const init = timed("npx", ["-y", pkg.name, "init", "--data", data], { cwd, env });
        let token;
        try {
          token = JSON.parse(init.stdout).readToken;
        } catch {
          token = undefined;
        }
        step(`npx -y ${pkg.name} init`, init.ms, init.status === 0 && token ? undefined : `exit ${init.status}: ${(init.stderr || init.stdout).slice(-800)}`);
        if (token) {
          try {
            step(`npx -y ${pkg.name} serve, first MCP answer`, await gatewayServes(pkg.name, data, token, env, cwd));
          } catch (error) {
            step(`npx -y ${pkg.name} serve, first MCP answer`, 0, error.message);
          }
        }
      } else {
        const flag = pkg.name.endsWith("/foya-host") ? "--help" : "--version";
        const result = timed("npx", ["-y", pkg.name, flag], { cwd, env });
        const answered = flag === "--version" ? result.stdout.trim() === pkg.version : /usage/i.test(result.stdout);
        step(`npx -y ${pkg.name} ${flag}`, result.ms, result.status === 0 && answered ? undefined : `exit ${result.status}, printed "${result.stdout.slice(0, 200)}" ${result.stderr.slice(-800)}`);
      }
      const installed = npxInstall(env, pkg.name);
      if (installed) installs.set(pkg.name, installed);
      else problems.push(`${pkg.name}: npx left no install under ${env.npm_config_cache}/_npx`);
    }
    for (const pkg of packages.filter((p) => p.kind === "library")) {
      const cwd = emptyFolder(folders, pkg.name);
      fs.writeFileSync(path.join(cwd, "package.json"), `${JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2)}\n`);
      const peers = Object.keys(pkg.manifest.peerDependencies ?? {}).map((name) => `${name}@${pkg.manifest.devDependencies?.[name] ?? pkg.manifest.peerDependencies[name]}`);
      const install = timed("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", pkg.name, ...peers], { cwd, env });
      if (install.status !== 0) {
        step(`npm install ${pkg.name}`, install.ms, `exit ${install.status}: ${install.stderr.slice(-800)}`);
        continue;
      }
      const entries = Object.keys(pkg.manifest.exports ?? { ".": null }).filter((key) => key !== "./package.json").map((key) => (key === "." ? pkg.name : `${pkg.name}/${key.slice(2)}`));
      const probe = `for (const spec of ${JSON.stringify(entries)}) { const m = await import(spec); if (Object.keys(m).length === 0) throw new Error(spec + " has no exports"); }`;
      const imported = runCommand(process.execPath, ["--input-type=module", "-e", probe], { cwd, env });
      step(`npm install ${pkg.name} + import ${entries.length} entr${entries.length === 1 ? "y" : "ies"}`, install.ms, imported.status === 0 ? undefined : imported.stderr.slice(-800));
    }
  } finally {
    await registry.stop();
  }
  return { registry: registry.url, steps, installs, problems };
}
