// Two read tools every toolset has over its look-back window: one row of totals over the window
// (`totals`: `{since, ...row}`, or `{since, ...answer(row)}` where the answer computes rates from
// it) and the same row in this window and the one before it (`comparePeriods`:
// `{current: {since, ...row}, previous: {since, ...row}}`). Each is a definition (name,
// description, days, named SQL) instead of a handler repeating the window arithmetic; shared.ts's
// toolset builder offers them beside list and read.
import type { DomainScope, WorkspaceStore } from "@foundry-mcp/workspace-store";
import type { ParamSchemas } from "./arguments";
import { namedSql, WINDOW_PARAMETERS, windowValues } from "./named-sql";
import type { NamedSqlText } from "./named-sql";
import type { GatewayTool, SomeArgs, Window } from "./tool-types";

/** What the window reads need from the builder's `read`. */
export type ReadBuilder = (common: {
  name: string;
  description: string;
  days: number;
  params?: ParamSchemas;
  run: (args: SomeArgs, domain: DomainScope, window: Window) => Promise<unknown>;
}) => GatewayTool;

/** A window read: one row of `sql` (named SQL: the window's parameters and the tool's own). */
export interface WindowRead {
  name: string;
  description: string;
  /** The default look-back in days. */
  days: number;
  /** Optional filters the SQL names in brackets. */
  params?: ParamSchemas;
  sql: NamedSqlText;
}

/** The window-read kinds of one toolset, made with its `read`. */
export function windowReads(
  store: WorkspaceStore,
  read: ReadBuilder,
  previousWindowOf: (domain: DomainScope, args: SomeArgs) => { since: string; until: string },
) {
  const rowOf = <Row>(spec: WindowRead) => {
    const query = namedSql(spec.sql, [...WINDOW_PARAMETERS, ...Object.keys(spec.params ?? {})]);
    return async (
      args: SomeArgs,
      domain: DomainScope,
      window: { since: string; until: string },
    ) => {
      const [sql, params] = query(windowValues(args, domain, window), store.dialect);
      return store.get<Row>(sql, params);
    };
  };
  return {
    /**
     * A read tool answering one row over the window, after the day it starts; `answer` turns the
     * row (undefined when the query finds none) into what the tool shows.
     */
    totals<Row = Record<string, unknown>>(
      spec: WindowRead & {
        answer?: (row: Row | undefined, args: SomeArgs, window: Window) => object;
      },
    ): GatewayTool {
      const row = rowOf<Row>(spec);
      const answer = spec.answer ?? ((found: Row | undefined) => found ?? {});
      return read({
        ...spec,
        run: async (args, domain, window) => ({
          since: window.since,
          ...answer(await row(args, domain, window), args, window),
        }),
      });
    },
    /** A read tool answering the same row in this window and in the one just before it. */
    comparePeriods(spec: WindowRead): GatewayTool {
      const row = rowOf<Record<string, unknown>>(spec);
      return read({
        ...spec,
        run: async (args, domain, window) => {
          const previous = previousWindowOf(domain, args);
          return {
            current: { since: window.since, ...(await row(args, domain, window)) },
            previous: { since: previous.since, ...(await row(args, domain, previous)) },
          };
        },
      });
    },
  };
}
