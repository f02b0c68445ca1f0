// The PostgreSQL WorkspaceStore driver: several gateway instances share one database. `pg` is an
// optional peer loaded on first use. Compiled statements (src/query/) are PostgreSQL already and
// run as written, the schema's statements too (query/ddl.ts); text runs as written, its `?`
// placeholders numbered by Kysely's compiler (query/text.ts), nothing else rewritten; counts and
// sums come back as numbers, booleans as 1/0, as SQLite gives them. Migrations run under an
// advisory lock so instances can start together.
import { messageOf } from "@foundry-mcp/core";
import type * as Pg from "pg";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "../errors";
import type { HostSchema } from "../migrations";
import { checkHostSchemas, tablesWithGeneratedId } from "../host-schema";
import { applyMigrations } from "../migrate";
import type { RunResult, SqlValue, StatementInput, StoreOperationKind, StoreQueries, StoreTransaction, WorkspaceStore } from "../types";
import { QueryClock } from "./_query-clock";
import { checkIdentifiers, loadOptional, storeError } from "./_load";
import { textStatement } from "../query/text";
import { refuseNested, routedQueries, runInTransaction, runStatements } from "./_transaction";

/** Where the PostgreSQL store lives. */
export interface PostgresStoreOptions {
  /** A `postgres://user:password@host:port/database` URL. */
  url: string;
  /** Connections in the pool (default 10). */
  maxConnections?: number;
  /** The module to load (default "pg"); tests name a missing one. */
  moduleName?: string;
  /** A host's own tables and migrations, applied by migrate() after the store's (host-schema.ts). */
  hostSchemas?: readonly HostSchema[];
}

const MIGRATION_LOCK = 7_214_019;
// PostgreSQL accepts at most 65535 parameters in one statement.
const MAX_PARAMETERS = 60_000;
const OID = { int8: 20, numeric: 1700, bool: 16 } as const;

/** host:port/database of a URL, never its password, for error messages. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:")
      throw new Error("protocol");
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname || "/"}`;
  } catch {
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.INVALID_ARGUMENT,
      "the database URL is not a postgres:// URL; give postgres://USER:PASSWORD@HOST:PORT/DATABASE.",
    );
  }
}

function typeParsers(pg: typeof Pg): Pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === OID.int8 || oid === OID.numeric) return (value: string) => Number(value);
      if (oid === OID.bool) return (value: string) => (value === "t" ? 1 : 0);
      return pg.types.getTypeParser(oid, format as "text");
    }) as Pg.CustomTypesConfig["getTypeParser"],
  };
}

/** The driver's own queries, plus statements already written for PostgreSQL. */
interface PostgresQueries extends StoreQueries {
  /**
   * Runs PostgreSQL text as is. insertMany's statements carry up to 60,000 `$n` placeholders
   * already; compiling them as text would cost most of a demo workspace's creation time.
   */
  runNative(text: string, params: readonly SqlValue[]): Promise<void>;
}

function queriesOver(
  query: (text: string, params: readonly SqlValue[]) => Promise<Pg.QueryResult>,
  clock: QueryClock,
): PostgresQueries {
  const native = async (text: string, params: readonly SqlValue[] = [], kind: StoreOperationKind = "read") => {
    try {
      return await clock.time(kind, () => query(text, params));
    } catch (error) {
      throw storeError(error);
    }
  };
  // Text runs as written, its `?` numbered by Kysely's compiler (query/text.ts); a compiled
  // statement is PostgreSQL already.
  const guarded = (input: StatementInput, params: readonly SqlValue[] = [], kind: StoreOperationKind = "read") => {
    const statement = typeof input === "string" ? textStatement("postgres", input, params) : input;
    return native(statement.sql, statement.parameters as readonly SqlValue[], kind);
  };
  return {
    dialect: "postgres",
    async runNative(text, params) {
      await native(text, params, "write");
    },
    all: async <T>(sql: StatementInput, params?: readonly SqlValue[]) =>
      (await guarded(sql, params)).rows as T[],
    get: async <T>(sql: StatementInput, params?: readonly SqlValue[]) =>
      (await guarded(sql, params)).rows[0] as T | undefined,
    async run(sql, params): Promise<RunResult> {
      // An INSERT that needs its new id asks for it (`RETURNING id`), text or compiled.
      const result = await guarded(sql, params, "write");
      const id = (result.rows[0] as { id?: unknown } | undefined)?.id;
      return { changes: result.rowCount ?? 0, lastInsertId: typeof id === "number" ? id : 0 };
    },
    async columns(sql, params) {
      const probe = (text: string) => `SELECT * FROM (${text}) AS columns_probe LIMIT 0`;
      const result =
        typeof sql === "string"
          ? await guarded(probe(sql), params)
          : await guarded({ sql: probe(sql.sql), parameters: sql.parameters });
      return result.fields.map((field) => field.name);
    },
  };
}

