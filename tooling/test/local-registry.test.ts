// The local registry the release stage installs from (scripts/release/local-registry.mjs): a real
// verdaccio on 127.0.0.1 takes an `npm publish` of a packed tarball (only with its token) and serves it to `npx -y` from
// an empty folder with a fresh npm cache; `@foundry-mcp/*` is never proxied to the public registry,
// so a name that was not published is a 404, not someone else's package. The full round trip of
// every package on Node 20, 22 and 24 runs in .ci/run's release stage (`release.mjs --registry`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publishTarballs, startLocalRegistry } from "../../scripts/release/local-registry.mjs";

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "local-registry-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe("local registry (verdaccio on 127.0.0.1)", { timeout: 120_000 }, () => {
  it("serves a published tarball to npx -y from an empty folder, and proxies no @foundry-mcp name", async () => {
    const source = path.join(temp, "source");
    fs.mkdirSync(path.join(source, "bin"), { recursive: true });
    fs.writeFileSync(path.join(source, "package.json"), JSON.stringify({ name: "@foundry-mcp/registry-fixture", version: "1.2.3", bin: { "registry-fixture": "bin/cli.js" }, files: ["bin"] }));
    fs.writeFileSync(path.join(source, "bin/cli.js"), "#!/usr/bin/env node\nconsole.log(`fixture ${process.argv.slice(2).join(' ')}`);\n", { mode: 0o755 });
    const packed = spawnSync("npm", ["pack", "--pack-destination", temp], { cwd: source, encoding: "utf8" });
    expect(packed.status, packed.stderr).toBe(0);
    const registry = await startLocalRegistry(path.join(temp, "registry"), { ...process.env });
    try {
      expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const tarball = path.join(temp, "foundry-mcp-registry-fixture-1.2.3.tgz");
      fs.writeFileSync(path.join(temp, "no-token.npmrc"), "");
      const anonymous = spawnSync("npm", ["publish", tarball, "--registry", registry.url], { env: { ...registry.env, npm_config_userconfig: path.join(temp, "no-token.npmrc") }, encoding: "utf8" });
      expect(anonymous.status).not.toBe(0);
      expect(anonymous.stderr).toMatch(/ENEEDAUTH|E401|E403/);
      publishTarballs([tarball], registry);
      const empty = path.join(temp, "empty");
      fs.mkdirSync(empty);
      const ran = spawnSync("npx", ["-y", "@foundry-mcp/registry-fixture", "--version"], { cwd: empty, env: registry.env, encoding: "utf8" });
      expect([ran.status, ran.stdout]).toEqual([0, "fixture --version\n"]);
      expect(fs.readdirSync(path.join(registry.env.npm_config_cache, "_npx")).length).toBe(1);
      const missing = spawnSync("npm", ["view", "@foundry-mcp/never-published", "version"], { cwd: empty, env: registry.env, encoding: "utf8" });
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toContain("E404");
    } finally {
      await registry.stop();
    }
  });
});
