// The store's transactions join the store's own calls made inside them through an AsyncLocalStorage
// (src/drivers/_call-scope.ts). On Node 20 and 22 an enabled one installs promise hooks that tax
// every promise of the process, so it is enabled only while a transaction runs.
import { executionAsyncId } from "node:async_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteStore } from "../src/index";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-store-scope-"));
const store = await openSqliteStore({ dataDir: dir });
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * How many async ids three awaits run under: 3 while promise hooks are installed (each promise
 * gets its own id), 1 when none is (they run in the caller's).
 */
async function promiseIdsSeen(): Promise<number> {
  const ids = new Set<number>();
  for (let step = 0; step < 3; step += 1) {
    await Promise.resolve();
    ids.add(executionAsyncId());
  }
  return ids.size;
}

describe("transaction scope", () => {
  it("leaves no promise hook installed once the process's transactions have settled", async () => {
    expect(await promiseIdsSeen()).toBe(1);
    let inside = 0;
    await store.transaction(async () => {
      inside = await promiseIdsSeen();
      await store.run("CREATE TABLE IF NOT EXISTS scope_probe (n INTEGER)");
    });
    expect(inside).toBe(3);
    expect(await promiseIdsSeen()).toBe(1);
  });

  it("keeps joining the store's own calls while an overlapping transaction of another store still runs", async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-store-scope-"));
    const other = await openSqliteStore({ dataDir: otherDir });
    try {
      await store.run("CREATE TABLE IF NOT EXISTS scope_probe (n INTEGER)");
      let releaseOther!: () => void;
      const otherHeld = new Promise<void>((resolve) => (releaseOther = resolve));
      let otherStarted!: () => void;
      const otherRunning = new Promise<void>((resolve) => (otherStarted = resolve));
      const failure = new Error("rolled back");
      // `other`'s transaction outlives this store's, which rolls back: its own store.run inside must
      // have joined it (and be rolled back with it), and a call made after it must not.
      const long = other.transaction(async () => {
        otherStarted();
        await otherHeld;
        await other.run("CREATE TABLE IF NOT EXISTS other_probe (n INTEGER)");
      });
      await otherRunning;
      await expect(
        store.transaction(async () => {
          await store.run("INSERT INTO scope_probe (n) VALUES (1)");
          throw failure;
        }),
      ).rejects.toBe(failure);
      await store.run("INSERT INTO scope_probe (n) VALUES (2)");
      releaseOther();
      await long;
      expect(await store.all("SELECT n FROM scope_probe ORDER BY n")).toEqual([{ n: 2 }]);
      expect(await other.get("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'other_probe'")).toEqual({ n: 1 });
      expect(await promiseIdsSeen()).toBe(1);
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
