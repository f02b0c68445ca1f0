// The query layer on every driver (run by sqlite.test.ts and postgres.test.ts): statements built
// with Kysely, compiled once per dialect, bound by name per call and run by the store as written
// (no text translation), inside and outside transactions and batches.
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { statementsOver, WorkspaceStoreError } from "../src/index";
import type { WorkspaceStore } from "../src/index";

interface Tables {
  workspaces: { id: string; name: string; plan: string; credits: number; data_as_of: string; created_at: string };
  domains: { id?: number; workspace_id: string; hostname: string; label: string; country: string; vertical: string; created_at: string };
}
const define = statementsOver<Tables>();

let compiles = 0;
const insertWorkspace = define((q) => {
  compiles += 1;
  return q.db.insertInto("workspaces").values({
    id: q.param("id"),
    name: q.param("name"),
    plan: "free",
    credits: q.param<number>("credits"),
    data_as_of: "2026-11-29",
    created_at: "2026-01-01T00:00:00Z",
  });
});
const insertDomain = define((q) =>
  q.db
    .insertInto("domains")
    .values({
      workspace_id: q.param("workspace_id"),
      hostname: q.param("hostname"),
      label: "A",
      country: "us",
      vertical: "x",
      created_at: "2026-01-01",
    })
    .returning("id"),
);
const richest = define((q) =>
  q.db
    .selectFrom("workspaces")
    .select(["name", "credits", sql<number>`credits * 2`.as("doubled")])
    .where("credits", ">=", q.param<number>("at_least"))
    .orderBy("credits", "desc")
    .limit(q.param<number>("limit")),
);

/** Registers the query-layer tests for a driver made by `open` and disposed by `dispose`. */
export function queryConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describe(`${name} (query layer)`, () => {
    let store: WorkspaceStore;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => dispose(store));

    it("runs compiled statements in the store's own dialect, compiled once and bound by name per call", async () => {
      const before = compiles;
      for (const [index, credits] of [5, 9, 2].entries())
        expect(await insertWorkspace.run(store, { id: `ws_${index}`, name: `w-${index}`, credits })).toMatchObject({ changes: 1 });
      // Three calls, one compile for this dialect (a second store of the dialect compiles nothing).
      expect(compiles - before).toBeLessThanOrEqual(1);
      const placeholder = store.dialect === "postgres" ? "$1" : "?";
      expect(insertWorkspace.bind(store.dialect, { id: "x", name: "x", credits: 1 }).sql).toContain(placeholder);
      expect(await richest.all(store, { at_least: 3, limit: 5 })).toEqual([
        { name: "w-1", credits: 9, doubled: 18 },
        { name: "w-0", credits: 5, doubled: 10 },
      ]);
      expect(await store.columns(richest.bind(store.dialect, { at_least: 0, limit: 1 }))).toEqual(["name", "credits", "doubled"]);
    });

    it("gives a compiled INSERT's new id through returning id, in a transaction and a batch", async () => {
      await insertWorkspace.run(store, { id: "ws_a", name: "w-a", credits: 1 });
      const first = await store.transaction(async (queries) => insertDomain.get(queries, { workspace_id: "ws_a", hostname: "a.example" }));
      expect(first).toEqual({ id: 1 });
      const results = await store.batch([
        insertDomain.bind(store.dialect, { workspace_id: "ws_a", hostname: "b.example" }),
        { sql: "UPDATE workspaces SET credits = ? WHERE id = ?", params: [7, "ws_a"] },
      ]);
      expect(results.map((result) => result.changes)).toEqual([1, 1]);
      expect(await store.all("SELECT id, hostname FROM domains ORDER BY id")).toEqual([
        { id: 1, hostname: "a.example" },
        { id: 2, hostname: "b.example" },
      ]);
      expect(await store.get("SELECT credits FROM workspaces WHERE id = ?", ["ws_a"])).toEqual({ credits: 7 });
    });

    it("names a parameter a call left out", async () => {
      const missing = insertWorkspace.run(store, { id: "ws_b", name: "w-b" });
      await expect(missing).rejects.toBeInstanceOf(WorkspaceStoreError);
      await expect(insertWorkspace.run(store, { id: "ws_b", name: "w-b" })).rejects.toThrow(
        'the statement needs a value for parameter "credits"; pass it in the values (null for SQL NULL).',
      );
      expect(await store.all("SELECT id FROM workspaces")).toEqual([]);
    });
  });
}
