// The declarative tool kinds of tools/shared.ts run for real: the row writes (`change`, `mark`
// with its check, `remove` with what hangs on the row), optional filters in named SQL, and the
// window reads (`totals`, `comparePeriods`), through a ToolCatalog over the demo workspace on the
// embedded SQLite store and on a real PostgreSQL server (the SQL is written once), checked against
// the rows in the database.
import { beforeAll, describe, expect, it } from "vitest";
import { ToolCatalog } from "@foundry-mcp/tool-catalog";
import type { CallContext } from "@foundry-mcp/tool-catalog";
import { resolveToken, workspaceHooks } from "@foundry-mcp/workspace-store";
import { openGatewayStore } from "../src/store-schema/gateway-schema";
import type { StoreLocation, WorkspaceStore } from "@foundry-mcp/workspace-store";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { createDemoWorkspace } from "../src/demo/generate";
import { GATEWAY_TOOLSETS, buildGatewayTools } from "../src/tools";
import { trackResources } from "./support/gateway-process";

// Without PostgreSQL binaries outside CI, only the SQLite half runs (postgresGate prints why).
const drivers = postgresGate().run ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

describe.each(drivers)("tool kinds (%s)", (driver) => {
  const resources = trackResources("all");
  let cluster: PostgresCluster | undefined;
  let store: WorkspaceStore;
  let catalog: ToolCatalog<CallContext>;
  let context: CallContext;
  let domain: number;
  let otherDomain: number;

  const run = async (name: string, args: Record<string, unknown>) =>
    (await catalog.run(name, { domain_id: domain, ...args }, context)).structuredContent;
  const read = async (name: string, args: Record<string, unknown> = {}) =>
    (await catalog.read(name, { domain_id: domain, ...args }, context)).structuredContent;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "answered",
      (error: Error & { cause?: { code?: string } }) => `${error.cause?.code}: ${error.message}`,
    );
  const first = async <T>(sql: string, params: (string | number)[] = [domain]) =>
    (await store.get<T>(sql, params))!;
  const count = async (sql: string, params: (string | number)[]) =>
    (await store.get<{ n: number }>(sql, params))!.n;

  beforeAll(async () => {
    const dir = resources.directory("gw-kinds-");
    if (driver === "postgres") {
      cluster = await startPostgres();
      resources.defer(() => cluster?.stop());
    }
    const location: StoreLocation = cluster
      ? { url: cluster.createDatabase("kinds") }
      : { dataDir: dir };
    store = resources.closing(await openGatewayStore(location));
    await store.migrate();
    const demo = await createDemoWorkspace(store, "demo");
    const workspace = (await resolveToken(store, demo.readToken))!.workspaceId;
    // The demo workspace has three domains; the second one's rows are not the first one's.
    const domains = await store.all<{ id: number }>(
      "SELECT id FROM domains WHERE workspace_id = ? ORDER BY id",
      [workspace],
    );
    domain = domains[0]!.id;
    otherDomain = domains[1]!.id;
    catalog = new ToolCatalog<CallContext>({ hooks: workspaceHooks(store) });
    for (const toolset of GATEWAY_TOOLSETS) catalog.defineToolset(toolset);
    catalog.registerAll(buildGatewayTools(store));
    context = { workspace, scope: "write" };
  }, 120_000);


  describe("row writes", () => {
    it("change: sets the column from the argument of its name and answers from → to", async () => {
      const product = await first<{ id: number; price: number }>(
        "SELECT id, price FROM eshop_products WHERE domain_id = ? ORDER BY id",
      );
      expect(await run("eshop_update_price", { product_id: product.id, price: 12.5 })).toEqual({
        product_id: product.id,
        from: product.price,
        to: 12.5,
      });
      expect(
        (
          await first<{ price: number }>("SELECT price FROM eshop_products WHERE id = ?", [
            product.id,
          ])
        ).price,
      ).toBe(12.5);
    });

    it("change: keeps a flag as 0/1 and a list as text, answering the value given", async () => {
      const prompt = await first<{ id: number }>(
        "SELECT id FROM prompts WHERE domain_id = ? AND active = 1 ORDER BY id",
      );
      expect(await run("prompts_set_active", { prompt_id: prompt.id, active: false })).toEqual({
        prompt_id: prompt.id,
        active: false,
      });
      expect(
        (await first<{ active: number }>("SELECT active FROM prompts WHERE id = ?", [prompt.id]))
          .active,
      ).toBe(0);
      const report = await first<{ id: number }>(
        "SELECT id FROM reports WHERE domain_id = ? ORDER BY id",
      );
      const recipients = ["a@example.com", "b@example.com"];
      expect(await run("reports_set_recipients", { report_id: report.id, recipients })).toEqual({
        report_id: report.id,
        recipients,
      });
      expect(
        (
          await first<{ recipients: string }>("SELECT recipients FROM reports WHERE id = ?", [
            report.id,
          ])
        ).recipients,
      ).toBe("a@example.com,b@example.com");
    });

    it("change: its check refuses after the lookup and writes nothing", async () => {
      const monitor = await first<{ id: number; interval_s: number }>(
        "SELECT id, interval_s FROM uptime_monitors WHERE domain_id = ? ORDER BY id",
      );
      const answer = await refusal(
        run("uptime_set_check_interval", { monitor_id: monitor.id, interval_s: 30 }),
      );
      expect(answer).toMatch(
        /^PLAN_LIMIT: uptime_set_check_interval failed: interval_s 30 is below plan "\w+"'s minimum of \d+; use a longer interval or upgrade\.$/,
      );
      expect(
        (
          await first<{ interval_s: number }>(
            "SELECT interval_s FROM uptime_monitors WHERE id = ?",
            [monitor.id],
          )
        ).interval_s,
      ).toBe(monitor.interval_s);
    });

    it("mark: sets a fixed value, and its check refuses a row in the wrong state", async () => {
      const campaign = await first<{ id: number; status: string }>(
        "SELECT id, status FROM gads_campaigns WHERE domain_id = ? AND status <> 'removed' ORDER BY id",
      );
      expect(await run("google_ppc_pause_campaign", { campaign_id: campaign.id })).toEqual({
        campaign_id: campaign.id,
        from: campaign.status,
        to: "paused",
      });
      expect(await run("google_ppc_remove_campaign", { campaign_id: campaign.id })).toEqual({
        removed: (
          await first<{ name: string }>("SELECT name FROM gads_campaigns WHERE id = ?", [
            campaign.id,
          ])
        ).name,
      });
      expect(await refusal(run("google_ppc_enable_campaign", { campaign_id: campaign.id }))).toBe(
        `CONFLICT: google_ppc_enable_campaign failed: campaign ${campaign.id} is removed; create a new one instead.`,
      );
      expect(
        (
          await first<{ status: string }>("SELECT status FROM gads_campaigns WHERE id = ?", [
            campaign.id,
          ])
        ).status,
      ).toBe("removed");
    });

    it("remove: deletes the rows that hang on the row first, in one batch, and counts them", async () => {
      const campaign = await first<{ id: number; name: string }>(
        "SELECT id, name FROM meta_campaigns WHERE domain_id = ? ORDER BY id",
      );
      const tables = ["meta_daily", "meta_creatives", "meta_adsets"];
      let before = 1;
      for (const table of tables)
        before += await count(`SELECT COUNT(*) AS n FROM ${table} WHERE campaign_id = ?`, [
          campaign.id,
        ]);
      expect(before).toBeGreaterThan(1);
      expect(await run("meta_delete_campaign", { campaign_id: campaign.id })).toEqual({
        deleted: campaign.name,
        rows_deleted: before,
      });
      for (const table of [
        ...tables.map((name) => `${name} WHERE campaign_id = ?`),
        "meta_campaigns WHERE id = ?",
      ])
        expect(await count(`SELECT COUNT(*) AS n FROM ${table}`, [campaign.id]), table).toBe(0);
    });

    it("remove: a dependent with its own condition (a prompt's citations through its runs)", async () => {
      const prompt = await first<{ id: number; text: string }>(
        "SELECT p.id, p.text FROM prompts p WHERE p.domain_id = ? AND EXISTS (SELECT 1 FROM citations c JOIN prompt_runs r ON r.id = c.run_id WHERE r.prompt_id = p.id) ORDER BY p.id",
      );
      const runs = await count("SELECT COUNT(*) AS n FROM prompt_runs WHERE prompt_id = ?", [
        prompt.id,
      ]);
      expect(await run("prompts_delete", { prompt_id: prompt.id })).toEqual({
        deleted: prompt.text,
        runs_deleted: runs,
      });
      expect(
        await count(
          "SELECT COUNT(*) AS n FROM citations WHERE run_id IN (SELECT id FROM prompt_runs WHERE prompt_id = ?)",
          [prompt.id],
        ),
      ).toBe(0);
    });

    it("refuses another domain's row with the lookup's own hint and changes nothing", async () => {
      const theirs = await first<{ id: number; price: number }>(
        "SELECT id, price FROM eshop_products WHERE domain_id = ? ORDER BY id",
        [otherDomain],
      );
      for (const [name, args] of [
        ["eshop_update_price", { product_id: theirs.id, price: 1 }],
        ["eshop_set_product_active", { product_id: theirs.id, active: false }],
      ] as const)
        expect(await refusal(run(name, args))).toBe(
          `NOT_FOUND: ${name} failed: product ${theirs.id} was not found for this domain; list ids with eshop_list_products.`,
        );
      expect(
        (
          await first<{ price: number }>("SELECT price FROM eshop_products WHERE id = ?", [
            theirs.id,
          ])
        ).price,
      ).toBe(theirs.price);
    });
  });

  describe("optional filters and window reads", () => {
    it("keeps a filter only when its argument is given, false included", async () => {
      const rows = async (args: Record<string, unknown>) =>
        (
          (await read("eshop_list_products", { limit: 500, ...args }))!.rows as { active: number }[]
        ).map((row) => row.active);
      const all = await rows({});
      expect(new Set(all)).toEqual(new Set([0, 1]));
      expect(await rows({ active: false })).toEqual(all.filter((active) => active === 0));
      expect(await rows({ active: true })).toEqual(all.filter((active) => active === 1));
      const issues = async (args: Record<string, unknown>) =>
        (
          (await read("bing_wmt_list_crawl_issues", { limit: 500, ...args }))!.rows as {
            fixed: number;
          }[]
        ).map((row) => row.fixed);
      expect(new Set(await issues({}))).toEqual(new Set([0]));
      expect(new Set(await issues({ include_fixed: true }))).toEqual(new Set([0, 1]));
    });

    it("totals and comparePeriods answer the window's row after the day it starts", async () => {
      const { since, orders } = (await read("eshop_get_revenue_summary"))! as {
        since: string;
        orders: number;
      };
      expect(orders).toBe(
        await count("SELECT COUNT(*) AS n FROM eshop_orders WHERE domain_id = ? AND day >= ?", [
          domain,
          since,
        ]),
      );
      const compared = (await read("eshop_compare_periods", { days: 7 }))! as Record<
        string,
        { since: string; orders: number }
      >;
      expect(compared.current!.since).toBe(
        (await read("eshop_get_revenue_summary", { days: 7 }))!.since,
      );
      expect(compared.previous!.since < compared.current!.since).toBe(true);
      expect(Object.keys(compared)).toEqual(["current", "previous"]);
    });
  });
});
