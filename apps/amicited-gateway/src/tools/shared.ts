// What every toolset file builds on: the tool factories (list, read, act), argument schemas,
// the domain guard that isolates workspaces, SQL paging with `fields`, credits and plan limits.
// Toolset files (tools/<toolset>.ts) describe questions; this file makes them safe and uniform.
import {
  CatalogError,
  DEFAULT_PAGE_SIZE,
  fieldsInputSchema,
  pagingInputSchema,
} from "@foundry-mcp/tool-catalog";
import type {
  CallContext,
  JsonSchemaObject,
  ToolDefinition,
  ToolKind,
} from "@foundry-mcp/tool-catalog";
import { GatewayError, GatewayErrorCode } from "../errors";
import { dayBefore } from "../demo/prng";
import { planLimits } from "../store/plans";
import type { PlanLimits } from "../store/plans";
import type { SqlValue, WorkspaceStore } from "../store/workspace-store";

/** A gateway tool: a catalog tool whose context's `workspace` is the caller's workspace id. */
export type GatewayTool = ToolDefinition<CallContext>;
/** Tool arguments as validated by the catalog. */
export type Args = Record<string, unknown>;

/** The domain a call is about, checked to belong to the caller's workspace. */
export interface DomainScope {
  id: number;
  hostname: string;
  workspaceId: string;
  plan: string;
  asOf: string;
  limits: PlanLimits;
}

/** A query and its parameters. */
export type Query = [sql: string, params: SqlValue[]];

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

/** Loads `domain_id` and refuses a domain outside the caller's workspace (the isolation guard). */
export async function requireDomain(
  store: WorkspaceStore,
  context: CallContext,
  domainId: unknown,
): Promise<DomainScope> {
  const row = await store.get<{
    id: number;
    hostname: string;
    workspace_id: string;
    plan: string;
    data_as_of: string;
  }>(
    "SELECT d.id, d.hostname, d.workspace_id, w.plan, w.data_as_of FROM domains d JOIN workspaces w ON w.id = d.workspace_id WHERE d.id = ? AND d.workspace_id = ?",
    [Number(domainId), context.workspace],
  );
  if (!row)
    throw new GatewayError(
      GatewayErrorCode.UNKNOWN_DOMAIN,
      `domain_id ${String(domainId)} is not a domain of this workspace; call list_domains for valid ids.`,
    );
  return {
    id: row.id,
    hostname: row.hostname,
    workspaceId: row.workspace_id,
    plan: row.plan,
    asOf: row.data_as_of,
    limits: planLimits(row.plan),
  };
}

/** The first row of a query or a NOT_FOUND error naming what was looked up and where to find ids. */
export async function requireRow<T = Record<string, unknown>>(
  store: WorkspaceStore,
  query: Query,
  what: string,
  hint: string,
): Promise<T> {
  const row = await store.get<T>(query[0], query[1]);
  if (!row)
    throw new GatewayError(
      GatewayErrorCode.NOT_FOUND,
      `${what} was not found for this domain; ${hint}.`,
    );
  return row;
}

