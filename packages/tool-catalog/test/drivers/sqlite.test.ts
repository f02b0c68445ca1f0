import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openSqliteDatabase, sqliteModulesHere } from "@foundry-mcp/core/node";
import { afterAll, describe, expect, it } from "vitest";
import { CatalogError, SqliteQuotaDriver } from "../../src/index";
import { quotaDriverConformance } from "./quota-conformance";
import { clearOfHourTurn } from "../../../../tooling/hour-turn.mjs";

const root = mkdtempSync(join(tmpdir(), "tool-catalog-quota-"));
let files = 0;
const nextFile = () => join(root, `quota-${(files += 1)}.db`);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Every SQLite engine this Node can open (node:sqlite on Node 22.16+, the better-sqlite3 this
// Node runs when installed); the first is the one the driver picks by itself.
for (const [index, moduleName] of sqliteModulesHere(import.meta.url).entries()) {
  const suffix = index === 0 ? "" : `, ${moduleName}`;
  quotaDriverConformance(`SqliteQuotaDriver (file${suffix})`, () => new SqliteQuotaDriver({ file: nextFile(), ...(index === 0 ? {} : { moduleName }) }));
  quotaDriverConformance(`SqliteQuotaDriver (open database${suffix})`, () => new SqliteQuotaDriver(openSqliteDatabase(nextFile(), { from: import.meta.url, moduleName })));
}

const AT = new Date("2026-11-30T10:15:00.000Z");
const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const builtEntry = join(packageRoot, "dist/index.js");

describe("SqliteQuotaDriver", () => {
  it("shares one count between connections to the same file", async () => {
    const file = nextFile();
    const drivers = Array.from({ length: 4 }, () => new SqliteQuotaDriver({ file }));
    const decisions = await Promise.all(Array.from({ length: 60 }, (_, index) => drivers[index % 4]!.consume("w", 25, AT)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(25);
    for (const driver of drivers) await driver.close();
  });

  it("names the missing peer dependency and the fix", async () => {
    const driver = new SqliteQuotaDriver({ file: nextFile(), moduleName: "better-sqlite3-not-installed" });
    const error = await driver.consume("w", 1).catch((caught: unknown) => caught);
    expect(CatalogError.isInstance(error) && error.code).toBe("DRIVER_UNAVAILABLE");
    expect((error as Error).message).toBe(
      "SqliteQuotaDriver needs SQLite: better-sqlite3-not-installed is not installed: install better-sqlite3-not-installed. Or use MemoryQuotaDriver.",
    );
  });

  // Separate processes race on one file; needs the built package (pnpm build) for the children.
  it.skipIf(!existsSync(builtEntry))("never exceeds the cap across processes", { timeout: 60_000 }, async () => {
    await clearOfHourTurn(20_000);
    const file = nextFile();
    const script = `
      const { SqliteQuotaDriver } = await import(${JSON.stringify(builtEntry)});
      const driver = new SqliteQuotaDriver({ file: ${JSON.stringify(file)} });
      let allowed = 0;
      for (let call = 0; call < 40; call += 1) if ((await driver.consume("shared", 50)).allowed) allowed += 1;
      await driver.close();
      process.stdout.write(String(allowed));
    `;
    const runChild = () =>
      new Promise<number>((resolveChild, reject) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: packageRoot, stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        let errors = "";
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
        child.on("error", reject);
        child.on("close", (code) => (code === 0 ? resolveChild(Number(output)) : reject(new Error(`child exited ${code}: ${errors}`))));
      });
    const allowed = await Promise.all([runChild(), runChild(), runChild(), runChild()]);
    expect(allowed.reduce((sum, count) => sum + count, 0)).toBe(50);
    const database = openSqliteDatabase(file, { from: import.meta.url });
    expect(database.prepare("SELECT SUM(used) AS used FROM quota_usage WHERE workspace = 'shared'").get()).toEqual({ used: 50 });
    database.close();
  });
});
