// workspace tools that manage members, domains, the plan and API tokens.
import { arg, pageQuery, requireRow, defineTools } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { PLAN_NAMES, planLimits, requireDomain } from "@foundry-mcp/workspace-store";
import { issueToken } from "@foundry-mcp/workspace-store";
import { domainCount, domainTables, memberCount, workspaceCommon } from "./common";

const memberId = arg.id("Member (from account_list_members)");

/** The workspace toolset's tools about members, domains, plan and API tokens. */
export const workspaceActionTools = defineTools("workspace", (t, store) => {
  const { workspaceRow, countDomains } = workspaceCommon(store);
  const memberOf = (id: number, workspace: string) =>
    requireRow<{ role: string; email: string }>(
      store,
      ["SELECT role, email FROM members WHERE id = ? AND workspace_id = ?", [id, workspace]],
      `member ${id}`,
      "list ids with account_list_members",
    );
  return [
    t.workspace({
      name: "account_invite_member",
      kind: "write",
      description:
        "Add a team member: invite a colleague to the workspace with a role. Checks the plan's member limit.",
      params: {
        email: { type: "string", format: "email", description: "Their e-mail address." },
        name: arg.text("Display name."),
        role: arg.oneOf(["admin", "editor", "viewer"], "Role to grant."),
      },
      required: ["email", "role"],
      planLimit: {
        key: "members",
        what: "members",
        count: (scope) => memberCount(scope.workspaceId),
      },
      run: async (args, context) => {
        const row = await workspaceRow(context.workspace);
        if (
          await store.get("SELECT id FROM members WHERE workspace_id = ? AND email = ?", [
            row.id,
            args.email,
          ])
        )
          throw new GatewayError(
            GatewayErrorCode.CONFLICT,
            `email: ${args.email} is already a member; use account_update_member_role to change the role.`,
          );
        const result = await store.run(
          "INSERT INTO members (workspace_id, email, name, role, invited_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
          [
            row.id,
            args.email,
            args.name ?? args.email.split("@")[0]!,
            args.role,
            new Date().toISOString(),
          ],
        );
        return { member_id: result.lastInsertId, invited: args.email, role: args.role };
      },
    }),
    t.workspace({
      name: "account_update_member_role",
      kind: "write",
      description:
        "Change a member's role (admin, editor, viewer). The owner's role cannot be changed.",
      params: {
        member_id: memberId,
        role: arg.oneOf(["admin", "editor", "viewer"], "New role."),
      },
      required: ["member_id", "role"],
      run: async (args, context) => {
        const member = await memberOf(args.member_id, context.workspace);
        if (member.role === "owner")
          throw new GatewayError(
            GatewayErrorCode.CONFLICT,
            "member_id: the owner's role cannot be changed; pick another member.",
          );
        await store.run("UPDATE members SET role = ? WHERE id = ?", [args.role, args.member_id]);
        return { member_id: args.member_id, from: member.role, to: args.role };
      },
    }),
    t.workspace({
      name: "account_remove_member",
      kind: "destructive",
      description:
        "Remove a member from the workspace; they lose access at once. The owner cannot be removed.",
      params: { member_id: memberId },
      required: ["member_id"],
      run: async (args, context) => {
        const member = await memberOf(args.member_id, context.workspace);
        if (member.role === "owner")
          throw new GatewayError(
            GatewayErrorCode.CONFLICT,
            "member_id: the owner cannot be removed.",
          );
        await store.run("DELETE FROM members WHERE id = ?", [args.member_id]);
        return { removed: member.email };
      },
    }),
    t.workspace({
      name: "account_add_domain",
      kind: "write",
      description: "Add a website to the workspace. Checks the plan's domain limit.",
      params: {
        hostname: {
          type: "string",
          pattern: "^[a-z0-9.-]+\\.[a-z]{2,}$",
          description: "Host name, e.g. shop.example.com.",
        },
        label: arg.text("A short label."),
        country: {
          type: "string",
          pattern: "^[a-z]{2}$",
          description: "Main market, ISO 3166 alpha-2 lowercase.",
        },
      },
      required: ["hostname"],
      planLimit: {
        key: "domains",
        what: "domains",
        count: (scope) => domainCount(scope.workspaceId),
      },
      run: async (args, context) => {
        const row = await workspaceRow(context.workspace);
        const result = await store.run(
          "INSERT INTO domains (workspace_id, hostname, label, country, vertical, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
          [
            row.id,
            args.hostname,
            args.label ?? args.hostname,
            args.country ?? "us",
            "custom",
            new Date().toISOString(),
          ],
        );
        return { domain_id: result.lastInsertId, hostname: args.hostname };
      },
    }),
    t.workspace({
      name: "account_rename_domain",
      kind: "write",
      description: "Change a domain's display label.",
      params: {
        domain_id: { type: "integer", minimum: 1, description: "Domain id from list_domains." },
        label: arg.text("New label.", 80),
      },
      required: ["domain_id", "label"],
      run: async (args, context) => {
        const domain = await requireDomain(store, context.workspace, args.domain_id);
        await store.run("UPDATE domains SET label = ? WHERE id = ?", [args.label, domain.id]);
        return { domain_id: domain.id, label: args.label };
      },
    }),
    t.workspace({
      name: "account_archive_domain",
      kind: "write",
      description:
        "Archive a domain: hidden from list_domains and not counted against the plan, data kept. Archive again with archived=false to restore.",
      params: {
        domain_id: { type: "integer", minimum: 1, description: "Domain id from list_domains." },
        archived: { type: "boolean", default: true, description: "false restores it." },
      },
      required: ["domain_id"],
      run: async (args, context) => {
        const domain = await requireDomain(store, context.workspace, args.domain_id);
        await store.run("UPDATE domains SET archived = ? WHERE id = ?", [
          args.archived === false ? 0 : 1,
          domain.id,
        ]);
        return { domain_id: domain.id, archived: args.archived !== false };
      },
    }),
    t.workspace({
      name: "account_delete_domain",
      kind: "destructive",
      description: "Delete a domain and every row of data it has in every area. Cannot be undone.",
      params: {
        domain_id: { type: "integer", minimum: 1, description: "Domain id from list_domains." },
        confirm_hostname: arg.text("Type the domain's hostname to confirm."),
      },
      required: ["domain_id", "confirm_hostname"],
      run: async (args, context) => {
        const domain = await requireDomain(store, context.workspace, args.domain_id);
        if (args.confirm_hostname !== domain.hostname)
          throw new GatewayError(
            GatewayErrorCode.INVALID_ARGUMENTS,
            `confirm_hostname must be exactly "${domain.hostname}" to delete domain ${domain.id}.`,
          );
        const results = await store.batch([
          ...domainTables.map((table) => ({
            sql: `DELETE FROM ${table} WHERE domain_id = ?`,
            params: [domain.id],
          })),
          { sql: "DELETE FROM domains WHERE id = ?", params: [domain.id] },
        ]);
        return {
          deleted: domain.hostname,
          rows_deleted: results.reduce((sum, result) => sum + result.changes, 0),
        };
      },
    }),
    t.workspace({
      name: "account_change_plan",
      kind: "write",
      description:
        "Upgrade or downgrade the plan. A downgrade is refused while usage exceeds the smaller plan's limits; an upgrade adds the difference in monthly credits.",
      params: { plan: arg.oneOf(PLAN_NAMES, "Target plan.") },
      required: ["plan"],
      run: async (args, context) => {
        const row = await workspaceRow(context.workspace);
        const target = planLimits(args.plan);
        const domains = await countDomains(row.id);
        if (domains > target.domains)
          throw new GatewayError(
            GatewayErrorCode.PLAN_LIMIT,
            `plan "${args.plan}" allows ${target.domains} domains and the workspace has ${domains}; archive domains first.`,
          );
        const bonus = Math.max(0, target.monthly_credits - planLimits(row.plan).monthly_credits);
        await store.run("UPDATE workspaces SET plan = ?, credits = credits + ? WHERE id = ?", [
          args.plan,
          bonus,
          row.id,
        ]);
        if (bonus > 0)
          await store.run(
            "INSERT INTO credit_ledger (workspace_id, at, tool, amount, balance_after) VALUES (?, ?, ?, ?, ?)",
            [
              row.id,
              new Date().toISOString(),
              "account_change_plan (upgrade)",
              bonus,
              row.credits + bonus,
            ],
          );
        return { from: row.plan, to: args.plan, credits_added: bonus };
      },
    }),
    t.workspace({
      name: "account_list_api_tokens",
      kind: "read",
      list: true,
      description:
        "List the workspace's API tokens: id, scope, label, created and revoked dates (never the secret).",
      run: (args, context) =>
        pageQuery(
          store,
          [
            "SELECT id AS token_id, scope, label, created_at, revoked_at FROM api_tokens WHERE workspace_id = ? ORDER BY id",
            [context.workspace],
          ],
          args,
        ),
    }),
    t.workspace({
      name: "account_create_api_token",
      kind: "write",
      description:
        "Create an API token with read or write scope. The token is shown once in this answer; store it now.",
      params: {
        scope: arg.oneOf(["read", "write"], "read: read tools only; write: every kind."),
        label: arg.text("What it is for.", 80),
      },
      required: ["scope"],
      run: async (args, context) => ({
        token: await issueToken(
          store,
          context.workspace,
          args.scope === "write" ? "write" : "read",
          args.label ?? "created by tool",
        ),
        scope: args.scope,
        note: "shown once; only its SHA-256 hash is stored",
      }),
    }),
    t.workspace({
      name: "account_revoke_api_token",
      kind: "destructive",
      description: "Revoke an API token at once; clients using it get 401 from then on.",
      params: { token_id: arg.id("Token (from account_list_api_tokens)") },
      required: ["token_id"],
      run: async (args, context) => {
        const result = await store.run(
          "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND workspace_id = ? AND revoked_at IS NULL",
          [new Date().toISOString(), args.token_id, context.workspace],
        );
        if (result.changes === 0)
          throw new GatewayError(
            GatewayErrorCode.NOT_FOUND,
            `token_id ${args.token_id} is not an active token of this workspace; see account_list_api_tokens.`,
          );
        return { revoked: args.token_id };
      },
    }),
    t.workspace({
      name: "account_get_domain_overview",
      kind: "read",
      description:
        "What is tracked for one domain? Counts of prompts, competitors, products, orders, campaigns, monitors and reports.",
      params: {
        domain_id: { type: "integer", minimum: 1, description: "Domain id from list_domains." },
      },
      required: ["domain_id"],
      run: async (args, context) => {
        const domain = await requireDomain(store, context.workspace, args.domain_id);
        const count = async (table: string) =>
          (
            await store.get<{ n: number }>(
              `SELECT COUNT(*) AS n FROM ${table} WHERE domain_id = ?`,
              [domain.id],
            )
          )?.n ?? 0;
        const overview: Record<string, unknown> = {
          domain_id: domain.id,
          hostname: domain.hostname,
          data_as_of: domain.asOf,
        };
        for (const table of [
          "prompts",
          "competitors",
          "eshop_products",
          "eshop_orders",
          "gads_campaigns",
          "meta_campaigns",
          "uptime_monitors",
          "reports",
        ])
          overview[table] = await count(table);
        return overview;
      },
    }),
  ];
});
