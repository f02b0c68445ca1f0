// Statements compiled once per dialect: a statement is defined with named parameters, compiled by
// Kysely the first time a store of a dialect runs it, and bound to each call's values by position,
// so a call costs a map over its parameters and never a Kysely compile.
import type { Compilable, Kysely } from "kysely";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "../errors";
import type { CompiledStatement, RunResult, SqlValue, StoreQueries, WorkspaceStoreDriverName } from "../types";
import { queryBuilderFor } from "./builder";
import type { StoreTables } from "./tables";

/** Where a call's value goes: Kysely compiles it as a parameter like any value. */
export class ParameterSlot {
  constructor(readonly name: string) {}
}

/** Values of a statement's named parameters. */
export type StatementValues = Readonly<Record<string, SqlValue>>;

/** What a statement's build function gets: the dialect's builder and named parameters. */
export interface StatementContext<Tables> {
  /** The compile-only builder of the dialect being compiled. */
  readonly db: Kysely<Tables>;
  /** The dialect being compiled: for the few expressions each database spells its own way. */
  readonly dialect: WorkspaceStoreDriverName;
  /** A parameter filled from the call's values by `name`, typed as the value it stands for (text unless told). */
  param<T extends SqlValue = string>(name: string): NoInfer<T>;
}

/** A statement defined once, run with each call's values on any store. */
export interface DefinedStatement<Row> {
  /** The statement in `dialect` with `values` in its parameters. */
  bind(dialect: WorkspaceStoreDriverName, values?: StatementValues): CompiledStatement;
  all(queries: StoreQueries, values?: StatementValues): Promise<Row[]>;
  get(queries: StoreQueries, values?: StatementValues): Promise<Row | undefined>;
  run(queries: StoreQueries, values?: StatementValues): Promise<RunResult>;
}

/** `compiled` with each parameter slot replaced by the value of its name in `values`. */
export function bindValues(compiled: CompiledStatement, values: StatementValues): CompiledStatement {
  const parameters = compiled.parameters.map((parameter) => {
    if (!(parameter instanceof ParameterSlot)) return parameter;
    const value = values[parameter.name];
    if (value === undefined)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.INVALID_ARGUMENT,
        `the statement needs a value for parameter "${parameter.name}"; pass it in the values (null for SQL NULL).`,
      );
    return value;
  });
  return { sql: compiled.sql, parameters };
}

/**
 * A definer of statements over `Tables` (the caller's row types).
 * @example const byName = statementsOver<MyTables>()((q) => q.db.selectFrom("workspaces").selectAll().where("name", "=", q.param<string>("name")));
 *          await byName.get(store, { name: "acme" });
 */
export function statementsOver<Tables>() {
  return <Row>(build: (context: StatementContext<Tables>) => Compilable<Row>): DefinedStatement<Row> => {
    const compiled = new Map<WorkspaceStoreDriverName, CompiledStatement>();
    const compiledFor = (dialect: WorkspaceStoreDriverName): CompiledStatement => {
      let statement = compiled.get(dialect);
      if (!statement) {
        const db = queryBuilderFor<Tables>(dialect);
        const query = build({ db, dialect, param: <T>(name: string) => new ParameterSlot(name) as T });
        const { sql, parameters } = query.compile();
        statement = { sql, parameters };
        compiled.set(dialect, statement);
      }
      return statement;
    };
    const bind = (dialect: WorkspaceStoreDriverName, values: StatementValues = {}) =>
      bindValues(compiledFor(dialect), values);
    return {
      bind,
      // async, so a binding error rejects the call's promise as a query error would.
      all: async (queries, values) => queries.all<Row>(bind(queries.dialect, values)),
      get: async (queries, values) => queries.get<Row>(bind(queries.dialect, values)),
      run: async (queries, values) => queries.run(bind(queries.dialect, values)),
    };
  };
}

/** Defines a statement over this package's own tables (query/tables.ts). */
export const defineStatement = statementsOver<StoreTables>();
