// What every toolset file builds on: the tool factories (list, read, act, workspace) and the
// argument schemas. Toolset files (tools/<toolset>.ts) declare questions; the workspace store
// package does the rest: the domain guard, SQL paging with `fields`, and (through the catalog's
// hooks) plan limits and credits, which a tool declares with `planLimit` and `cost`. Handlers get
// their arguments typed from their own `params` (arguments.ts): the catalog has validated them.
// A tool that looks back declares `days` (its default) and gets the window computed; a list whose
// query is one SQL text gives it as `sql` with named parameters and optional filters
// (named-sql.ts), naming the owned rows it is about (`of`) or filters by (`owned`, owned-rows.ts).
// Write tools over one owned row are `change`, `mark` and `remove` (row-actions.ts).
import { fieldsInputSchema, pagingInputSchema } from "@foundry-mcp/tool-catalog";
import type { CallContext, JsonSchemaObject, PageInput, ToolKind } from "@foundry-mcp/tool-catalog";
import { pageQuery, requireDomain, requireRow } from "@foundry-mcp/workspace-store";
import type {
  DomainScope,
  PlanLimitRule,
  Query,
  WorkspaceStore,
} from "@foundry-mcp/workspace-store";
import { dayBefore } from "../domain/days";
import { GatewayError, GatewayErrorCode } from "../errors";
import type { ArgsOf, ParamSchemas } from "./arguments";
import { namedSql, startOfDay, WINDOW_PARAMETERS, windowValues } from "./named-sql";
import type { NamedSqlText } from "./named-sql";
import type { OwnedRow } from "./owned-rows";
import type { GatewayTool, SomeArgs, Window } from "./tool-types";
import { rowActions } from "./row-actions";
import { windowReads } from "./window-reads";

export { pageQuery, requireRow, startOfDay };
export type { DomainScope, Query };
export type { ArgsOf, ParamSchemas };
export type { GatewayTool, SomeArgs, Window };

/** The arguments of a tool that takes `domain_id` (every tool but the workspace-level ones). */
export type DomainArgs<P, R extends PropertyKey = never> = ArgsOf<P, R> & { domain_id: number };

const domainProperty = {
  type: "integer",
  minimum: 1,
  description: "Domain id from list_domains.",
} as const;

/** Common argument schemas, spread into `params`; their literal types type the handler. */
export const arg = {
  days: (fallback = 28) =>
    ({
      type: "integer",
      minimum: 1,
      maximum: 365,
      default: fallback,
      description: `Look-back window in days ending on the latest data day (default ${fallback}).`,
    }) as const,
  id: (what: string) => ({ type: "integer", minimum: 1, description: `${what} id.` }) as const,
  text: (description: string, maxLength = 200) =>
    ({ type: "string", minLength: 1, maxLength, description }) as const,
  number: (description: string, minimum = 0) => ({ type: "number", minimum, description }) as const,
  oneOf: <const V extends readonly string[]>(values: V, description: string) =>
    ({ type: "string", enum: values, description }) as const,
};

/** The number of days a tool's `days` argument asks for (the validator filled its default in). */
const daysOf = (args: SomeArgs, fallback: number): number =>
  typeof args.days === "number" ? args.days : fallback;

/**
 * What a call's context carries as `progress` when its request asked for progress
 * (`_meta.progressToken`, server/session.ts): `progress` of `total` steps done, and what was done.
 */
export type ProgressReporter = (progress: number, total: number, message: string) => void;

/** Reports a step of a long call; does nothing when the request did not ask for progress. */
export function reportProgress(context: CallContext, progress: number, total: number, message: string): void {
  const report = context.progress;
  if (typeof report === "function") (report as ProgressReporter)(progress, total, message);
}


/** The look-back window [since, asOf] for `args.days`. */
export function windowOf(domain: DomainScope, args: SomeArgs, fallback = 28): Window {
  const days = daysOf(args, fallback);
  return { since: dayBefore(domain.asOf, days - 1), until: domain.asOf, days };
}

/** The window just before windowOf's, of the same length (period comparisons). */
export function previousWindowOf(
  domain: DomainScope,
  args: SomeArgs,
  fallback = 28,
): { since: string; until: string } {
  const days = daysOf(args, fallback);
  return { since: dayBefore(domain.asOf, 2 * days - 1), until: dayBefore(domain.asOf, days) };
}

/** The `n` a counting query returns (0 when it returns no row). */
export async function countOf(store: WorkspaceStore, [sql, params]: Query): Promise<number> {
  return (await store.get<{ n: number }>(sql, params))?.n ?? 0;
}

/** A counting query of the rows of `table` in one domain: plan limits and "now" counts. */
export const domainRowCount =
  (table: string) =>
  (domainId: number | undefined): Query => [
    `SELECT COUNT(*) AS n FROM ${table} WHERE domain_id = ?`,
    [domainId ?? 0],
  ];

