// A store's schema as its database's catalog describes it, in a form two databases made by
// different DDL text can be compared by: SQLite's pragmas (columns with declared type, NOT NULL,
// default and primary-key position; indexes with their columns and origin; foreign keys;
// AUTOINCREMENT and CHECK clauses from the stored CREATE text) and PostgreSQL's information_schema
// and pg_catalog (columns with type, nullability, default and identity; index definitions;
// constraints with their definition, CHECKs included). The text itself (quoting, keyword case,
// modifier order) is not compared: it is not schema.
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

type Row = Record<string, unknown>;

async function sqliteCatalog(store: WorkspaceStore): Promise<Row[]> {
  const tables = await store.all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const rows: Row[] = [];
  for (const { name, sql } of tables) {
    rows.push({ table: name, autoincrement: /\bautoincrement\b/i.test(sql), checks: (sql.match(/\bcheck\s*\(/gi) ?? []).length });
    for (const column of await store.all<Row & { type: string }>("SELECT cid, name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid", [name]))
      rows.push({ table: name, column: { ...column, type: column.type.toUpperCase() } });
    for (const index of await store.all<Row & { name: string }>("SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name", [name]))
      rows.push({ table: name, index, columns: await store.all("SELECT seqno, name FROM pragma_index_info(?) ORDER BY seqno", [index.name]) });
    for (const key of await store.all('SELECT id, seq, "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq', [name]))
      rows.push({ table: name, foreignKey: key });
  }
  return rows;
}

async function postgresCatalog(store: WorkspaceStore): Promise<Row[]> {
  return [
    ...(await store.all(
      "SELECT table_name, ordinal_position, column_name, data_type, is_nullable, column_default, is_identity, identity_generation FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
    )),
    ...(await store.all("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname")),
    ...(await store.all(
      "SELECT rel.relname AS table_name, con.conname, con.contype, pg_get_constraintdef(con.oid) AS definition FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid JOIN pg_namespace ns ON ns.oid = rel.relnamespace WHERE ns.nspname = current_schema() ORDER BY rel.relname, con.conname",
    )),
  ];
}

/** Every table's columns, indexes and constraints in `store`, ordered, as its catalog gives them. */
export function catalogOf(store: WorkspaceStore): Promise<Row[]> {
  return store.driver === "sqlite" ? sqliteCatalog(store) : postgresCatalog(store);
}
