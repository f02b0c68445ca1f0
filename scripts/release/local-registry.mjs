// A real npm registry for the release dry run: verdaccio (from npm) on 127.0.0.1 with its storage
// in a temporary folder. `@foundry-mcp/*` is served only from what is published to it; every other
// package is proxied from the npm registry npm is configured with, as a user's install would fetch
// it. npm talks to it through its own user config (registry, token, a fresh cache), so nothing of
// the machine's npm setup or cache stands between a user's `npx` and the published tarballs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runCommand } from "./packages.mjs";
import { freePort } from "../../tooling/test-support.mjs";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const VERDACCIO = path.join(repoRoot, "node_modules/verdaccio/bin/verdaccio");
const STARTUP_MS = 60_000;


/** Resolves when `url` answers, rejects after `timeoutMs` or when the process exits first. */
async function waitForAnswer(url, child, timeoutMs, log) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited (${child.exitCode}) before answering:\n${log().slice(-1500)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`verdaccio did not answer ${url} within ${timeoutMs} ms:\n${log().slice(-1500)}`);
}

/**
 * Starts verdaccio under `dir` (storage, config, npm user config and cache) on a free port of
 * 127.0.0.1 and signs a user in. Returns `{ url, env, stop }`: `env` makes npm and npx use it.
 * @example const registry = await startLocalRegistry(path.join(work, "registry"), env); … await registry.stop();
 */
export async function startLocalRegistry(dir, baseEnv) {
  fs.mkdirSync(path.join(dir, "storage"), { recursive: true });
  const upstream = runCommand("npm", ["config", "get", "registry"], { env: baseEnv }).stdout.trim() || "https://registry.npmjs.org/";
  const config = path.join(dir, "config.yaml");
  fs.writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(path.join(dir, "storage"))}`,
      "auth:",
      "  htpasswd:",
      `    file: ${JSON.stringify(path.join(dir, "htpasswd"))}`,
      "    max_users: 10",
      "uplinks:",
      "  upstream:",
      `    url: ${JSON.stringify(upstream)}`,
      "    timeout: 60s",
      "packages:",
      "  '@foundry-mcp/*':",
      "    access: $all",
      "    publish: $authenticated",
      "  '**':",
      "    access: $all",
      "    publish: $authenticated",
      "    proxy: upstream",
      "server:",
      "  keepAliveTimeout: 60",
      "log: { type: stdout, format: pretty, level: warn }",
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = "";
  const child = spawn(process.execPath, [VERDACCIO, "--config", config, "--listen", `127.0.0.1:${port}`], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        resolve();
      }
    });
  try {
    await waitForAnswer(`${url}-/ping`, child, STARTUP_MS, () => output);
    const response = await fetch(`${url}-/user/org.couchdb.user:release`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "release", password: "release-dry-run" }) });
    const { token } = await response.json();
    if (!token) throw new Error(`verdaccio gave no token (HTTP ${response.status})`);
    const userConfig = path.join(dir, "npmrc");
    fs.writeFileSync(userConfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\nfund=false\naudit=false\nupdate-notifier=false\n`);
    const env = { ...baseEnv, npm_config_userconfig: userConfig, npm_config_registry: url, npm_config_cache: path.join(dir, "npm-cache") };
    return { url, env, stop, log: () => output };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `npm publish` of each tarball to the registry, as `pnpm release` publishes to the public one. */
export function publishTarballs(tarballs, registry) {
  for (const tarball of tarballs) {
    const result = runCommand("npm", ["publish", tarball, "--registry", registry.url, "--access", "public", "--tag", "latest"], { env: registry.env });
    if (result.status !== 0) throw new Error(`npm publish ${path.basename(tarball)} to ${registry.url} failed (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-1500)}`);
  }
}
