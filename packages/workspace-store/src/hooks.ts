// The catalog hooks that make the store's rules hold for every call, declared by the tools
// rather than coded in them: `planLimit` is checked before the handler (beforeCall), and a paid
// tool's `cost` is charged in the same transaction as its action (aroundCall): a failure or a
// kill rolls the charge back with it, so credits never go below zero and are never lost. A tool
// that declares `outbound` (it waits on the network) runs outside any transaction instead:
// reserve (a short charging transaction), act, settle (a refund transaction if it failed), and
// at most a few such calls per workspace at once (outbound.ts).
import type { CallContext, CatalogHooks, ToolDefinition } from "@foundry-mcp/tool-catalog";
import { chargeCredits, refundCredits } from "./credits";
import { OutboundGate } from "./outbound";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { checkPlanLimit } from "./plans";
import type { PlanLimits } from "./plans";
import { requireDomain } from "./scope";
import type { Query } from "./scope";
import { defineStatement } from "./query/statement";
import type { WorkspaceStore } from "./types";

const planOfWorkspace = defineStatement((q) =>
  q.db.selectFrom("workspaces").select("plan").where("id", "=", q.param("id")),
);

/** Where a plan limit is counted: the caller's workspace, and the domain when the tool takes one. */
export interface PlanLimitScope {
  workspaceId: string;
  domainId?: number;
}

/** A plan limit a creating tool is subject to: the limit's key, its words, and how to count. */
export interface PlanLimitRule {
  key: keyof PlanLimits;
  /** What is counted, as the refusal says it ("prompts per domain"). */
  what: string;
  /** The query whose `n` column counts what exists now. */
  count: (scope: PlanLimitScope) => Query;
}

/** A catalog tool with the store's declarations: credits it costs, the plan limit it checks. */
export type StoreToolDefinition = ToolDefinition<CallContext> & {
  cost?: number;
  planLimit?: PlanLimitRule;
  /** The tool waits on the network (its own HTTP request): never inside a transaction, bounded per workspace. */
  outbound?: boolean;
};

/** Options of workspaceHooks. */
export interface WorkspaceHookOptions {
  /** Outbound calls one workspace may have in flight in this process (default 4, from 1 to 64). */
  maxOutboundPerWorkspace?: number;
}

async function checkLimit(
  store: WorkspaceStore,
  rule: PlanLimitRule,
  args: Record<string, unknown>,
  context: CallContext,
) {
  let plan: string;
  const scope: PlanLimitScope = { workspaceId: context.workspace };
  if (typeof args.domain_id === "number") {
    const domain = await requireDomain(store, context.workspace, args.domain_id);
    plan = domain.plan;
    scope.domainId = domain.id;
  } else {
    const row = await planOfWorkspace.get(store, { id: context.workspace });
    if (!row)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.NOT_FOUND,
        `workspace ${context.workspace} does not exist; the token is stale.`,
      );
    plan = row.plan;
  }
  const [sql, params] = rule.count(scope);
  const used = (await store.get<{ n: number }>(sql, params))?.n ?? 0;
  checkPlanLimit(plan, rule.key, used, rule.what);
}

/**
 * Hooks for a ToolCatalog whose tools are StoreToolDefinitions over `store`.
 * @example new ToolCatalog({ hooks: workspaceHooks(store), quota, hourlyCap })
 */
export function workspaceHooks(store: WorkspaceStore, options: WorkspaceHookOptions = {}): CatalogHooks<CallContext> {
  const outbound = new OutboundGate(options.maxOutboundPerWorkspace);
  // Reserve, act, settle: no transaction is open while the tool waits on the network.
  const runOutbound = (tool: StoreToolDefinition, workspaceId: string, run: () => Promise<unknown>) =>
    outbound.run(workspaceId, tool.name, async () => {
      const cost = tool.kind === "paid" ? tool.cost : undefined;
      if (cost === undefined) return run();
      const balance = await store.transaction((queries) => chargeCredits(queries, workspaceId, tool.name, cost));
      let result: unknown;
      try {
        result = await run();
      } catch (error) {
        await store.transaction((queries) => refundCredits(queries, workspaceId, tool.name, cost));
        throw error;
      }
      return { ...(result as object), credits_spent: cost, credits_left: balance };
    });
  return {
    async beforeCall(tool, args, context) {
      const rule = (tool as StoreToolDefinition).planLimit;
      if (rule) await checkLimit(store, rule, args, context);
    },
    // Only paid and outbound tools are wrapped: any other call runs its handler alone, so a host
    // that runs admitted calls itself (the gateway) calls its own tool with no callback.
    wrapsCall: (tool) => Boolean((tool as StoreToolDefinition).outbound) || (tool.kind === "paid" && (tool as StoreToolDefinition).cost !== undefined),
    async aroundCall(tool, _args, context, run) {
      if ((tool as StoreToolDefinition).outbound) return runOutbound(tool as StoreToolDefinition, context.workspace, run);
      const cost = (tool as StoreToolDefinition).cost;
      if (tool.kind !== "paid" || cost === undefined) return run();
      return store.transaction(async (queries) => {
        const balance = await chargeCredits(queries, context.workspace, tool.name, cost);
        const result = await run();
        return { ...(result as object), credits_spent: cost, credits_left: balance };
      });
    },
  };
}
