// The package loads the better-sqlite3 it installs (12, the release Node 20 can run) and its
// engines keep npm from installing it where node:sqlite serves.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BETTER_SQLITE3_RELEASE, loadBetterSqlite3 } from "../src/index";

const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

describe("@foundry-mcp/sqlite-node20", () => {
  it("installs exactly the release it names, only on Node before 22.16", () => {
    expect(manifest.dependencies).toEqual({ "better-sqlite3": BETTER_SQLITE3_RELEASE });
    expect(manifest.engines.node).toBe(">=20.19 <22.16");
  });

  it.runIf(Number.parseInt(process.versions.node, 10) < 22)("opens a database with better-sqlite3 12 on this Node", () => {
    const Database = loadBetterSqlite3<new (file: string) => { prepare(sql: string): { get(): unknown }; close(): void }>();
    const db = new Database(":memory:");
    expect(db.prepare("SELECT 40 + 2 AS answer").get()).toEqual({ answer: 42 });
    db.close();
    const installed = createRequire(import.meta.url)("better-sqlite3/package.json") as { version: string };
    expect(installed.version).toBe(BETTER_SQLITE3_RELEASE);
  });
});