/** Connections in the pool when the options name no number. */
const DEFAULT_MAX_CONNECTIONS = 10;

async function connect(pg: typeof Pg, options: PostgresStoreOptions): Promise<Pg.Pool> {
  const where = describePostgresUrl(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    types: typeParsers(pg),
    options: "-c TimeZone=UTC",
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = messageOf(error);
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.CONNECT_FAILED,
      `cannot connect to PostgreSQL at ${where}: ${reason}. Check --database or DATABASE_URL and that the server is running.`,
      { cause: error },
    );
  }
  return pool;
}

/**
 * Connects to PostgreSQL; run migrate() once (amicited-gateway migrate) before serving.
 * @example const store = await openPostgresStore({ url: process.env.DATABASE_URL! });
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<WorkspaceStore> {
  const pg = await loadOptional<typeof Pg>(
    options.moduleName ?? "pg",
    "postgres",
    "npm install pg@8",
  );
  const hostSchemas = options.hostSchemas ?? [];
  checkHostSchemas(hostSchemas);
  // The tables whose INSERTs report the new row's id, read from the DDL the store and its hosts run.
  const withId = tablesWithGeneratedId(hostSchemas);
  const pool = await connect(pg, options);
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const onClient =
    (client: Pg.PoolClient | Pg.Pool) => (text: string, params: readonly SqlValue[]) =>
      client.query(text, params as unknown[]);
  const owner = {};
  const clock = new QueryClock();
  const begin = async (): Promise<StoreTransaction> => {
    refuseNested(owner);
    const client = await pool.connect();
    const started = clock.start();
    let open = true;
    try {
      await client.query("BEGIN");
    } catch (error) {
      client.release(true);
      throw storeError(error);
    }
    const end = async (statement: string) => {
      if (!open) return;
      open = false;
      try {
        await client.query(statement);
        client.release();
      } catch (error) {
        client.release(true);
        throw storeError(error);
      } finally {
        clock.stop("transaction", started);
      }
    };
    return {
      ...queriesOver(onClient(client), clock),
      commit: () => end("COMMIT"),
      rollback: () => end("ROLLBACK"),
    };
  };
  const transaction = <T>(work: (queries: StoreQueries) => Promise<T>) =>
    runInTransaction(owner, begin, work);
  return {
    driver: "postgres",
    ...routedQueries(owner, queriesOver(onClient(pool), clock)),
    poolStats: () => ({
      driver: "postgres",
      size: pool.totalCount,
      max: maxConnections,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
    observeQueries(observer) {
      clock.observer = observer;
    },
    migrate: () =>
      transaction(async (tx) => {
        await tx.run(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
        await applyMigrations(tx, hostSchemas);
      }),
    async insertMany(table, rows) {
      const first = rows[0];
      if (!first) return;
      const columns = Object.keys(first);
      checkIdentifiers(table, columns);
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
      await transaction(async (queries) => {
        // Inside a transaction the queries are always this driver's own (begin() below).
        const tx = queries as PostgresQueries;
        for (let start = 0; start < rows.length; start += perStatement) {
          const chunk = rows.slice(start, start + perStatement);
          const tuples = chunk.map(
            (_, row) =>
              `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(", ")})`,
          );
          await tx.runNative(
            `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`,
            chunk.flatMap((row) => columns.map((column) => row[column] ?? null)),
          );
        }
        // Rows that brought their own ids must not collide with the next generated one.
        if (columns.includes("id") && withId.has(table)) {
          await tx.get(
            `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT MAX(id) FROM ${table}))`,
          );
        }
      });
    },
    batch: (statements) => transaction((tx) => runStatements(tx, statements)),
    begin,
    transaction,
    async close() {
      await pool.end();
    },
  };
}
