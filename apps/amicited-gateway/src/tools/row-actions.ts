// The write tools over one owned row that every toolset has: set one column from an argument
// (`change`: a price, a budget, a schedule), set it to a fixed value (`mark`: pause, resume,
// ship), and delete the row with what hangs on it (`remove`). Each is a definition (the row, the
// column, the answer) instead of a handler repeating lookup, UPDATE and answer; shared.ts's
// toolset builder offers them beside list, read, act and workspace.
import type { DomainScope, SqlValue, WorkspaceStore } from "@foundry-mcp/workspace-store";
import type { GatewayTool, SomeArgs } from "./tool-types";
import type { ParamSchema, ParamSchemas, ValueOf } from "./arguments";
import type { OwnedRow } from "./owned-rows";

/** What a tool needs from the builder's `act`: a write tool over the domain. */
export type ActBuilder = (common: {
  name: string;
  description: string;
  kind: "write" | "destructive";
  params: ParamSchemas;
  required: readonly string[];
  run: (args: SomeArgs, domain: DomainScope) => Promise<unknown>;
}) => GatewayTool;

/**
 * The answer of a change: `"from-to"` is `{<param>: id, from: <old>, to: <new>}`, `"value"` is
 * `{<param>: id, <column>: <new>}`; a function writes its own.
 */
export type RowAnswer<Row, V> = "from-to" | "value" | ((row: Row, value: V) => unknown);

/** What every row write declares. */
export interface RowWrite<Row extends { id: number }, V> {
  name: string;
  description: string;
  row: OwnedRow<Row>;
  /** The column written. */
  column: string;
  /** Refuses the write after the lookup: a plan bound or a state that forbids it. */
  check?: (row: Row, value: V, domain: DomainScope) => void;
  /** `"from-to"` unless given. */
  answer?: RowAnswer<Row, V>;
}

/** A table whose rows hang on the removed one: by its `<param>` column, or by its own condition on the id. */
export type Dependent = string | { table: string; where: string };

// Flags are 0/1 integers in both drivers' tables.
const stored = (value: unknown): SqlValue =>
  typeof value === "boolean" ? (value ? 1 : 0) : (value as SqlValue);

/** The row-action kinds of one toolset, made with its `act`. */
export function rowActions(store: WorkspaceStore, act: ActBuilder) {
  const answerOf = <Row extends { id: number }, V>(
    spec: RowWrite<Row, V>,
    row: Row,
    value: V,
  ): unknown => {
    const answer = spec.answer ?? "from-to";
    if (typeof answer === "function") return answer(row, value);
    return answer === "value"
      ? { [spec.row.param]: row.id, [spec.column]: value }
      : {
          [spec.row.param]: row.id,
          from: (row as Record<string, unknown>)[spec.column],
          to: value,
        };
  };
  const write = <Row extends { id: number }, V>(
    spec: RowWrite<Row, V> & { kind?: "write" | "destructive" },
    params: ParamSchemas,
    valueOf: (args: SomeArgs) => V,
    toColumn: (value: V) => SqlValue,
  ): GatewayTool =>
    act({
      name: spec.name,
      description: spec.description,
      kind: spec.kind ?? "write",
      params: { [spec.row.param]: spec.row.schema, ...params },
      required: [spec.row.param, ...Object.keys(params)],
      run: async (args, domain) => {
        const row = await spec.row.find(store, args[spec.row.param] as number, domain);
        const value = valueOf(args);
        spec.check?.(row, value, domain);
        await store.run(`UPDATE ${spec.row.table} SET ${spec.column} = ? WHERE id = ?`, [
          toColumn(value),
          row.id,
        ]);
        return answerOf(spec, row, value);
      },
    });
  return {
    /**
     * A write tool setting one column of one row from the argument of the same name.
     *
     * @example t.change({ name: "eshop_update_price", description: "Change a product's price.", row: product, column: "price", value: { type: "number", description: "New price." } })
     */
    change<Row extends { id: number }, const S extends ParamSchema>(
      spec: RowWrite<Row, ValueOf<S>> & {
        /** The argument's schema; the argument is named after the column. */
        value: S;
        /** The value as the column keeps it, when not the argument itself (a list kept as text). */
        stored?: (value: ValueOf<S>) => SqlValue;
      },
    ): GatewayTool {
      return write(
        spec,
        { [spec.column]: spec.value },
        (args) => args[spec.column] as ValueOf<S>,
        spec.stored ?? stored,
      );
    },
    /** A write (or destructive) tool setting one column of one row to a fixed value. */
    mark<Row extends { id: number }, const V extends string | number | boolean>(
      spec: RowWrite<Row, V> & { to: V; kind?: "write" | "destructive" },
    ): GatewayTool {
      return write(spec, {}, () => spec.to, stored);
    },
    /** A destructive tool deleting one row after the rows that hang on it, in one transaction. */
    remove<Row extends { id: number }>(spec: {
      name: string;
      description: string;
      row: OwnedRow<Row>;
      /** Deleted first, in this order (children before parents). */
      dependents?: readonly Dependent[];
      /** Unblocking, say, deletes a row without destroying anything the user keeps. */
      kind?: "write" | "destructive";
      /** The answer from the deleted row and the rows each statement deleted. */
      answer: (row: Row, deleted: readonly number[]) => unknown;
    }): GatewayTool {
      const where = (dependent: Dependent) =>
        typeof dependent === "string"
          ? `DELETE FROM ${dependent} WHERE ${spec.row.param} = ?`
          : `DELETE FROM ${dependent.table} WHERE ${dependent.where}`;
      const statements = [
        ...(spec.dependents ?? []).map(where),
        `DELETE FROM ${spec.row.table} WHERE id = ?`,
      ];
      return act({
        name: spec.name,
        description: spec.description,
        kind: spec.kind ?? "destructive",
        params: { [spec.row.param]: spec.row.schema },
        required: [spec.row.param],
        run: async (args, domain) => {
          const row = await spec.row.find(store, args[spec.row.param] as number, domain);
          const results = await store.batch(statements.map((sql) => ({ sql, params: [row.id] })));
          return spec.answer(
            row,
            results.map((result) => result.changes),
          );
        },
      });
    },
  };
}
