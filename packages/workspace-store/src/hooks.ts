// The catalog hooks that make the store's rules hold for every call, declared by the tools
// rather than coded in them: `planLimit` is checked before the handler (beforeCall), and a paid
// tool's `cost` is charged in the same transaction as its action (aroundCall): a failure or a
// kill rolls the charge back with it, so credits never go below zero and are never lost.
import type { CallContext, CatalogHooks, ToolDefinition } from "@foundry-mcp/tool-catalog";
import { chargeCredits } from "./credits";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { checkPlanLimit } from "./plans";
import type { PlanLimits } from "./plans";
import { requireDomain } from "./scope";
import type { Query } from "./scope";
import type { WorkspaceStore } from "./types";

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
};

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
    const row = await store.get<{ plan: string }>("SELECT plan FROM workspaces WHERE id = ?", [
      context.workspace,
    ]);
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
export function workspaceHooks(store: WorkspaceStore): CatalogHooks<CallContext> {
  return {
    async beforeCall(tool, args, context) {
      const rule = (tool as StoreToolDefinition).planLimit;
      if (rule) await checkLimit(store, rule, args, context);
    },
    async aroundCall(tool, _args, context, run) {
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