/** Runs `query` one page at a time: `{ rows, paging }`, `fields` checked against the query's columns. */
export async function pageQuery(
  store: WorkspaceStore,
  query: Query,
  args: Args,
): Promise<{ rows: Record<string, unknown>[]; paging: Record<string, unknown> }> {
  const [sql, params] = query;
  const offset = typeof args.offset === "number" ? args.offset : 0;
  const limit = typeof args.limit === "number" ? args.limit : DEFAULT_PAGE_SIZE;
  const fields = Array.isArray(args.fields) ? (args.fields as string[]) : undefined;
  if (fields) {
    const columns = await store.columns(sql);
    const unknown = fields.filter((field) => !columns.includes(field));
    if (unknown.length > 0)
      throw new CatalogError(
        "UNKNOWN_FIELD",
        `fields: unknown column${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; valid columns: ${columns.join(", ")}.`,
        { details: { unknown, valid: columns } },
      );
  }
  const total =
    (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${sql})`, params))?.n ?? 0;
  const page = await store.all(`${sql} LIMIT ? OFFSET ?`, [...params, limit, offset]);
  const rows = fields
    ? page.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]])))
    : page;
  const end = offset + page.length;
  return {
    rows,
    paging: { offset, limit, total, has_more: end < total, next_offset: end < total ? end : null },
  };
}

/** Spends `cost` credits atomically or refuses with the balance and what to do. */
export async function spendCredits(
  store: WorkspaceStore,
  context: CallContext,
  tool: string,
  cost: number,
): Promise<number> {
  const result = await store.run(
    "UPDATE workspaces SET credits = credits - ? WHERE id = ? AND credits >= ?",
    [cost, context.workspace, cost],
  );
  const balance =
    (
      await store.get<{ credits: number }>("SELECT credits FROM workspaces WHERE id = ?", [
        context.workspace,
      ])
    )?.credits ?? 0;
  if (result.changes === 0) {
    throw new GatewayError(
      GatewayErrorCode.CREDITS_EXHAUSTED,
      `${tool} costs ${cost} credit${cost === 1 ? "" : "s"} and the workspace has ${balance}; nothing was run or charged. Upgrade the plan (account_change_plan) or wait for the monthly refill.`,
    );
  }
  await store.run(
    "INSERT INTO credit_ledger (workspace_id, at, tool, amount, balance_after) VALUES (?, ?, ?, ?, ?)",
    [context.workspace, new Date().toISOString(), tool, -cost, balance],
  );
  return balance;
}

/** Gives back credits a paid tool spent before it failed. */
export async function refundCredits(
  store: WorkspaceStore,
  context: CallContext,
  tool: string,
  cost: number,
): Promise<void> {
  await store.run("UPDATE workspaces SET credits = credits + ? WHERE id = ?", [
    cost,
    context.workspace,
  ]);
  const balance =
    (
      await store.get<{ credits: number }>("SELECT credits FROM workspaces WHERE id = ?", [
        context.workspace,
      ])
    )?.credits ?? 0;
  await store.run(
    "INSERT INTO credit_ledger (workspace_id, at, tool, amount, balance_after) VALUES (?, ?, ?, ?, ?)",
    [context.workspace, new Date().toISOString(), `${tool} (refund)`, cost, balance],
  );
}

/** Refuses when `used` has reached the plan's limit `key`, naming the plan and the upgrade. */
export function checkPlanLimit(
  domain: { plan: string; limits: PlanLimits },
  key: keyof PlanLimits,
  used: number,
  what: string,
): void {
  const limit = domain.limits[key];
  if (used >= limit) {
    throw new GatewayError(
      GatewayErrorCode.PLAN_LIMIT,
      `plan "${domain.plan}" allows ${limit} ${what}; ${used} already exist. Remove one or upgrade with account_change_plan.`,
    );
  }
}

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
}

/** Builds the tools of one toolset: every tool takes `domain_id` unless `workspaceLevel` is set. */
export function toolsetBuilder(toolset: string, store: WorkspaceStore) {
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
          pageQuery(
            store,
            await common.query(args, await requireDomain(store, context, args.domain_id)),
            args,
          ),
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
        handler: async (args, context) =>
          common.run(args, await requireDomain(store, context, args.domain_id)),
      };
    },
    /** A write, paid or destructive tool; paid tools spend `cost` credits before acting. */
    act(
      common: Common & {
        kind: Exclude<ToolKind, "read">;
        cost?: number;
        run: (args: Args, domain: DomainScope, context: CallContext) => Promise<unknown>;
      },
    ): GatewayTool {
      return {
        name: common.name,
        description:
          common.kind === "paid"
            ? `${common.description} Costs ${common.cost ?? 1} credit${(common.cost ?? 1) === 1 ? "" : "s"}.`
            : common.description,
        toolset,
        kind: common.kind,
        inputSchema: schema(common, {}, true),
        handler: async (args, context) => {
          const domain = await requireDomain(store, context, args.domain_id);
          if (common.kind !== "paid") return common.run(args, domain, context);
          const cost = common.cost ?? 1;
          const balance = await spendCredits(store, context, common.name, cost);
          try {
            return {
              ...((await common.run(args, domain, context)) as object),
              credits_spent: cost,
              credits_left: balance,
            };
          } catch (error) {
            await refundCredits(store, context, common.name, cost);
            throw error;
          }
        },
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
        handler: (args, context) => common.run(args, context),
      };
    },
  };
}
