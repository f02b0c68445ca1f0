import { describe, expect, it } from "vitest";
import { CatalogError, ToolCatalog } from "../src/index";
import { RELATED_CONCEPTS, SYNONYM_GROUPS } from "../src/search/vocabulary";
import { FIXTURE_TOOLS, FIXTURE_TOOLSETS, fixtureCatalog } from "./__fixtures__/dashboard-catalog";

const catalog = fixtureCatalog();
const first = async (query: string, toolset?: string) => (await catalog.search({ query, toolset })).results[0]?.name;

describe("ranking plain-language requests", () => {
  it.each([
    ["is the site down", "uptime_list_monitors"],
    ["customer lifetime value", "eshop_customer_lifetime_value"],
    ["which prompts cite competitors but not us", "seo_get_citation_gap_invisible_winners"],
    ["when does my SSL cert run out", "uptime_get_certificate_expiry"],
    ["give a buyer their money back", "eshop_refund_order"],
    ["purchases made in the store", "eshop_list_orders"],
    ["baskets people gave up on", "eshop_list_abandoned_carts"],
    ["how much credit is left on my plan", "account_get_credits"],
  ])("%s → %s", async (query, expected) => {
    expect(await first(query)).toBe(expected);
  });

  // Regression: the built-in vocabulary carried one host's domain words (the gateway's), so these
  // tests passed partly on words written for them. A host now passes its own.
  it("reaches a host's domain words only through the host's vocabulary", async () => {
    const builtIn = [...SYNONYM_GROUPS.flat(), ...RELATED_CONCEPTS.flatMap(([from, to]) => [...from, ...to])];
    for (const word of ["gsc", "ppc", "citation", "site down", "invisible", "basket", "eshop"]) expect(builtIn).not.toContain(word);
    const withoutHost = fixtureCatalog({ search: { vocabulary: {} } });
    expect((await withoutHost.search({ query: "baskets people gave up on" })).results.map((result) => result.name)).not.toContain("eshop_list_abandoned_carts");
    expect(await first("baskets people gave up on")).toBe("eshop_list_abandoned_carts");
  });

  it("tolerates typos and half words", async () => {
    expect(await first("abandonned carts")).toBe("eshop_list_abandoned_carts");
    expect(await first("certif expiry")).toBe("uptime_get_certificate_expiry");
  });

  it("finds a half-remembered name", async () => {
    expect(await first("list_monitor")).toBe("uptime_list_monitors");
  });

  it("ranks down tools whose action contradicts the request", async () => {
    expect(await first("add a new monitor")).toBe("uptime_create_monitor");
    expect(await first("remove a monitor")).toBe("uptime_delete_monitor");
  });

  it("treats a concept said twice as one concept", async () => {
    const groups = catalog["index"]().explain("open a new monitor");
    expect(groups.map((group) => group.text)).toEqual(["open new", "monitor"]);
    expect(await first("open a new monitor")).toBe("uptime_create_monitor");
  });

  it("matches a brand written in mixed case and the toolset it names", async () => {
    const branded = new ToolCatalog();
    branded.defineToolset({ name: "github", prefix: "github_", title: "GitHub", description: "Repositories." });
    branded.defineToolset({ name: "git", prefix: "git_", title: "Git", description: "Local repositories." });
    branded.register({ name: "git_log", toolset: "git", kind: "read", description: "Shows the commit logs.", inputSchema: { type: "object" }, handler: () => null });
    branded.register({ name: "github_get_me", toolset: "github", kind: "read", description: "Details of the authenticated GitHub user.", inputSchema: { type: "object" }, handler: () => null });
    expect((await branded.search({ query: "who am I logged in as on GitHub" })).results[0]?.name).toBe("github_get_me");
  });

  it("reports which fields matched", async () => {
    const { results } = await catalog.search({ query: "lifetime value customer_id" });
    const hit = results.find((result) => result.name === "eshop_customer_lifetime_value")!;
    expect(hit.matchedIn).toEqual(expect.arrayContaining(["name", "description"]));
    expect(hit).toMatchObject({ toolset: "eshop", kind: "read", summary: "Average revenue per customer over their whole relationship (LTV)." });
    const byDomain = (await catalog.search({ query: "domain_id" })).results.find((result) => result.name === "uptime_list_monitors")!;
    expect(byDomain.matchedIn).toContain("parameters");
  });

  it("keeps results within a toolset when one is given", async () => {
    const { results } = await catalog.search({ query: "list", toolset: "eshop" });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.toolset === "eshop")).toBe(true);
  });

  it("returns nothing for words no tool is about", async () => {
    const page = await catalog.search({ query: "zebra xylophone" });
    expect(page.results).toEqual([]);
    expect(page.paging).toEqual({ offset: 0, limit: 10, total: 0, has_more: false, next_offset: null });
  });

  it("is deterministic", async () => {
    const once = await catalog.search({ query: "orders and customers" });
    const again = await fixtureCatalog().search({ query: "orders and customers" });
    expect(again).toEqual(once);
  });
});

