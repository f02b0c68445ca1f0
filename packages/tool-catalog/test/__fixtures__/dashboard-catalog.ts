// A small catalog in the shape of the gateway's: four toolsets, tools of every kind, list tools
// that use the rows helpers. Handlers return honest data from in-memory rows.
import { ToolCatalog, fieldsInputSchema, pageRows, pagingInputSchema, type CallContext, type ToolCatalogOptions, type ToolDefinition, type VocabularyExtension } from "../../src/index";

export const ORDERS = Array.from({ length: 60 }, (_, index) => ({ id: index + 1, customer: `c${(index % 7) + 1}`, total: (index + 1) * 10 }));

const domainId = { domain_id: { type: "string", description: "Domain id from list_domains." } };

export const FIXTURE_TOOLS: ToolDefinition[] = [
  { name: "list_domains", toolset: "workspace", kind: "read", description: "List the domains tracked in this workspace.", inputSchema: { type: "object", properties: {}, additionalProperties: false }, handler: () => ({ rows: [{ id: "d1", host: "example.com" }] }) },
  { name: "account_get_credits", toolset: "workspace", kind: "read", description: "Credits left on the plan and what they were spent on.", inputSchema: { type: "object", properties: {} }, handler: () => ({ credits: 120 }) },
  { name: "uptime_list_monitors", toolset: "uptime", kind: "read", description: "Monitors that check whether each URL answers, with their current state.", inputSchema: { type: "object", properties: { ...domainId }, required: ["domain_id"] }, handler: () => ({ rows: [] }) },
  { name: "uptime_list_incidents", toolset: "uptime", kind: "read", description: "Periods when a monitored URL did not respond: start, end, cause.", inputSchema: { type: "object", properties: { ...domainId } }, handler: () => ({ rows: [] }) },
  { name: "uptime_get_certificate_expiry", toolset: "uptime", kind: "read", description: "Days until the TLS certificate of each monitored host expires.", inputSchema: { type: "object", properties: { ...domainId } }, handler: () => ({ rows: [] }) },
  { name: "uptime_create_monitor", toolset: "uptime", kind: "write", description: "Start checking a URL every minute.", inputSchema: { type: "object", properties: { ...domainId, url: { type: "string", format: "uri", description: "The URL to check." } }, required: ["domain_id", "url"], additionalProperties: false }, handler: (args) => ({ created: args.url }) },
  { name: "uptime_delete_monitor", toolset: "uptime", kind: "destructive", description: "Stop checking a URL and drop its history.", inputSchema: { type: "object", properties: { monitor_id: { type: "string" } }, required: ["monitor_id"] }, handler: () => ({ deleted: true }) },
  {
    name: "eshop_list_orders", toolset: "eshop", kind: "read", description: "Orders placed in the shop, newest first.",
    inputSchema: { type: "object", properties: { ...domainId, ...pagingInputSchema, ...fieldsInputSchema }, additionalProperties: false },
    handler: (args) => pageRows(ORDERS, args as { offset?: number; limit?: number; fields?: string[] }),
  },
  { name: "eshop_customer_lifetime_value", toolset: "eshop", kind: "read", description: "Average revenue per customer over their whole relationship (LTV).", inputSchema: { type: "object", properties: { ...domainId } }, handler: () => ({ ltv: 310.5 }) },
  { name: "eshop_list_abandoned_carts", toolset: "eshop", kind: "read", description: "Carts left without checkout in the last 30 days.", inputSchema: { type: "object", properties: { ...domainId } }, handler: () => ({ rows: [] }) },
  { name: "eshop_refund_order", toolset: "eshop", kind: "paid", description: "Refund an order to the customer's card; costs one credit.", inputSchema: { type: "object", properties: { order_id: { type: "integer", minimum: 1 } }, required: ["order_id"] }, handler: (args) => ({ refunded: args.order_id }) },
  { name: "seo_get_citation_gap_invisible_winners", toolset: "seo", kind: "read", description: "Prompts where AI engines cite competitors' pages but never yours.", inputSchema: { type: "object", properties: { ...domainId, engine: { type: "string", enum: ["chatgpt", "perplexity", "gemini"] } } }, handler: () => ({ rows: [] }) },
  { name: "seo_get_share_of_voice", toolset: "seo", kind: "read", description: "Your share of AI answers mentioning your brand versus competitors.", inputSchema: { type: "object", properties: { ...domainId } }, handler: () => ({ share: 0.2 }) },
  { name: "seo_run_visibility_audit", toolset: "seo", kind: "paid", description: "Ask every tracked prompt again on all engines now; spends credits.", inputSchema: { type: "object", properties: { ...domainId } }, handler: () => ({ queued: true }) },
];

export const FIXTURE_TOOLSETS = [
  { name: "workspace", prefix: "account_", extraPrefixes: ["list_domains"], title: "Workspace", description: "Domains, members, plan, credits, usage." },
  { name: "uptime", prefix: "uptime_", title: "Uptime", description: "Monitors, checks, incidents, certificate expiry." },
  { name: "eshop", prefix: "eshop_", title: "E-shop", description: "Products, orders, customers, lifetime value, carts." },
  { name: "seo", prefix: "seo_", title: "SEO", description: "AI citations and visibility: citation gaps, invisible winners, share of voice." },
];

/** The host's own words for its areas, as a host passes them (the package's vocabulary has none). */
export const FIXTURE_VOCABULARY: VocabularyExtension = {
  synonyms: [
    ["cart", "basket"],
    ["shop", "store", "eshop"],
  ],
  related: [[["site down", "site up", "offline"], ["uptime", "monitor"]]],
};

/** A catalog holding the fixture toolsets and tools, searching with the fixture's vocabulary. */
export function fixtureCatalog<C extends CallContext = CallContext>(options: ToolCatalogOptions<C> = {}): ToolCatalog<C> {
  const catalog = new ToolCatalog<C>({ ...options, search: { vocabulary: FIXTURE_VOCABULARY, ...options.search } });
  for (const toolset of FIXTURE_TOOLSETS) catalog.defineToolset(toolset);
  catalog.registerAll(FIXTURE_TOOLS as unknown as ToolDefinition<C>[]);
  return catalog;
}

export const READER: CallContext = { workspace: "w1", scope: "read", credentialId: "token-r" };
export const WRITER: CallContext = { workspace: "w1", scope: "write", credentialId: "token-w" };
