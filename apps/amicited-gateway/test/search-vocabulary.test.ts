// The gateway's own search vocabulary (src/search-vocabulary.ts): its domain words reach its tools
// through the catalog's vocabulary option, now that the catalog's built-in vocabulary has none.
import { beforeAll, describe, expect, it } from "vitest";
import { ToolCatalog } from "@foundry-mcp/tool-catalog";
import { createGateway } from "../src/server/gateway";
import type { Gateway } from "../src/server/gateway";
import { trackResources } from "./support/gateway-process";

const resources = trackResources("all");
let gateway: Gateway;

beforeAll(async () => {
  gateway = resources.closing(await createGateway({ dataDir: resources.directory("gw-vocabulary-"), memoryQuota: true }));
});

const first = async (catalog: ToolCatalog<never> | Gateway["catalog"], query: string) => (await catalog.search({ query, limit: 5 })).results[0]?.name;

describe("gateway search vocabulary", () => {
  it.each([
    ["is the site down", "uptime_is_site_down"],
    ["how much traffic comes from google search console", "gsc_"],
    ["is my website offline", "uptime_"],
    ["ppc campaigns spending too much", "google_ppc_"],
  ])("%s → %s", async (query, expected) => {
    expect(await first(gateway.catalog, query)).toMatch(new RegExp(`^${expected}`));
  });

  it("is what finds the uptime tools: without it the same tools rank another first", async () => {
    const bare = new ToolCatalog();
    for (const toolset of gateway.catalog.toolsets()) bare.defineToolset(toolset);
    bare.registerAll(gateway.catalog.list().map((tool) => ({ ...tool })) as never);
    expect(await first(bare, "is my website offline")).not.toMatch(/^uptime_/);
  });
});
