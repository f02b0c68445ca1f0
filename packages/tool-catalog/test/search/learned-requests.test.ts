import { describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/refusal";
import { MAX_LEARNED_REQUEST_LENGTH, ToolCatalog, type ToolCatalogOptions } from "../../src/index";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus()!;
const MERGE = "github_merge_pull_request";

function realCatalog(options: ToolCatalogOptions = { search: { learning: { refreshMs: 0 } } }): ToolCatalog {
  const catalog = new ToolCatalog(options);
  fillCatalog(catalog, corpus);
  return catalog;
}

function billing(options: ToolCatalogOptions = { search: { learning: { refreshMs: 0 } } }): ToolCatalog {
  const catalog = new ToolCatalog(options);
  catalog.defineToolset({ name: "acme", prefix: "billing_", title: "Acme", description: "Acme tools" });
  const tool = (name: string, description: string) => catalog.register({ name, toolset: "acme", kind: "read", description, inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
  tool("billing_list_invoices", "List the invoices of an account.");
  tool("billing_list_customers", "List the customers of an account.");
  tool("billing_get_balance", "The balance of an account.");
  return catalog;
}

const first = async (catalog: ToolCatalog, query: string) => (await catalog.search({ query })).results[0]?.name;
const rankOf = async (catalog: ToolCatalog, query: string, name: string) => (await catalog.search({ query, limit: 50 })).results.findIndex((result) => result.name === name) + 1;

describe("learned requests (catalog.learn)", () => {
  it("finds a tool by a deployment's own words once a request in them was answered by it", async () => {
    const catalog = realCatalog();
    // Over the real corpus "ship" reaches deploy and release tools; this team says it of merging.
    expect(await rankOf(catalog, "ship the approved change", MERGE)).toBe(0);
    expect(await first(catalog, "ship my change")).not.toBe(MERGE);
    catalog.learn("ship the approved change", MERGE);
    expect(await first(catalog, "ship the approved change")).toBe(MERGE);
    // Another request in the same words, not the one learned.
    expect(await first(catalog, "ship my change")).toBe(MERGE);
    // Requests in other words keep their tools.
    expect(await first(catalog, "open a PR for my feature branch")).toBe("github_create_pull_request");
  });

  it("does not report a learned-only match as a field of the tool's own text", async () => {
    const catalog = billing();
    expect((await catalog.search({ query: "paperwork" })).results).toEqual([]);
    catalog.learn("where is the paperwork for March", "billing_list_invoices");
    const [hit] = (await catalog.search({ query: "paperwork" })).results;
    expect(hit).toMatchObject({ name: "billing_list_invoices", matchedIn: [] });
  });

  it("keeps each tool's newest distinct requests, the newest overall, and returns them oldest first", () => {
    const catalog = billing({ search: { learning: { maxPerTool: 2, maxTotal: 3 } } });
    catalog.learn("  old   invoices ", "billing_list_invoices");
    catalog.learn("march invoices", "billing_list_invoices");
    catalog.learn("OLD INVOICES", "billing_list_invoices");
    expect(catalog.learnedRequests()).toEqual([
      { tool: "billing_list_invoices", request: "march invoices" },
      { tool: "billing_list_invoices", request: "OLD INVOICES" },
    ]);
    catalog.learn("april invoices", "billing_list_invoices");
    catalog.learn("who owes us", "billing_get_balance");
    catalog.learn("our clients", "billing_list_customers");
    expect(catalog.learnedRequests()).toEqual([
      { tool: "billing_list_invoices", request: "april invoices" },
      { tool: "billing_get_balance", request: "who owes us" },
      { tool: "billing_list_customers", request: "our clients" },
    ]);
  });

  it("learns a saved list again into the same ranking after a restart", async () => {
    const before = realCatalog();
    before.learn("ship the approved change", MERGE);
    before.learn("tidy up the branch list", "supabase_delete_branch");
    const after = realCatalog();
    for (const { request, tool } of before.learnedRequests()) after.learn(request, tool);
    expect(after.learnedRequests()).toEqual(before.learnedRequests());
    for (const query of ["ship my change", "tidy up old branches"]) {
      expect((await after.search({ query })).results.map((result) => result.name)).toEqual((await before.search({ query })).results.map((result) => result.name));
    }
  });

  it("refuses an unknown tool and a request that is empty, too long or not text", () => {
    const catalog = billing();
    expect(refusal(() => catalog.learn("invoices", "billing_list_invoice"))).toMatchObject({ code: "UNKNOWN_TOOL", message: "Unknown tool billing_list_invoice. Closest: billing_list_invoices, billing_list_customers, billing_get_balance. Use search_tools to find tools." });
    expect(refusal(() => catalog.learn("   ", "billing_list_invoices"))).toMatchObject({ code: "INVALID_LEARNED_REQUEST", message: "request is empty; pass the words the agent searched with." });
    const long = refusal(() => catalog.learn("x".repeat(MAX_LEARNED_REQUEST_LENGTH + 1), "billing_list_invoices"));
    expect(long).toMatchObject({ code: "INVALID_LEARNED_REQUEST", details: { length: 2001, most: 2000 } });
    expect(long.message).toBe("request is 2001 characters; at most 2000 are learned. Pass the search request, not a transcript.");
    expect(refusal(() => catalog.learn(42 as unknown as string, "billing_list_invoices"))).toMatchObject({ code: "INVALID_LEARNED_REQUEST", message: "request must be a string; got number." });
    expect(catalog.learnedRequests()).toEqual([]);
  });

  it("refuses learning options out of bounds, naming the field", () => {
    expect(refusal(() => new ToolCatalog({ search: { learning: { maxPerTool: 0 } } }))).toMatchObject({
      code: "INVALID_SEARCH_OPTIONS",
      message: "search.learning.maxPerTool must be an integer from 1 to 200; got 0.",
    });
    expect(refusal(() => new ToolCatalog({ search: { learning: { refreshMs: 1.5 } } })).message).toBe("search.learning.refreshMs must be an integer from 0 to 3600000; got 1.5.");
    expect(refusal(() => new ToolCatalog({ search: { learning: { maxTotal: 2_000_000 } } })).message).toBe("search.learning.maxTotal must be an integer from 1 to 1000000; got 2000000.");
  });

  it("reads what was learned when the index is refreshMs old or the tools change, not at every request", async () => {
    const catalog = billing({ search: { learning: { refreshMs: 3_600_000 } } });
    expect(await first(catalog, "paperwork")).toBeUndefined();
    catalog.learn("paperwork", "billing_list_invoices");
    // The index built for the first search is younger than an hour.
    expect(await first(catalog, "paperwork")).toBeUndefined();
    catalog.register({ name: "billing_get_plan", toolset: "acme", kind: "read", description: "The plan of an account.", inputSchema: { type: "object" }, handler: () => ({}) });
    expect(await first(catalog, "paperwork")).toBe("billing_list_invoices");
  });

  it("does not rebuild the index for a request learned again (the gateway re-reads its own rows)", async () => {
    const catalog = billing();
    catalog.learn("paperwork", "billing_list_invoices");
    catalog.learn("the bills", "billing_list_invoices");
    await catalog.search({ query: "paperwork" });
    const indexOf = (): unknown => (catalog as unknown as { searchIndex: unknown }).searchIndex;
    const built = indexOf();
    catalog.learn("paperwork", "billing_list_invoices");
    await catalog.search({ query: "paperwork" });
    expect(indexOf()).toBe(built);
    expect(catalog.learnedRequests().map((pair) => pair.request)).toEqual(["the bills", "paperwork"]);
    catalog.learn("invoices to chase", "billing_list_invoices");
    await catalog.search({ query: "paperwork" });
    expect(indexOf()).not.toBe(built);
  });

  it("reads a request learned again in another case, since its words can differ (it is one request still)", async () => {
    const catalog = billing();
    catalog.learn("paperwork", "billing_list_invoices");
    await catalog.search({ query: "paperwork" });
    const indexOf = (): unknown => (catalog as unknown as { searchIndex: unknown }).searchIndex;
    const built = indexOf();
    catalog.learn("PaperWork", "billing_list_invoices");
    expect(catalog.learnedRequests().map((pair) => pair.request)).toEqual(["PaperWork"]);
    await catalog.search({ query: "paperwork" });
    expect(indexOf()).not.toBe(built);
  });

  it("forgets one tool's requests or all of them", async () => {
    const catalog = billing();
    catalog.learn("paperwork", "billing_list_invoices");
    catalog.learn("who owes us", "billing_get_balance");
    expect(await first(catalog, "paperwork")).toBe("billing_list_invoices");
    catalog.forgetLearned("billing_list_invoices");
    expect(await first(catalog, "paperwork")).toBeUndefined();
    expect(catalog.learnedRequests()).toEqual([{ tool: "billing_get_balance", request: "who owes us" }]);
    catalog.forgetLearned();
    expect(catalog.learnedRequests()).toEqual([]);
    expect(await first(catalog, "who owes us")).toBeUndefined();
  });

  it("ignores learn when learning is off", async () => {
    const catalog = billing({ search: { learning: false } });
    catalog.learn("paperwork", "billing_list_invoices");
    expect(catalog.learnedRequests()).toEqual([]);
    expect(await first(catalog, "paperwork")).toBeUndefined();
  });
});