/** Refuses a URL (a sitemap, a page to index or submit) that is not on the domain's host. */
export function requireOnDomain(url: string, domain: DomainScope): void {
  if (new URL(url).hostname.replace(/^www\./, "") !== domain.hostname)
    throw new GatewayError(
      GatewayErrorCode.INVALID_ARGUMENTS,
      `url must be on ${domain.hostname}; got ${url}.`,
    );
}

/** A number rounded for display. */
export const round = (value: number | null | undefined, digits = 2): number | null =>
  value === null || value === undefined || Number.isNaN(value)
    ? null
    : Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The one place arguments get their type: the catalog validated `args` against the schema built
 * from the same `params` before calling the handler, so no handler re-checks them.
 */
const validated = <T>(args: Record<string, unknown>): T => args as T;

interface Common<P extends ParamSchemas, R extends keyof P> {
  name: string;
  description: string;
  /** The tool's own arguments; their schemas type the handler's `args`. */
  params?: P;
  required?: readonly R[];
  /** The plan limit this tool creates against, checked before it runs. */
  planLimit?: PlanLimitRule;
  /**
   * The default of a `days` argument (added after `params`): the tool looks back over a window,
   * which its handler gets, computed, after the domain.
   */
  days?: number;
}
type AnyCommon = Common<ParamSchemas, string>;

// A tool without `days` gets the 28-day window it never reads.
const windowFor = (common: AnyCommon, domain: DomainScope, args: SomeArgs): Window =>
  windowOf(domain, args, common.days);

/**
 * A list query from named SQL: the window's and the domain's values, then the arguments. Each
 * owned row given (the one the list is about, and any id filter) must belong to the domain.
 */
function sqlQuery(
  store: WorkspaceStore,
  sql: NamedSqlText,
  common: AnyCommon,
  owned: readonly OwnedRow[],
) {
  const compiled = namedSql(sql, [...WINDOW_PARAMETERS, ...Object.keys(common.params ?? {})]);
  return async (args: SomeArgs, domain: DomainScope, window: Window): Promise<Query> => {
    for (const row of owned)
      if (args[row.param] !== undefined) await row.find(store, args[row.param] as number, domain);
    return compiled(
      windowValues(args, domain, window, previousWindowOf(domain, args, common.days)),
      store.dialect,
    );
  };
}

/** A tool about one owned row: its id argument comes first, and the row is looked up first. */
interface AboutRow<Row extends { id: number }> {
  of?: OwnedRow<Row>;
}
/** A handler: its arguments, the domain, the window (reads) or the call (writes), and the row. */
type Run<Args, Third, Row> = (
  args: Args,
  domain: DomainScope,
  third: Third,
  row: Row,
) => Promise<unknown>;

const declared = (common: AnyCommon) => (common.planLimit ? { planLimit: common.planLimit } : {});

/** `common` with the id argument of the row a tool is about: first, and required. */
const about = (common: AnyCommon, row: OwnedRow | undefined): AnyCommon =>
  row
    ? {
        ...common,
        params: { [row.param]: row.schema, ...common.params },
        required: [row.param, ...(common.required ?? [])],
      }
    : common;

