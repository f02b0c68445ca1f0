// The release dry run (scripts/release.mjs) as a test: every package of the workspace packed,
// installed with npm into empty folders, bins run, libraries imported from ESM and CommonJS, a
// TypeScript consumer compiled. Its install sizes are printed (docs/benchmarks.md), not asserted.
// The fixture half shows the consumer checks fail on the faults they exist for.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkApp, checkLibrary } from "../../scripts/release/consumer.mjs";
import { packAll } from "../../scripts/release/packages.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "release-test-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

interface Row { name: string; version: string; kind: string; installPackages: number; bins?: Array<{ bin: string; version: string }>; entries?: string[] }
interface Report { node: string; packages: Row[]; plugin: { name: string; version: string; tarballBytes: number } | null; typescript: { entries: number; problems: string[] }; mcpb: { bytes: number; tools: number } | null; problems: string[] }

const workspaceManifests = ["packages", "apps"].flatMap((group) =>
  fs
    .readdirSync(path.join(root, group))
    .filter((name) => fs.existsSync(path.join(root, group, name, "package.json")))
    .map((name) => JSON.parse(fs.readFileSync(path.join(root, group, name, "package.json"), "utf8")) as { name: string; version: string; private?: boolean; bin?: Record<string, string>; dependencies?: Record<string, string> }),
);

describe("pnpm release --dry-run", () => {
  it("installs, runs and imports every workspace package from its tarball", { timeout: 1_200_000 }, () => {
    const reportFile = path.join(temp, "report.json");
    const result = spawnSync(process.execPath, ["scripts/release.mjs", "--dry-run", "--no-build", "--report", reportFile], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    process.stdout.write(result.stdout); // the size table, for the log
    expect(result.status, `${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`).toBe(0);
    const report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as Report;
    expect(report.problems).toEqual([]);
    const publishable = workspaceManifests.filter((manifest) => !manifest.private);
    expect(report.packages.map((row) => row.name).sort()).toEqual(publishable.map((manifest) => manifest.name).sort());
    // The foundry-core plugin's npm package (the marketplace's npm source), at foundry-server's version.
    expect(report.plugin).toMatchObject({ name: "@foundry-mcp/foundry-core-plugin", version: publishable.find((m) => m.name === "@foundry-mcp/foundry-server")?.version });
    for (const manifest of publishable.filter((m) => m.bin)) {
      const row = report.packages.find((r) => r.name === manifest.name)!;
      expect(row.bins!.map((bin) => [bin.bin, bin.version])).toEqual(Object.keys(manifest.bin!).map((bin) => [bin, manifest.version]));
      // A standalone app installs itself plus what its bundle loads, and no workspace library.
      if (!manifest.dependencies) expect(row.installPackages).toBe(1);
    }
    expect(report.mcpb).toEqual({ bytes: expect.any(Number), tools: 9 });
    expect(report.typescript.entries).toBe(report.packages.flatMap((row) => row.entries ?? []).length);
  });
});

describe("consumer checks on faulty fixtures", { timeout: 120_000 }, () => {
  const env = { ...process.env };
  function fixture(name: string, manifest: Record<string, unknown>, files: Record<string, string>) {
    const dir = path.join(temp, name);
    for (const [file, text] of Object.entries({ "package.json": JSON.stringify({ name, version: "1.0.0", type: "module", ...manifest }), ...files })) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    return { name, version: "1.0.0", folder: name, dir, manifest: JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")), kind: manifest.bin ? "app" : "library" };
  }
  function context(pkg: ReturnType<typeof fixture>) {
    const work = fs.mkdtempSync(path.join(temp, "work-"));
    fs.mkdirSync(path.join(work, "tarballs"));
    return { byName: new Map([[pkg.name, pkg]]), tarballs: packAll([pkg], path.join(work, "tarballs")), work, env };
  }

  it("reports a library that require() cannot load (exports without a default condition)", () => {
    const pkg = fixture("import-only", { exports: { ".": { import: "./index.js" } } }, { "index.js": "export const a = 1;\n" });
    const { problems } = checkLibrary(pkg, context(pkg));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("node probe.cjs exited 1");
    expect(problems[0]).toContain("ERR_PACKAGE_PATH_NOT_EXPORTED");
  });

  it("reports a bin whose --version is refused", () => {
    const bin = '#!/usr/bin/env node\nif (process.argv[2] === "--help") console.log("usage: x");\nelse { console.error("--version needs a value"); process.exit(2); }\n';
    const pkg = fixture("no-version", { bin: { "no-version": "./cli.js" } }, { "cli.js": bin });
    const { problems } = checkApp(pkg, context(pkg));
    expect(problems).toEqual([
      'no-version --version: exit 2, printed "" --version needs a value\n',
      expect.stringMatching(/^npx --package no-version-1\.0\.0\.tgz no-version --version in an empty folder: exit 2, printed "" [^]*--version needs a value\n$/),
    ]);
  });
});
