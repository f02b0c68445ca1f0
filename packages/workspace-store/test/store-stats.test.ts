// The store's two operator hooks on both drivers (issue #33): poolStats() — connections open,
// in use and waited for, read without a query — and observeQueries(), which reports each
// operation's duration by kind (read, write, transaction) and, unset, reports nothing. SQLite in a
// temporary folder; PostgreSQL on the throwaway cluster of tooling/postgres-cluster.mjs (skips
// loudly without PostgreSQL outside CI, fails in CI).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { openPostgresStore, openSqliteStore } from "../src/index";
import type { StoreOperationKind, WorkspaceStore } from "../src/index";

let cluster: PostgresCluster | undefined;
let databases = 0;
const gate = postgresGate();
beforeAll(async () => {
  if (gate.run) cluster = await startPostgres();
}, 240_000);
afterAll(() => cluster?.stop());

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

interface Driver {
  name: "sqlite" | "postgres";
  /** A migrated store whose pool holds one connection, so a second caller has to wait. */
  open(): Promise<WorkspaceStore>;
  max: number;
}

const drivers: Driver[] = [
  {
    name: "sqlite",
    max: 1,
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ws-store-stats-"));
      dirs.push(dir);
      const store = await openSqliteStore({ dataDir: dir });
      await store.migrate();
      return store;
    },
  },
  {
    name: "postgres",
    max: 1,
    async open() {
      const store = await openPostgresStore({ url: cluster!.createDatabase(`store_stats_${(databases += 1)}`), maxConnections: 1 });
      await store.migrate();
      return store;
    },
  },
];

for (const driver of drivers) {
  describe.skipIf(driver.name === "postgres" && !gate.run)(`store stats (${driver.name})`, () => {
    it("poolStats counts the connection in use and the call waiting behind it", async () => {
      const store = await driver.open();
      try {
        await expect.poll(() => store.poolStats()).toEqual({ driver: driver.name, size: 1, max: driver.max, inUse: 0, waiting: 0 });
        const transaction = await store.begin();
        expect(store.poolStats()).toMatchObject({ inUse: 1, waiting: 0 });
        // Outside the transaction's async context: this read needs the one connection and waits.
        const queued = store.get<{ n: number }>("SELECT COUNT(*) AS n FROM workspaces");
        await expect.poll(() => store.poolStats()).toMatchObject({ inUse: 1, waiting: 1 });
        await transaction.commit();
        expect(await queued).toEqual({ n: 0 });
        await expect.poll(() => store.poolStats()).toEqual({ driver: driver.name, size: 1, max: driver.max, inUse: 0, waiting: 0 });
      } finally {
        await store.close();
      }
    });

    it("observeQueries reports reads, writes and transactions, and nothing once unset", async () => {
      const store = await driver.open();
      const seen: [StoreOperationKind, number][] = [];
      try {
        store.observeQueries((kind, seconds) => seen.push([kind, seconds]));
        await store.get("SELECT COUNT(*) AS n FROM workspaces");
        expect(seen.map(([kind]) => kind)).toEqual(["read"]);
        await store.run("INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES (?, ?, ?, ?, ?, ?)", ["w-stats", "stats", "free", 0, "2026-01-01", "2026-01-01T00:00:00Z"]);
        expect(seen.map(([kind]) => kind)).toEqual(["read", "write"]);
        await store.transaction(async (tx) => {
          await tx.all("SELECT id FROM workspaces");
        });
        expect(seen.map(([kind]) => kind)).toEqual(["read", "write", "read", "transaction"]);
        for (const [, seconds] of seen) {
          expect(seconds).toBeGreaterThanOrEqual(0);
          expect(Number.isFinite(seconds)).toBe(true);
        }
        store.observeQueries(undefined);
        await store.get("SELECT COUNT(*) AS n FROM workspaces");
        await store.transaction((tx) => tx.run("DELETE FROM workspaces WHERE name = ?", ["stats"]));
        expect(seen).toHaveLength(4);
      } finally {
        await store.close();
      }
    });

    it("an observer that throws does not fail the query it measured", async () => {
      const store = await driver.open();
      try {
        store.observeQueries(() => {
          throw new Error("observer failed");
        });
        expect(await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM workspaces")).toEqual({ n: 0 });
      } finally {
        await store.close();
      }
    });
  });
}
