// workspace tools that read the account: domains, plan limits, credits, usage and members.
import { arg, pageQuery, round, defineTools } from "../shared";
import { namedSql } from "../named-sql";
import { dayBefore } from "../../domain/days";
import { PLANS, PLAN_NAMES, planLimits } from "@foundry-mcp/workspace-store";
import { workspaceCommon } from "./common";

// An archived domain (archived = 1) is listed only with include_archived = true.
const listDomains = namedSql(
  "SELECT id AS domain_id, hostname, label, country, vertical, created_at, archived FROM domains WHERE workspace_id = :workspace_id AND archived <= COALESCE(:include_archived, 0) ORDER BY id",
  ["workspace_id", "include_archived"],
);

/** The workspace toolset's tools about domains, plan, credits, usage and members. */
export const workspaceAccountTools = defineTools("workspace", (t, store) => {
  const { workspaceRow, countDomains, countMembers } = workspaceCommon(store);
  return [
    t.workspace({
      name: "list_domains",
      kind: "read",
      list: true,
      description:
        "List the domains (websites) of this workspace with their domain_id. Start here: nearly every other tool needs a domain_id.",
      params: { include_archived: { type: "boolean", description: "Also list archived domains." } },
      run: (args, context) =>
        pageQuery(store, listDomains({ ...args, workspace_id: context.workspace }), args),
    }),
    t.workspace({
      name: "account_get_workspace",
      kind: "read",
      description:
        "Show this workspace: name, plan, credit balance, the day its data runs to, and how many domains and members it has.",
      run: async (_args, context) => {
        const row = await workspaceRow(context.workspace);
        return {
          workspace: row.name,
          plan: row.plan,
          credits: row.credits,
          data_as_of: row.data_as_of,
          domains: await countDomains(row.id),
          members: await countMembers(row.id),
          created_at: row.created_at,
        };
      },
    }),
    t.workspace({
      name: "account_get_plan_limits",
      kind: "read",
      description:
        "How close is the workspace to its plan limits? Used versus allowed domains, members, and per-domain prompts, competitors, monitors and reports.",
      run: async (_args, context) => {
        const row = await workspaceRow(context.workspace);
        const limits = planLimits(row.plan);
        const perDomain = async (table: string) =>
          (
            await store.get<{ n: number }>(
              `SELECT COALESCE(MAX(n), 0) AS n FROM (SELECT COUNT(*) AS n FROM ${table} x JOIN domains d ON d.id = x.domain_id WHERE d.workspace_id = ? GROUP BY x.domain_id) AS per_domain`,
              [row.id],
            )
          )?.n ?? 0;
        return {
          plan: row.plan,
          limits: [
            { limit: "domains", used: await countDomains(row.id), allowed: limits.domains },
            { limit: "members", used: await countMembers(row.id), allowed: limits.members },
            {
              limit: "prompts_per_domain",
              used: await perDomain("prompts"),
              allowed: limits.prompts_per_domain,
            },
            {
              limit: "competitors_per_domain",
              used: await perDomain("competitors"),
              allowed: limits.competitors_per_domain,
            },
            {
              limit: "monitors_per_domain",
              used: await perDomain("uptime_monitors"),
              allowed: limits.monitors_per_domain,
            },
            {
              limit: "reports_per_domain",
              used: await perDomain("reports"),
              allowed: limits.reports_per_domain,
            },
          ],
        };
      },
    }),
    t.workspace({
      name: "account_list_plans",
      kind: "read",
      description:
        "Compare the available plans: monthly price, credits and every limit, to decide whether to upgrade.",
      run: async () => ({ plans: PLAN_NAMES.map((name) => ({ plan: name, ...PLANS[name] })) }),
    }),
    t.workspace({
      name: "account_get_credit_balance",
      kind: "read",
      description:
        "How many credits are left? Balance, credits spent in the last 30 days and the plan's monthly refill.",
      run: async (_args, context) => {
        const row = await workspaceRow(context.workspace);
        const spent =
          (
            await store.get<{ n: number }>(
              "SELECT COALESCE(-SUM(amount), 0) AS n FROM credit_ledger WHERE workspace_id = ? AND amount < 0 AND at >= ?",
              [row.id, new Date(Date.now() - 30 * 86_400_000).toISOString()],
            )
          )?.n ?? 0;
        return {
          credits: row.credits,
          spent_last_30_days: spent,
          monthly_refill: planLimits(row.plan).monthly_credits,
        };
      },
    }),
    t.workspace({
      name: "account_list_credit_transactions",
      kind: "read",
      list: true,
      description:
        "List credit transactions (which paid tool spent how much; a failed paid call leaves none), newest first.",
      run: (args, context) =>
        pageQuery(
          store,
          [
            "SELECT id, at, tool, amount, balance_after FROM credit_ledger WHERE workspace_id = ? ORDER BY id DESC",
            [context.workspace],
          ],
          args,
        ),
    }),
    t.workspace({
      name: "account_get_credit_spend_by_tool",
      kind: "read",
      list: true,
      description:
        "Which paid tools spent the most credits? Credits and calls per tool, largest first.",
      run: (args, context) =>
        pageQuery(
          store,
          [
            "SELECT tool, -SUM(amount) AS credits, COUNT(*) AS calls FROM credit_ledger WHERE workspace_id = ? AND amount < 0 GROUP BY tool ORDER BY credits DESC",
            [context.workspace],
          ],
          args,
        ),
    }),
    t.workspace({
      name: "account_get_usage_by_day",
      kind: "read",
      list: true,
      description: "API usage per day: tool calls, reads and writes, newest day first.",
      run: (args, context) =>
        pageQuery(
          store,
          [
            "SELECT day, tool_calls, api_reads, api_writes FROM usage_daily WHERE workspace_id = ? ORDER BY day DESC",
            [context.workspace],
          ],
          args,
        ),
    }),
    t.workspace({
      name: "account_get_usage_summary",
      kind: "read",
      description:
        "Summarise API usage over a window: total and average calls per day, the busiest day, and the share of writes.",
      params: { days: arg.days(30) },
      run: async (args, context) => {
        const row = await workspaceRow(context.workspace);
        const since = dayBefore(row.data_as_of, args.days - 1);
        const totals = await store.get<{
          calls: number;
          reads: number;
          writes: number;
          days: number;
        }>(
          "SELECT COALESCE(SUM(tool_calls), 0) AS calls, COALESCE(SUM(api_reads), 0) AS reads, COALESCE(SUM(api_writes), 0) AS writes, COUNT(*) AS days FROM usage_daily WHERE workspace_id = ? AND day >= ?",
          [row.id, since],
        );
        const busiest = await store.get(
          "SELECT day, tool_calls FROM usage_daily WHERE workspace_id = ? AND day >= ? ORDER BY tool_calls DESC LIMIT 1",
          [row.id, since],
        );
        return {
          since,
          total_calls: totals?.calls ?? 0,
          average_per_day: round((totals?.calls ?? 0) / Math.max(1, totals?.days ?? 1), 1),
          write_share: round(
            (totals?.writes ?? 0) / Math.max(1, (totals?.reads ?? 0) + (totals?.writes ?? 0)),
            3,
          ),
          busiest_day: busiest ?? null,
        };
      },
    }),
    t.workspace({
      name: "account_list_members",
      kind: "read",
      list: true,
      description:
        "List the people in this workspace with their role and when they were last active.",
      run: (args, context) =>
        pageQuery(
          store,
          [
            "SELECT id AS member_id, name, email, role, invited_at, last_active_at FROM members WHERE workspace_id = ? ORDER BY id",
            [context.workspace],
          ],
          args,
        ),
    }),
    t.workspace({
      name: "account_list_inactive_members",
      kind: "read",
      list: true,
      description:
        "Which members have not been active for a while? Members idle for at least `idle_days` (seats you might free).",
      params: {
        idle_days: {
          type: "integer",
          minimum: 1,
          maximum: 365,
          default: 7,
          description: "Minimum days since last activity.",
        },
      },
      run: async (args, context) => {
        const row = await workspaceRow(context.workspace);
        return pageQuery(
          store,
          [
            "SELECT id AS member_id, name, email, role, last_active_at FROM members WHERE workspace_id = ? AND (last_active_at IS NULL OR last_active_at <= ?) ORDER BY last_active_at",
            [row.id, dayBefore(row.data_as_of, args.idle_days)],
          ],
          args,
        );
      },
    }),
    t.workspace({
      name: "account_list_members_by_role",
      kind: "read",
      list: true,
      description: "How many members hold each role (owner, admin, editor, viewer)?",
      run: (args, context) =>
        pageQuery(
          store,
          [
            "SELECT role, COUNT(*) AS members FROM members WHERE workspace_id = ? GROUP BY role ORDER BY members DESC, role",
            [context.workspace],
          ],
          args,
        ),
    }),
  ];
});
