// A host's own tables on every driver (run by sqlite.test.ts and postgres.test.ts; issue 37): the
// host's migrations run after the store's and are recorded under its owner; INSERTs into a host
// table with an id report it (PostgreSQL learns which tables from the host's DDL); a database made
// before hosts owned their tables has the host's `formerly` steps recorded, not run again.
import { afterEach, describe, expect, it } from "vitest";
import { createTables, insertWorkspace, notNull, pendingMigrations } from "../src/index";
import { compileSchemaStatement } from "../src/query/ddl";
import type { HostSchema, WorkspaceStore } from "../src/index";
import { TEST_HOST_SCHEMA } from "./test-host-schema";

type Open = (hostSchemas: readonly HostSchema[], reuse?: WorkspaceStore) => Promise<WorkspaceStore>;

const LEGACY_APPLIED_AT = "2026-01-02T03:04:05.000Z";
/** A host step that fails when run twice: its ALTER adds a column the first run added. */
const legacyHost = (formerly: number | undefined): HostSchema => ({
  owner: "legacy-host",
  migrations: [
    {
      version: 1,
      name: "legacy table",
      statements: [
        ...createTables({ legacy_rows: (table) => table.addColumn("label", "text", notNull) }),
        (ddl) => ddl.schema.alterTable("legacy_rows").addColumn("extra", "text"),
      ],
      formerly,
    },
    { version: 2, name: "later table", statements: createTables({ later_rows: (table) => table.addColumn("label", "text", notNull) }) },
  ],
});

/**
 * Registers the host-schema tests. `open(hostSchemas)` opens a new empty database;
 * `open(hostSchemas, store)` closes `store` and opens the same database again with `hostSchemas`.
 */
