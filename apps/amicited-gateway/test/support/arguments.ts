// Fills a tool's required arguments with real ids and values from the demo workspace, so every
// read tool can be executed once without hand-written fixtures.
import type { JsonSchemaObject, ToolDefinition } from "@foundry-mcp/tool-catalog";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

const idQueries: Record<string, string> = {
  prompt_id: "SELECT id FROM prompts WHERE domain_id = ? ORDER BY id",
  run_id: "SELECT id FROM prompt_runs WHERE domain_id = ? ORDER BY id",
  competitor_id: "SELECT id FROM competitors WHERE domain_id = ? ORDER BY id",
  adgroup_id: "SELECT id FROM gads_adgroups WHERE domain_id = ? ORDER BY id",
  keyword_id: "SELECT id FROM gads_keywords WHERE domain_id = ? AND negative = 0 ORDER BY id",
  adset_id: "SELECT id FROM meta_adsets WHERE domain_id = ? ORDER BY id",
  creative_id: "SELECT id FROM meta_creatives WHERE domain_id = ? ORDER BY id",
  product_id: "SELECT id FROM eshop_products WHERE domain_id = ? ORDER BY id",
  order_id: "SELECT id FROM eshop_orders WHERE domain_id = ? ORDER BY id",
  customer_id: "SELECT id FROM eshop_customers WHERE domain_id = ? ORDER BY id",
  monitor_id: "SELECT id FROM uptime_monitors WHERE domain_id = ? ORDER BY id",
  incident_id: "SELECT id FROM uptime_incidents WHERE domain_id = ? ORDER BY id",
  report_id: "SELECT id FROM reports WHERE domain_id = ? ORDER BY id",
  export_id: "SELECT id FROM exports WHERE domain_id = ? ORDER BY id",
  issue_id: "SELECT id FROM bing_crawl_issues WHERE domain_id = ? ORDER BY id",
  coupon_id: "SELECT id FROM eshop_coupons WHERE domain_id = ? ORDER BY id",
  sitemap_id: "SELECT id FROM gsc_sitemaps WHERE domain_id = ? ORDER BY id",
  goal_id: "SELECT id FROM ads_goals WHERE domain_id = ? ORDER BY id",
  query: "SELECT query FROM gsc_daily WHERE domain_id = ? ORDER BY clicks DESC",
  page: "SELECT page FROM gsc_daily WHERE domain_id = ? ORDER BY clicks DESC",
  keyword: "SELECT keyword FROM bing_keywords WHERE domain_id = ? ORDER BY clicks DESC",
};

/** Real arguments for every required property of `tool` (and `also`) in domain `domainId`. */
export async function demoArguments(
  tool: ToolDefinition,
  store: WorkspaceStore,
  domainId: number,
  also: readonly string[] = [],
): Promise<Record<string, unknown>> {
  const schema = tool.inputSchema;
  const args: Record<string, unknown> = {};
  for (const name of new Set([...(schema.required ?? []), ...also])) {
    const property = (schema.properties?.[name] ?? {}) as JsonSchemaObject;
    if (name === "domain_id") args[name] = domainId;
    else if (name === "campaign_id")
      args[name] = (
        await store.get<{ id: number }>(
          `SELECT id FROM ${tool.toolset === "meta" ? "meta_campaigns" : "gads_campaigns"} WHERE domain_id = ? ORDER BY id`,
          [domainId],
        )
      )?.id;
    else if (property.type === "object") args[name] = { dimensions: ["query"] };
    else if (Array.isArray(property.enum)) args[name] = property.enum[0];
    else if (idQueries[name])
      args[name] = Object.values(
        (await store.get<Record<string, unknown>>(idQueries[name] as string, [domainId])) ?? {},
      )[0];
    else if (property.type === "string") args[name] = "best";
    else if (property.type === "integer" || property.type === "number")
      args[name] = (property.minimum as number | undefined) ?? 1;
    else throw new Error(`no demo value for ${tool.name}.${name}`);
  }
  return args;
}
