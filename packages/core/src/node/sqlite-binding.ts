// Which better-sqlite3 the running Node can use, loaded from the caller's own node_modules.
//
// No one release runs on every Node we support. better-sqlite3 12 wraps its objects in Node's raw
// `node::ObjectWrap`, whose Node 24 header removes an environment hook when a statement is freed;
// when the garbage collector frees one outside a JavaScript context (always at exit) Node 24
// aborts: `Assertion failed: (env) != nullptr`. better-sqlite3 13 moved to Node-API and is fine
// there, but it needs Node 22 and crashes on Node 20. On Node 22.16+ the built-in `node:sqlite`
// serves first (sqlite-database.ts); this loader is for the Node that lacks it: 12 as installed by
// @foundry-mcp/sqlite-node20 (the gateway's optional dependency, skipped by npm on newer Node),
// or under the alias `better-sqlite3-node20`, or 13 as `better-sqlite3`. It picks the one this
// Node can run and refuses a mismatch with the fix in the message, instead of a native crash
// later. Errors are plain `Error`s: callers wrap them in their own codes.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { messageOf } from "../errors/coded-error";

/** The package name better-sqlite3 13+ (Node-API, Node 22 and newer) is installed under. */
export const SQLITE_BINDING = "better-sqlite3";
/** The alias better-sqlite3 12 (Node 20) is installed under beside it. */
export const SQLITE_BINDING_NODE20 = "better-sqlite3-node20";
/**
 * The package that installs better-sqlite3 12 only where it is loaded: its engines stop below the
 * first Node whose built-in `node:sqlite` serves (npm skips an optional dependency whose engines
 * do not match, and with it what only it needs), so Node 22.16+ installs and compiles nothing.
 */
export const SQLITE_NODE20_PACKAGE = "@foundry-mcp/sqlite-node20";

/** What to install, by Node version, in words a user of npm can paste. */
export const SQLITE_INSTALL_HINT =
  "npm install better-sqlite3@13 (Node 22 or newer); on Node 20: npm install better-sqlite3-node20@npm:better-sqlite3@12";

/** A loaded binding: the `Database` constructor, where it came from and its version. */
export interface SqliteBinding<Database> {
  Database: Database;
  moduleName: string;
  version: string;
}

const majorOf = (version: string): number => Number.parseInt(version.replace(/^v/, ""), 10);

/**
 * Why better-sqlite3 `version` cannot run on Node `nodeVersion`, or undefined when it can.
 * @example sqliteBindingProblem("12.11.1", "24.21.0") // "better-sqlite3 12.11.1 aborts Node 24 …"
 */
export function sqliteBindingProblem(version: string, nodeVersion: string = process.versions.node): string | undefined {
  const binding = majorOf(version);
  const node = majorOf(nodeVersion);
  if (binding >= 13 && node < 22) {
    return `better-sqlite3 ${version} needs Node 22 or newer and this is Node ${nodeVersion}: install the Node 20 build beside it (npm install ${SQLITE_BINDING_NODE20}@npm:better-sqlite3@12) or move to Node 22+.`;
  }
  if (binding <= 12 && node >= 24) {
    return `better-sqlite3 ${version} aborts Node ${nodeVersion} when it frees a statement (Assertion failed: (env) != nullptr): install better-sqlite3@13.`;
  }
  return undefined;
}

/** The names to try, best first, for Node `nodeVersion`. */
function candidatesFor(nodeVersion: string): string[] {
  return majorOf(nodeVersion) < 22 ? [SQLITE_NODE20_PACKAGE, SQLITE_BINDING_NODE20, SQLITE_BINDING] : [SQLITE_NODE20_PACKAGE, SQLITE_BINDING];
}

/**
 * A require() that loads `name` as installed: SQLITE_NODE20_PACKAGE stands for the better-sqlite3
 * it installs (resolved from its own folder, where npm put it), every other name for itself.
 */
function requireFor(require: NodeJS.Require, name: string): { require: NodeJS.Require; request: string } {
  if (name !== SQLITE_NODE20_PACKAGE) return { require, request: name };
  return { require: createRequire(require.resolve(`${SQLITE_NODE20_PACKAGE}/package.json`)), request: SQLITE_BINDING };
}

/** The version in the package.json of the package whose entry is `entry`. */
function versionAbove(entry: string): string {
  for (let folder = path.dirname(entry); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, "package.json");
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string; version?: string };
      if (parsed.name === SQLITE_BINDING && typeof parsed.version === "string") return parsed.version;
    }
    if (path.dirname(folder) === folder) return "unknown";
  }
}

/**
 * Loads the better-sqlite3 this Node can run, resolved from `from` (the caller's
 * `import.meta.url`, so each package finds its own dependency). `moduleName` names one module
 * to load instead of choosing. Throws an `Error` naming what to install when none fits.
 * @example const { Database } = loadSqliteBinding<typeof BetterSqlite3>(import.meta.url);
 */
export function loadSqliteBinding<Database>(
  from: string | URL,
  moduleName?: string,
  nodeVersion: string = process.versions.node,
): SqliteBinding<Database> {
  const require = createRequire(from);
  const problems: string[] = [];
  for (const name of moduleName ? [moduleName] : candidatesFor(nodeVersion)) {
    let entry: string;
    let loader: { require: NodeJS.Require; request: string };
    try {
      loader = requireFor(require, name);
      entry = loader.require.resolve(loader.request);
    } catch {
      continue;
    }
    const version = versionAbove(entry);
    const problem = sqliteBindingProblem(version, nodeVersion);
    if (problem) {
      problems.push(`${name}: ${problem}`);
      continue;
    }
    try {
      const loaded = loader.require(loader.request) as { default?: unknown };
      return { Database: (loaded.default ?? loaded) as Database, moduleName: name, version };
    } catch (error) {
      problems.push(`${name} ${version} did not load (${messageOf(error)})`);
    }
  }
  if (problems.length) throw new Error(problems.join("; "));
  throw new Error(`${moduleName ?? SQLITE_BINDING} is not installed: ${moduleName ? `install ${moduleName}` : SQLITE_INSTALL_HINT}.`);
}
