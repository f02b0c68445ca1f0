import { describe, expect, it } from "vitest";
import { CatalogError, RERANK_FEATURES, ToolCatalog, type RerankFeature } from "../../src/index";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus();

type Observed = Array<{ name: string; features: Record<RerankFeature, number> }>;

function billing(options: ConstructorParameters<typeof ToolCatalog>[0] = {}): ToolCatalog {
  const catalog = new ToolCatalog(options);
  catalog.defineToolset({ name: "acme", prefix: "billing_", title: "Acme", description: "Acme tools" });
  const tool = (name: string, kind: "read" | "write", description: string) =>
    catalog.register({ name, toolset: "acme", kind, description, inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
  tool("billing_create_invoice", "write", "Create an invoice for a customer.");
  tool("billing_list_invoices", "read", "List the invoices of an account.");
  tool("billing_create_customer", "write", "Create a customer record.");
  return catalog;
}

describe("the learned second stage (search.reranker)", () => {
  it("hands an observer the first stage's head with each tool's features", async () => {
    const heads: Array<{ query: string; candidates: Observed }> = [];
    const catalog = billing({ search: { reranker: { weights: { score: 1 }, observe: (query, candidates) => heads.push({ query, candidates }) } } });
    await catalog.search({ query: "create an invoice" });
    expect(heads.map((head) => head.query)).toEqual(["create an invoice"]);
    const [first, ...rest] = heads[0]!.candidates;
    expect(first!.name).toBe("billing_create_invoice");
    expect(rest.map((candidate) => candidate.name).sort()).toEqual(["billing_create_customer", "billing_list_invoices"]);
    expect(Object.keys(first!.features)).toEqual([...RERANK_FEATURES]);
    expect(first!.features).toMatchObject({ score: 0, reciprocalRank: 1, coverage: 1, idfCoverage: 1, exactCoverage: 1, nameCoverage: 1, missingConcepts: 0, missingIdf: 0, rarestMatched: 1, unexplainedName: 0, toolsetMentioned: 0, nearDuplicates: 0 });
    const customer = rest.find((candidate) => candidate.name === "billing_create_customer")!;
    expect(customer.features.coverage).toBe(0.5);
    expect(customer.features.missingConcepts).toBe(1);
    expect(customer.features.score).toBeLessThan(0);
  });

  it("reorders the head by its weights and keeps the page's scores falling", async () => {
    const plain = await billing().search({ query: "create an invoice" });
    expect(plain.results.map((result) => result.name)).toEqual(["billing_create_invoice", "billing_list_invoices", "billing_create_customer"]);
    // A model that prefers tools missing the request's concepts puts the one covering them all last.
    const turned = await billing({ search: { reranker: { weights: { score: 1, missingConcepts: 10 } } } }).search({ query: "create an invoice" });
    expect(turned.results.map((result) => result.name)).toEqual(["billing_list_invoices", "billing_create_customer", "billing_create_invoice"]);
    expect(turned.results.map((result) => result.score)).toEqual(plain.results.map((result) => result.score));
  });

  it("refuses an unknown feature or a weight out of bounds with INVALID_SEARCH_OPTIONS naming the field", () => {
    const refusal = (weights: Record<string, number>) => {
      try {
        billing({ search: { reranker: { weights } } });
      } catch (error) {
        return CatalogError.isInstance(error) ? `${error.code}: ${error.message}` : String(error);
      }
      return "accepted";
    };
    expect(refusal({ popularity: 1 })).toBe(`INVALID_SEARCH_OPTIONS: search.reranker.weights.popularity is not a feature of the second stage; features: ${RERANK_FEATURES.join(", ")}.`);
    expect(refusal({ coverage: Number.NaN })).toBe("INVALID_SEARCH_OPTIONS: search.reranker.weights.coverage must be a number from -100 to 100; got NaN.");
    expect(refusal({ coverage: 101 })).toBe("INVALID_SEARCH_OPTIONS: search.reranker.weights.coverage must be a number from -100 to 100; got 101.");
  });
});

describe.skipIf(corpus === undefined)("the second stage over the shared 419-tool corpus", () => {
  const requests = ["open a pull request", "read the sentry issue, open a github issue about it and post the link in slack", "make a new r2 bucket for uploads", "who is on call", "delete the helm release"];
  const pages = async (options: ConstructorParameters<typeof ToolCatalog>[0]) => {
    const catalog = new ToolCatalog(options);
    fillCatalog(catalog, corpus!);
    return Promise.all(requests.map(async (query) => (await catalog.search({ query })).results));
  };

  it("is off by default, and the first stage's weight alone keeps the first stage's order and scores", async () => {
    expect(await pages({ search: { reranker: { weights: { score: 1 } } } })).toEqual(await pages({}));
  });
});