export function hostSchemaConformance(name: string, open: Open, dispose: (store: WorkspaceStore) => Promise<void>): void {
  describe(`${name} (a host's own tables)`, () => {
    let store: WorkspaceStore;
    afterEach(async () => dispose(store));

    it("applies a host's migrations after the store's and records them under its owner, once", async () => {
      store = await open([TEST_HOST_SCHEMA]);
      expect(await pendingMigrations(store, [TEST_HOST_SCHEMA])).toEqual(["workspace-store 10", "store-tests 2"]);
      await store.migrate();
      await store.migrate();
      expect(await store.all("SELECT owner, version, name FROM host_migrations ORDER BY version")).toEqual([
        { owner: "store-tests", version: 1, name: "keyword rows" },
        { owner: "store-tests", version: 2, name: "notes with ids" },
      ]);
      expect(await pendingMigrations(store, [TEST_HOST_SCHEMA])).toEqual([]);
    });

    it("reports the new id of a row in a host's table that generates ids, and none for one that does not", async () => {
      store = await open([TEST_HOST_SCHEMA]);
      await store.migrate();
      const workspace = await insertWorkspace(store, { name: "alpha", plan: "free", credits: 5, dataAsOf: "2026-11-29" });
      const domain = await store.run("INSERT INTO domains (workspace_id, hostname, label, country, vertical, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id", [
        workspace.id,
        "alpha.example",
        "A",
        "us",
        "x",
        "2026-01-01",
      ]);
      // An INSERT that needs its new id asks for it (RETURNING id), on both databases.
      const note = "INSERT INTO host_notes (domain_id, text) VALUES (?, ?) RETURNING id";
      expect(await store.run(note, [domain.lastInsertId, "first"])).toEqual({ changes: 1, lastInsertId: 1 });
      await store.insertMany("host_notes", [{ id: 40, domain_id: domain.lastInsertId, text: "brought its id" }]);
      expect(await store.run(note, [domain.lastInsertId, "next"])).toEqual({ changes: 1, lastInsertId: 41 });
      // Without RETURNING, PostgreSQL runs the text as written and reports no id (SQLite always knows it).
      const unasked = await store.run("INSERT INTO host_notes (domain_id, text) VALUES (?, ?)", [domain.lastInsertId, "unasked"]);
      expect(unasked).toEqual({ changes: 1, lastInsertId: store.driver === "postgres" ? 0 : 42 });
      const keyword = await store.run("INSERT INTO bing_keywords (domain_id, day, keyword, impressions, clicks, position) VALUES (?, ?, ?, ?, ?, ?)", [
        domain.lastInsertId,
        "2026-01-01",
        "k",
        1,
        0,
        1.5,
      ]);
      expect(keyword.changes).toBe(1);
      if (store.driver === "postgres") expect(keyword.lastInsertId).toBe(0);
    });

    it("records a host's former steps of a database made before hosts owned tables, without running them again", async () => {
      // Made by the combined list: the host's table in the store's migrations, recorded as version 4.
      store = await open([]);
      await store.migrate();
      for (const statement of legacyHost(4).migrations[0]!.statements) await store.run(compileSchemaStatement(statement, store.dialect));
      await store.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [4, "legacy table", LEGACY_APPLIED_AT]);
      await store.run("DROP TABLE host_migrations");
      store = await open([legacyHost(4)], store);
      await store.migrate();
      expect(await store.all("SELECT version, applied_at FROM host_migrations WHERE owner = ? ORDER BY version", ["legacy-host"])).toMatchObject([
        { version: 1, applied_at: LEGACY_APPLIED_AT },
        { version: 2 },
      ]);
      expect(await store.all("SELECT label FROM later_rows")).toEqual([]);
    });

    it("runs a host's former steps on a database this version made, even one first migrated without the host", async () => {
      store = await open([]);
      await store.migrate();
      store = await open([legacyHost(1)], store);
      await store.migrate();
      expect(await store.run("INSERT INTO legacy_rows (label, extra) VALUES (?, ?)", ["a", "b"])).toMatchObject({ changes: 1 });
    });

    it("refuses a host schema with a bad owner, a repeated owner or versions out of order, naming the fix", async () => {
      const refusal = (hostSchemas: readonly HostSchema[]) => open(hostSchemas).then(() => undefined, (error: unknown) => error as Error & { code: string });
      expect(await refusal([{ ...TEST_HOST_SCHEMA, owner: "Store Tests" }])).toMatchObject({
        code: "INVALID_ARGUMENT",
        message: 'hostSchemas: owner "Store Tests" must match /^[a-z][a-z0-9_-]{0,63}$/; name it after the host\'s package, e.g. "amicited-gateway".',
      });
      expect(await refusal([TEST_HOST_SCHEMA, TEST_HOST_SCHEMA])).toMatchObject({
        code: "INVALID_ARGUMENT",
        message: 'hostSchemas: owner "store-tests" is given twice; give each host one HostSchema.',
      });
      const reversed = { ...TEST_HOST_SCHEMA, migrations: [...TEST_HOST_SCHEMA.migrations].reverse() };
      expect(await refusal([reversed])).toMatchObject({
        code: "INVALID_ARGUMENT",
        message: 'hostSchemas: "store-tests" migration "keyword rows" has version 1; versions are integers that increase from 1, oldest first.',
      });
      store = await open([]);
    });

    it("refuses a host migration written as SQL text, naming the schema builder (issue 37)", async () => {
      const text = { owner: "text-host", migrations: [{ version: 1, name: "text ddl", statements: ["CREATE TABLE notes (text TEXT)"] }] } as unknown as HostSchema;
      expect(await open([text]).then(() => undefined, (error: unknown) => error)).toMatchObject({
        code: "INVALID_ARGUMENT",
        message:
          'hostSchemas: "text-host" migration "text ddl" statement 1 is a string, not a schema statement; SQL text is not taken: write it with Kysely\'s schema builder, e.g. (ddl) => ddl.createTable("notes").addColumn("id", ddl.integer, ddl.generatedId) (workspace-store README, "Schema").',
      });
      store = await open([]);
    });
  });
}