describe("browse and paging", () => {
  it("browses a toolset with an empty query, in list order", async () => {
    const page = await catalog.search({ query: "", toolset: "uptime" });
    expect(page.results.map((result) => result.name)).toEqual(catalog.list().filter((tool) => tool.toolset === "uptime").map((tool) => tool.name));
    expect(page.results.every((result) => result.score === 0 && result.matchedIn.length === 0)).toBe(true);
  });

  it("pages with offset and limit", async () => {
    const firstPage = await catalog.search({ query: " ", limit: 5 });
    expect(firstPage.paging).toEqual({ offset: 0, limit: 5, total: FIXTURE_TOOLS.length, has_more: true, next_offset: 5 });
    const last = await catalog.search({ query: "", offset: 10, limit: 5 });
    expect(last.results).toHaveLength(FIXTURE_TOOLS.length - 10);
    expect(last.paging).toMatchObject({ has_more: false, next_offset: null });
    expect(last.results[0]?.name).toBe(catalog.list()[10]?.name);
  });

  it("refuses a bad limit or an unknown toolset, naming the valid ones", async () => {
    await expect(catalog.search({ query: "x", limit: 51 })).rejects.toThrow("limit must be an integer from 1 to 50; got 51.");
    const error = await catalog.search({ query: "", toolset: "ads" }).catch((caught: unknown) => caught);
    expect(CatalogError.isInstance(error) && error.code).toBe("UNKNOWN_TOOLSET");
    expect((error as CatalogError).message).toBe("toolset ads does not exist; toolsets: workspace, uptime, eshop, seo.");
  });
});

describe("search options", () => {
  it("takes host vocabulary", async () => {
    const build = (vocabulary?: { synonyms: string[][] }) => {
      const custom = new ToolCatalog({ search: { vocabulary } });
      for (const toolset of FIXTURE_TOOLSETS) custom.defineToolset(toolset);
      custom.registerAll(FIXTURE_TOOLS);
      return custom;
    };
    const query = "zorblax report";
    expect((await build().search({ query })).results).toEqual([]);
    expect((await build({ synonyms: [["zorblax", "share of voice"]] }).search({ query })).results[0]?.name).toBe("seo_get_share_of_voice");
  });

  it("can turn expansion off (plain matching)", async () => {
    const plain = new ToolCatalog({ search: { expansion: false, fuzzy: false } });
    for (const toolset of FIXTURE_TOOLSETS) plain.defineToolset(toolset);
    plain.registerAll(FIXTURE_TOOLS);
    expect((await plain.search({ query: "baskets people gave up on" })).results).toEqual([]);
  });

  it("sees tools registered after a search", async () => {
    const growing = fixtureCatalog();
    expect((await growing.search({ query: "keyword rankings" })).results[0]?.name).not.toBe("seo_keyword_rankings");
    growing.register({ name: "seo_keyword_rankings", toolset: "seo", kind: "read", description: "Positions of tracked keywords.", inputSchema: { type: "object" }, handler: () => null });
    expect((await growing.search({ query: "keyword rankings" })).results[0]?.name).toBe("seo_keyword_rankings");
  });
});

describe("query bounds", () => {
  it("answers a very long request from its first words", async () => {
    const query = `customer lifetime value ${"blah ".repeat(5000)}`;
    expect((await catalog.search({ query })).results[0]?.name).toBe("eshop_customer_lifetime_value");
  });
});
