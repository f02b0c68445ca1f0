// The shared conformance suite every WorkspaceStore driver must pass (SQLite today; a
// PostgreSQL driver later runs the same file with its own factory).
import { afterEach, beforeEach, expect, it } from "vitest";
import type { WorkspaceStore } from "../../src/store/workspace-store";

/** Registers the conformance tests for a driver made by `open` and disposed by `dispose`. */
export function workspaceStoreConformance(
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  let store: WorkspaceStore;
  beforeEach(async () => {
    store = await open();
    await store.migrate();
  });
  afterEach(async () => dispose(store));

  it("migrates idempotently", async () => {
    await store.migrate();
    expect(await store.all("SELECT id FROM workspaces")).toEqual([]);
  });

  it("inserts, reads and reports the new row id", async () => {
    await store.run(
      "INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      ["ws_1", "one", "free", 5, "2026-01-01", "2026-01-01T00:00:00Z"],
    );
    const inserted = await store.run(
      "INSERT INTO domains (workspace_id, hostname, label, country, vertical, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      ["ws_1", "a.example", "A", "us", "x", "2026-01-01"],
    );
    expect(inserted).toEqual({ changes: 1, lastInsertId: expect.any(Number) });
    expect(
      await store.get("SELECT hostname FROM domains WHERE id = ?", [inserted.lastInsertId]),
    ).toEqual({ hostname: "a.example" });
    expect(
      await store.get("SELECT hostname FROM domains WHERE id = ?", [inserted.lastInsertId + 100]),
    ).toBeUndefined();
  });

  it("bulk-inserts thousands of rows and names a query's columns without running it", async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      domain_id: 1,
      day: "2026-01-01",
      keyword: `k${index}`,
      impressions: index,
      clicks: 0,
      position: 1.5,
    }));
    await store.insertMany("bing_keywords", rows);
    expect(
      await store.get("SELECT COUNT(*) AS n, SUM(impressions) AS total FROM bing_keywords"),
    ).toEqual({ n: 5000, total: (4999 * 5000) / 2 });
    expect(await store.columns("SELECT keyword, clicks AS c FROM bing_keywords")).toEqual([
      "keyword",
      "c",
    ]);
  });

  it("refuses table or column names that are not plain identifiers", async () => {
    await expect(store.insertMany("bing_keywords; DROP TABLE x", [{ a: 1 }])).rejects.toThrow(
      /insertMany/,
    );
  });

  it("runs a batch atomically: a failing statement leaves nothing behind", async () => {
    await store.run(
      "INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES ('ws_1', 'one', 'free', 5, '2026-01-01', 'now')",
    );
    await expect(
      store.batch([
        { sql: "UPDATE workspaces SET credits = 0 WHERE id = 'ws_1'" },
        {
          sql: "INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES ('ws_1', 'dup', 'free', 5, 'x', 'now')",
        },
      ]),
    ).rejects.toThrow();
    expect(await store.get("SELECT credits FROM workspaces WHERE id = 'ws_1'")).toEqual({
      credits: 5,
    });
  });
}
