// Find → describe → execute over real HTTP against the built gateway, on the demo data: the
// read/run split, scopes, workspace isolation, paging and fields, credits and plan limits.
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { payload, serveGateway, textOf } from "./support/gateway-process";

const served = serveGateway({ others: ["other", "spender"] });
const open = (token: string) => served.open(token);
const read = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: "read_tool", arguments: { name, arguments: args } });
const run = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: "run_tool", arguments: { name, arguments: args } });
const domainsOf = async (client: Client) =>
  payload(await read(client, "list_domains")).rows as { domain_id: number; hostname: string }[];

describe("find → describe → execute", () => {
  it("finds tools from plain words", async () => {
    const client = await open(served.tokens.demo!.readToken);
    const top = async (query: string) =>
      (
        payload(await client.callTool({ name: "search_tools", arguments: { query, limit: 5 } }))
          .results as { name: string }[]
      ).map((result) => result.name);
    expect((await top("is the site down"))[0]).toMatch(/^uptime_/);
    expect(await top("customer lifetime value")).toContain("eshop_customer_lifetime_value");
    expect(await top("which prompts cite competitors but not us")).toContain(
      "seo_get_citation_gap_invisible_winners",
    );
  });

  it("describes a tool with its real schema and kind, then reads real rows with it", async () => {
    const client = await open(served.tokens.demo!.readToken);
    const described = payload(
      await client.callTool({ name: "describe_tool", arguments: { name: "eshop_list_orders" } }),
    );
    expect(described.kind).toBe("read");
    expect((described.inputSchema as { required: string[] }).required).toContain("domain_id");
    const [domain] = await domainsOf(client);
    const orders = payload(
      await read(client, "eshop_list_orders", { domain_id: domain!.domain_id }),
    );
    expect((orders.rows as unknown[]).length).toBe(25);
    expect(orders.paging).toMatchObject({ offset: 0, limit: 25, has_more: true, next_offset: 25 });
    expect((orders.paging as { total: number }).total).toBeGreaterThan(1000);
    const nested = payload(
      await client.callTool({
        name: "describe_tool",
        arguments: { name: "gsc_search_analytics_query" },
      }),
    );
    expect(
      (nested.inputSchema as { properties: Record<string, { type: string }> }).properties.query!
        .type,
    ).toBe("object");
    const byCountry = payload(
      await read(client, "gsc_search_analytics_query", {
        domain_id: domain!.domain_id,
        query: { dimensions: ["country"] },
      }),
    );
    expect((byCountry.rows as { country: string }[]).map((row) => row.country).sort()).toEqual([
      "ca",
      "de",
      "fr",
      "gb",
      "it",
      "us",
    ]);
  });

  it("names the closest tools for an unknown name", async () => {
    const client = await open(served.tokens.demo!.readToken);
    const result = await client.callTool({
      name: "describe_tool",
      arguments: { name: "eshop_list_order" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("eshop_list_orders");
  });

  it("read_tool refuses a write tool; run_tool runs it with a write token", async () => {
    const reader = await open(served.tokens.demo!.writeToken);
    const [domain] = await domainsOf(reader);
    const refused = await read(reader, "prompts_add", {
      domain_id: domain!.domain_id,
      text: "Is this shop any good?",
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("KIND_NOT_ALLOWED");
    const added = await run(reader, "prompts_add", {
      domain_id: domain!.domain_id,
      text: "Is this shop any good?",
    });
    expect(added.isError).toBeFalsy();
    const found = payload(
      await read(reader, "prompts_search", { domain_id: domain!.domain_id, text: "any good" }),
    );
    expect((found.rows as { text: string }[]).map((row) => row.text)).toEqual([
      "Is this shop any good?",
    ]);
  });

  it("never lets a read token reach a write, through run_tool or a pinned native call", async () => {
    const client = await open(served.tokens.demo!.readToken);
    const [domain] = await domainsOf(client);
    const viaRun = await run(client, "competitors_add", {
      domain_id: domain!.domain_id,
      hostname: "sneaky.example",
    });
    expect(viaRun.isError).toBe(true);
    expect(textOf(viaRun)).toMatch(/SCOPE_DENIED.*write scope/);
    const pinned = await served.open(served.tokens.demo!.readToken, "competitors");
    const native = await pinned.callTool({
      name: "competitors_add",
      arguments: { domain_id: domain!.domain_id, hostname: "sneaky.example" },
    });
    expect(textOf(native)).toContain("SCOPE_DENIED");
    const list = payload(await read(client, "competitors_list", { domain_id: domain!.domain_id }));
    expect(JSON.stringify(list)).not.toContain("sneaky.example");
  });
});

describe("workspaces", () => {
  it("shows each token only its own workspace's rows", async () => {
    const a = await open(served.tokens.demo!.readToken);
    const b = await open(served.tokens.other!.readToken);
    const domainsA = await domainsOf(a);
    const domainsB = await domainsOf(b);
    expect(domainsA.length).toBe(3);
    expect(domainsB.length).toBe(3);
    const idsA = new Set(domainsA.map((domain) => domain.domain_id));
    expect(domainsB.some((domain) => idsA.has(domain.domain_id))).toBe(false);
    const foreign = await read(a, "eshop_list_orders", { domain_id: domainsB[0]!.domain_id });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toContain("UNKNOWN_DOMAIN");
    const workspaceB = payload(await read(b, "account_get_workspace"));
    expect(workspaceB.workspace).toBe("other");
  });
});

describe("paging and fields", () => {
  it("pages with offset and limit, 500 at most", async () => {
    const client = await open(served.tokens.demo!.readToken);
    const [domain] = await domainsOf(client);
    const first = payload(
      await read(client, "gsc_rows", { domain_id: domain!.domain_id, limit: 500 }),
    );
    expect((first.rows as unknown[]).length).toBe(500);
    const second = payload(
      await read(client, "gsc_rows", {
        domain_id: domain!.domain_id,
        limit: 500,
        offset: (first.paging as { next_offset: number }).next_offset,
      }),
    );
    expect((second.paging as { offset: number }).offset).toBe(500);
    expect(JSON.stringify(second.rows)).not.toBe(JSON.stringify(first.rows));
    const tooMany = await read(client, "gsc_rows", { domain_id: domain!.domain_id, limit: 501 });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toContain("limit");
  });

  it("projects fields and refuses an unknown column naming the valid ones", async () => {
    const client = await open(served.tokens.demo!.readToken);
    const [domain] = await domainsOf(client);
    const projected = payload(
      await read(client, "eshop_list_orders", {
        domain_id: domain!.domain_id,
        fields: ["order_id", "total"],
        limit: 3,
      }),
    );
    expect((projected.rows as Record<string, unknown>[]).map((row) => Object.keys(row))).toEqual([
      ["order_id", "total"],
      ["order_id", "total"],
      ["order_id", "total"],
    ]);
    const refused = await read(client, "eshop_list_orders", {
      domain_id: domain!.domain_id,
      fields: ["order_id", "no_such_column"],
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(
      "unknown column no_such_column; valid columns: order_id, day, customer_id",
    );
  });
});

describe("credits and plan limits", () => {
  it("spends credits on paid tools, refunds failed ones, and refuses at zero", async () => {
    const client = await open(served.tokens.spender!.writeToken);
    const [domain] = await domainsOf(client);
    const balance = async () =>
      payload(await read(client, "account_get_credit_balance")).credits as number;
    expect(await balance()).toBe(100);
    const failed = await run(client, "seo_generate_content_brief", {
      domain_id: domain!.domain_id,
      prompt_id: 999_999,
    });
    expect(failed.isError).toBe(true);
    expect(await balance()).toBe(100);
    for (let spent = 0; spent < 100; spent += 5) {
      const audit = await run(client, "seo_run_visibility_audit", { domain_id: domain!.domain_id });
      expect(audit.isError, textOf(audit)).toBeFalsy();
      expect(payload(audit).credits_left).toBe(95 - spent);
    }
    const broke = await run(client, "seo_run_visibility_audit", { domain_id: domain!.domain_id });
    expect(broke.isError).toBe(true);
    expect(textOf(broke)).toContain(
      "CREDITS_EXHAUSTED: seo_run_visibility_audit costs 5 credits and the workspace has 0",
    );
    const ledger = payload(await read(client, "account_get_credit_spend_by_tool"));
    expect(ledger.rows).toContainEqual({
      tool: "seo_run_visibility_audit",
      credits: 100,
      calls: 20,
    });
  });

  it("checks plan limits in the tools that create limited things", async () => {
    const client = await open(served.tokens.spender!.writeToken);
    const [domain] = await domainsOf(client);
    const limits = payload(await read(client, "account_get_plan_limits")).limits as {
      limit: string;
      used: number;
      allowed: number;
    }[];
    expect(limits.find((limit) => limit.limit === "competitors_per_domain")).toEqual({
      limit: "competitors_per_domain",
      used: 4,
      allowed: 5,
    });
    expect(
      (
        await run(client, "competitors_add", {
          domain_id: domain!.domain_id,
          hostname: "fifth.example",
        })
      ).isError,
    ).toBeFalsy();
    const sixth = await run(client, "competitors_add", {
      domain_id: domain!.domain_id,
      hostname: "sixth.example",
    });
    expect(textOf(sixth)).toContain(
      'PLAN_LIMIT: plan "starter" allows 5 competitors per domain; 5 already exist',
    );
    const domainLimit = await run(client, "account_add_domain", { hostname: "fourth.example" });
    expect(textOf(domainLimit)).toContain("PLAN_LIMIT");
    expect((await run(client, "account_change_plan", { plan: "pro" })).isError).toBeFalsy();
    expect(
      (await run(client, "account_add_domain", { hostname: "fourth.example" })).isError,
    ).toBeFalsy();
    expect(
      (
        await run(client, "competitors_add", {
          domain_id: domain!.domain_id,
          hostname: "sixth.example",
        })
      ).isError,
    ).toBeFalsy();
  });

  it("runs destructive tools only through run_tool with a write token", async () => {
    const client = await open(served.tokens.spender!.writeToken);
    const [domain] = await domainsOf(client);
    const monitors = payload(
      await read(client, "uptime_list_monitors", { domain_id: domain!.domain_id }),
    ).rows as { monitor_id: number }[];
    expect(
      (
        await read(client, "uptime_delete_monitor", {
          domain_id: domain!.domain_id,
          monitor_id: monitors[0]!.monitor_id,
        })
      ).isError,
    ).toBe(true);
    const deleted = await run(client, "uptime_delete_monitor", {
      domain_id: domain!.domain_id,
      monitor_id: monitors[0]!.monitor_id,
    });
    expect(payload(deleted).checks_deleted).toBeGreaterThan(100);
    const after = payload(
      await read(client, "uptime_list_monitors", { domain_id: domain!.domain_id }),
    ).rows as unknown[];
    expect(after.length).toBe(monitors.length - 1);
  });
});
