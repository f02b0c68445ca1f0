// What every toolset file builds on: the tool factories (list, read, act, workspace) and the
// argument schemas. Toolset files (tools/<toolset>.ts) declare questions; the workspace store
// package does the rest: the domain guard, SQL paging with `fields`, and (through the catalog's
// hooks) plan limits and credits, which a tool declares with `planLimit` and `cost`.
import { fieldsInputSchema, pagingInputSchema } from "@foundry-mcp/tool-catalog";
import type { CallContext, JsonSchemaObject, ToolKind } from "@foundry-mcp/tool-catalog";
import { pageQuery, requireDomain, requireRow } from "@foundry-mcp/workspace-store";
import type {
  DomainScope,
  PlanLimitRule,
  Query,
  StoreToolDefinition,
  WorkspaceStore,
} from "@foundry-mcp/workspace-store";
import { dayBefore } from "../domain/random";

export { pageQuery, requireRow };
export type { DomainScope, Query };

/** A gateway tool: a catalog tool (with its cost and plan limit) over the workspace store. */
export type GatewayTool = StoreToolDefinition;
/** Tool arguments as validated by the catalog. */
export type Args = Record<string, unknown>;

const domainProperty: JsonSchemaObject = {
  type: "integer",
  minimum: 1,
  description: "Domain id from list_domains.",
};

/** Common argument schemas, spread into `params`. */
export const arg = {
  days: (fallback = 28): JsonSchemaObject => ({
    type: "integer",
    minimum: 1,
    maximum: 365,
    default: fallback,
    description: `Look-back window in days ending on the latest data day (default ${fallback}).`,
  }),
  id: (what: string): JsonSchemaObject => ({
    type: "integer",
    minimum: 1,
    description: `${what} id.`,
  }),
  text: (description: string, maxLength = 200): JsonSchemaObject => ({
    type: "string",
    minLength: 1,
    maxLength,
    description,
  }),
  number: (description: string, minimum = 0): JsonSchemaObject => ({
    type: "number",
    minimum,
    description,
  }),
  oneOf: (values: readonly string[], description: string): JsonSchemaObject => ({
    type: "string",
    enum: [...values],
    description,
  }),
};

/** The look-back window [since, asOf] for `args.days`. */
export function windowOf(
  domain: DomainScope,
  args: Args,
  fallback = 28,
): { since: string; until: string; days: number } {
  const days = typeof args.days === "number" ? args.days : fallback;
  return { since: dayBefore(domain.asOf, days - 1), until: domain.asOf, days };
}

/** The window just before windowOf's, of the same length (period comparisons). */
export function previousWindowOf(
  domain: DomainScope,
  args: Args,
  fallback = 28,
): { since: string; until: string } {
  const days = typeof args.days === "number" ? args.days : fallback;
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

/** A number rounded for display. */
export const round = (value: number | null | undefined, digits = 2): number | null =>
  value === null || value === undefined || Number.isNaN(value)
    ? null
    : Math.round(value * 10 ** digits) / 10 ** digits;

interface Common {
  name: string;
  description: string;
  params?: Record<string, JsonSchemaObject>;
  required?: string[];
  /** The plan limit this tool creates against, checked before it runs. */
  planLimit?: PlanLimitRule;
}

const declared = (common: Common) => (common.planLimit ? { planLimit: common.planLimit } : {});

/** Builds the tools of one toolset: every tool takes `domain_id` unless `workspaceLevel` is set. */
export function toolsetBuilder(toolset: string, store: WorkspaceStore) {
  const domainOf = (args: Args, context: CallContext) =>
    requireDomain(store, context.workspace, args.domain_id as number);
  const schema = (
    common: Common,
    extra: Record<string, JsonSchemaObject>,
    withDomain: boolean,
  ): JsonSchemaObject => ({
    type: "object",
    properties: {
      ...(withDomain ? { domain_id: domainProperty } : {}),
      ...(common.params ?? {}),
      ...extra,
    },
    required: [...(withDomain ? ["domain_id"] : []), ...(common.required ?? [])],
    additionalProperties: false,
  });
  return {
    /** A read tool returning one list of rows, paged, with `fields`. */
    list(
      common: Common & { query: (args: Args, domain: DomainScope) => Query | Promise<Query> },
    ): GatewayTool {
      return {
        name: common.name,
        description: common.description,
        toolset,
        kind: "read",
        inputSchema: schema(common, { ...pagingInputSchema, ...fieldsInputSchema }, true),
        handler: async (args, context) =>
          pageQuery(store, await common.query(args, await domainOf(args, context)), args),
      };
    },
    /** A read tool returning one object. */
    read(
      common: Common & { run: (args: Args, domain: DomainScope) => Promise<unknown> },
    ): GatewayTool {
      return {
        name: common.name,
        description: common.description,
        toolset,
        kind: "read",
        inputSchema: schema(common, {}, true),
        handler: async (args, context) => common.run(args, await domainOf(args, context)),
      };
    },
    /** A write, paid or destructive tool; a paid one declares its `cost` (charged by the hooks). */
    act(
      common: Common & {
        kind: Exclude<ToolKind, "read">;
        cost?: number;
        run: (args: Args, domain: DomainScope, context: CallContext) => Promise<unknown>;
      },
    ): GatewayTool {
      const cost = common.kind === "paid" ? (common.cost ?? 1) : undefined;
      return {
        name: common.name,
        description:
          cost === undefined
            ? common.description
            : `${common.description} Costs ${cost} credit${cost === 1 ? "" : "s"}.`,
        toolset,
        kind: common.kind,
        inputSchema: schema(common, {}, true),
        ...(cost === undefined ? {} : { cost }),
        ...declared(common),
        handler: async (args, context) => common.run(args, await domainOf(args, context), context),
      };
    },
    /** A tool about the workspace itself (no domain_id). */
    workspace(
      common: Common & {
        kind: ToolKind;
        list?: boolean;
        run: (args: Args, context: CallContext) => Promise<unknown>;
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
        handler: (args, context) => common.run(args, context),
      };
    },
  };
}