/** Builds the tools of one toolset: every tool takes `domain_id` unless `workspaceLevel` is set. */
export function toolsetBuilder(toolset: string, store: WorkspaceStore) {
  const domainOf = (args: SomeArgs, context: CallContext) =>
    requireDomain(store, context.workspace, args.domain_id as number);
  const schema = (
    common: AnyCommon,
    extra: Record<string, JsonSchemaObject>,
    withDomain: boolean,
  ): JsonSchemaObject => ({
    type: "object",
    properties: {
      ...(withDomain ? { domain_id: domainProperty } : {}),
      ...(common.params as Record<string, JsonSchemaObject> | undefined),
      ...(common.days === undefined ? {} : { days: arg.days(common.days) }),
      ...extra,
    },
    required: [...(withDomain ? ["domain_id"] : []), ...(common.required ?? [])],
    additionalProperties: false,
  });
  // The domain of a call and the row the tool is about (undefined without `of`), looked up
  // before the tool runs.
  const scopeOf = async <Row extends { id: number }>(
    of: OwnedRow<Row> | undefined,
    args: SomeArgs,
    context: CallContext,
  ): Promise<{ domain: DomainScope; row: Row }> => {
    const domain = await domainOf(args, context);
    const row = of ? await of.find(store, args[of.param] as number, domain) : (undefined as never);
    return { domain, row };
  };
  /**
   * A write, paid or destructive tool; a paid one declares its `cost` (charged by the hooks). With
   * `of`, it acts on one owned row, which `run` gets last.
   */
  const act = <
    const P extends ParamSchemas = Record<never, never>,
    const R extends keyof P & string = never,
    Row extends { id: number } = { id: number },
  >(
    common: Common<P, R> &
      AboutRow<Row> & {
        kind: Exclude<ToolKind, "read">;
        cost?: number;
        /** The tool waits on the network: the hooks run it outside any transaction, bounded per workspace. */
        outbound?: boolean;
        run: Run<DomainArgs<P, R>, CallContext, Row>;
      },
  ): GatewayTool => {
    const cost = common.kind === "paid" ? (common.cost ?? 1) : undefined;
    return {
      name: common.name,
      description:
        cost === undefined
          ? common.description
          : `${common.description} Costs ${cost} credit${cost === 1 ? "" : "s"}.`,
      toolset,
      kind: common.kind,
      inputSchema: schema(about(common, common.of), {}, true),
      ...(cost === undefined ? {} : { cost }),
      ...(common.outbound ? { outbound: true } : {}),
      ...declared(common),
      handler: async (args, context) => {
        const { domain, row } = await scopeOf(common.of, args, context);
        return common.run(validated<DomainArgs<P, R>>(args), domain, context, row);
      },
    };
  };
  /** A read tool returning one object; with `of`, about one owned row, which `run` gets last. */
  const read = <
    const P extends ParamSchemas = Record<never, never>,
    const R extends keyof P & string = never,
    Row extends { id: number } = { id: number },
  >(
    common: Common<P, R> & AboutRow<Row> & { run: Run<DomainArgs<P, R>, Window, Row> },
  ): GatewayTool => {
    return {
      name: common.name,
      description: common.description,
      toolset,
      kind: "read",
      inputSchema: schema(about(common, common.of), {}, true),
      handler: async (args, context) => {
        const { domain, row } = await scopeOf(common.of, args, context);
        const window = windowFor(common, domain, args);
        return common.run(validated<DomainArgs<P, R>>(args), domain, window, row);
      },
    };
  };
  return {
    act,
    read,
    ...rowActions(store, act),
    ...windowReads(store, read, previousWindowOf),
    /** A read tool returning one list of rows, paged, with `fields`. */
    list<
      const P extends ParamSchemas = Record<never, never>,
      const R extends keyof P & string = never,
    >(
      common: Common<P, R> &
        (
          | {
              query: (
                args: DomainArgs<P, R>,
                domain: DomainScope,
                window: Window,
              ) => Query | Promise<Query>;
            }
          | {
              /**
               * The query as SQL naming its parameters (named-sql.ts's, and the tool's
               * arguments), with optional filters in brackets: `[AND status = :status]`.
               */
              sql: NamedSqlText;
              /** The one row the list is about: its id argument comes first and is required. */
              of?: OwnedRow;
              /** Optional id filters whose row, when given, must belong to the domain. */
              owned?: readonly OwnedRow[];
            }
        ),
    ): GatewayTool {
      const of = "sql" in common ? common.of : undefined;
      const shaped = about(common, of);
      const query =
        "sql" in common
          ? sqlQuery(store, common.sql, shaped, [...(of ? [of] : []), ...(common.owned ?? [])])
          : common.query;
      return {
        name: common.name,
        description: common.description,
        toolset,
        kind: "read",
        inputSchema: schema(shaped, { ...pagingInputSchema, ...fieldsInputSchema }, true),
        handler: async (args, context) => {
          const domain = await domainOf(args, context);
          const built = query(
            validated<DomainArgs<P, R>>(args),
            domain,
            windowFor(common, domain, args),
          );
          return pageQuery(store, await built, args);
        },
      };
    },
    /** A tool about the workspace itself (no domain_id). */
    workspace<
      const P extends ParamSchemas = Record<never, never>,
      const R extends keyof P & string = never,
    >(
      common: Common<P, R> & {
        kind: ToolKind;
        list?: boolean;
        /** With `list: true` the arguments also carry paging and `fields` (PageInput). */
        run: (args: ArgsOf<P, R> & PageInput, context: CallContext) => Promise<unknown>;
      },
    ): GatewayTool {
      return {
        name: common.name,
        description: common.description,
        toolset,
        kind: common.kind,
        inputSchema: schema(
          common,
          common.list ? { ...pagingInputSchema, ...fieldsInputSchema } : {},
          false,
        ),
        ...declared(common),
        handler: (args, context) => common.run(validated<ArgsOf<P, R> & PageInput>(args), context),
      };
    },
  };
}

/** The builder of one toolset's tools (list, read, act, workspace and the row actions). */
export type ToolsetBuilder = ReturnType<typeof toolsetBuilder>;

/**
 * Declares a part of a toolset: its tools, built with the toolset's builder once a store is given.
 *
 * @example export const uptimeStatusTools = defineTools("uptime", (t) => [t.list({ … })]);
 */
export const defineTools =
  (toolset: string, build: (t: ToolsetBuilder, store: WorkspaceStore) => GatewayTool[]) =>
  (store: WorkspaceStore): GatewayTool[] =>
    build(toolsetBuilder(toolset, store), store);
