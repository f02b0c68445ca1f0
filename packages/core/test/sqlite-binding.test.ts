// node/sqlite-binding.ts: which better-sqlite3 each Node gets, and the message when none fits.
// The packages are real folders resolved by Node's own resolver from a temporary "caller"; their
// entries stand in for the native module (the real one runs in tool-catalog, workspace-store and
// the gateway, on Node 20 here and on Node 22 and 24 in the release dry run).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteBindingProblem } from "../src/node";

let folder: string;
let caller: URL;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "core-sqlite-"));
  caller = pathToFileURL(path.join(folder, "caller.js"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A package named better-sqlite3 at `version`, installed as `folderName`; its entry exports `body`. */
function install(folderName: string, version: string, body = `module.exports = function Database() {}; module.exports.release = ${JSON.stringify(version)};`) {
  const dir = path.join(folder, "node_modules", folderName);
  mkdirSync(path.join(dir, "lib"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "better-sqlite3", version, main: "lib/index.js" }));
  writeFileSync(path.join(dir, "lib", "index.js"), body);
}

describe("sqliteBindingProblem", () => {
  it("accepts 12 on Node 20 and 22, 13 on Node 22 and 24", () => {
    expect(sqliteBindingProblem("12.11.1", "20.20.2")).toBeUndefined();
    expect(sqliteBindingProblem("12.11.1", "22.23.3")).toBeUndefined();
    expect(sqliteBindingProblem("13.2.0", "22.23.3")).toBeUndefined();
    expect(sqliteBindingProblem("13.2.0", "24.21.0")).toBeUndefined();
  });

  it("refuses 13 on Node 20 and 12 on Node 24, naming the install that fixes it", () => {
    expect(sqliteBindingProblem("13.2.0", "20.20.2")).toBe(
      "better-sqlite3 13.2.0 needs Node 22 or newer and this is Node 20.20.2: install the Node 20 build beside it (npm install better-sqlite3-node20@npm:better-sqlite3@12) or move to Node 22+.",
    );
    expect(sqliteBindingProblem("12.11.1", "24.21.0")).toBe(
      "better-sqlite3 12.11.1 aborts Node 24.21.0 when it frees a statement (Assertion failed: (env) != nullptr): install better-sqlite3@13.",
    );
  });
});

// pnpm's bin shims put the workspace's own packages on NODE_PATH, which every resolve honours, so
// each load runs in a Node without it, on this package's build, and reports what it got.
function load(nodeVersion: string, moduleName?: string): { moduleName?: string; version?: string; release?: string; error?: string } {
  const script = `import { loadSqliteBinding } from ${JSON.stringify(new URL("../dist/node.js", import.meta.url).href)};
    try {
      const { moduleName, version, Database } = loadSqliteBinding(${JSON.stringify(caller.href)}, ${JSON.stringify(moduleName)}, ${JSON.stringify(nodeVersion)});
      console.log(JSON.stringify({ moduleName, version, release: Database.release }));
    } catch (error) { console.log(JSON.stringify({ error: error.message })); }`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { env: { PATH: process.env.PATH }, encoding: "utf8" });
  return JSON.parse(run.stdout) as { moduleName?: string; version?: string; release?: string; error?: string };
}

describe("loadSqliteBinding", () => {
  it("loads the Node 20 alias on Node 20 and better-sqlite3 itself on Node 22 and 24", () => {
    install("better-sqlite3", "13.2.0");
    install("better-sqlite3-node20", "12.11.1");
    expect(load("20.20.2")).toEqual({ moduleName: "better-sqlite3-node20", version: "12.11.1", release: "12.11.1" });
    expect(load("22.23.3")).toEqual({ moduleName: "better-sqlite3", version: "13.2.0", release: "13.2.0" });
    expect(load("24.21.0")).toEqual({ moduleName: "better-sqlite3", version: "13.2.0", release: "13.2.0" });
  });

  it("falls back to better-sqlite3 12 installed under its own name on Node 20", () => {
    install("better-sqlite3", "12.11.1");
    expect(load("20.20.2").moduleName).toBe("better-sqlite3");
  });

  it("refuses a release the running Node cannot run instead of loading it", () => {
    install("better-sqlite3", "12.11.1", "throw new Error('must not load')");
    expect(load("24.21.0").error).toBe(
      "better-sqlite3: better-sqlite3 12.11.1 aborts Node 24.21.0 when it frees a statement (Assertion failed: (env) != nullptr): install better-sqlite3@13.",
    );
    install("better-sqlite3", "13.2.0", "throw new Error('must not load')");
    expect(load("20.20.2").error).toBe(
      "better-sqlite3: better-sqlite3 13.2.0 needs Node 22 or newer and this is Node 20.20.2: install the Node 20 build beside it (npm install better-sqlite3-node20@npm:better-sqlite3@12) or move to Node 22+.",
    );
  });

  it("says what to install when nothing is installed, or when a chosen module is missing", () => {
    expect(load("24.21.0").error).toBe(
      "better-sqlite3 is not installed: npm install better-sqlite3@13 (Node 22 or newer); on Node 20: npm install better-sqlite3-node20@npm:better-sqlite3@12.",
    );
    expect(load("24.21.0", "no-such-sqlite").error).toBe("no-such-sqlite is not installed: install no-such-sqlite.");
  });

  it("reports a module that fails to load", () => {
    install("better-sqlite3", "13.2.0", "throw new Error('invalid ELF header')");
    expect(load("24.21.0").error).toMatch(/^better-sqlite3 13\.2\.0 did not load \(invalid ELF header/);
  });
});
