// `serve --embeddings-url/--embeddings-model` (issue 32): search_tools fused with a real
// embeddings model, served on 127.0.0.1 by tooling/embeddings-server.mjs (USE-lite from npm);
// when that endpoint stops, search_tools answers by keywords with a note, never an error.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { GATEWAY, trackResources } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";
import { spawnEmbeddingsServer, type SpawnedEmbeddingsServer } from "../../../tooling/embeddings-server.mjs";

const resources = trackResources("all");
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
let embeddings: SpawnedEmbeddingsServer;
beforeAll(async () => {
  ({ dir, tokens } = resources.data());
  embeddings = await spawnEmbeddingsServer();
  resources.defer(() => embeddings.stop());
}, 120_000);

type SearchPayload = { results: { name: string }[]; note?: string };
// The first search embeds every tool (363): on a loaded machine that outlasts the SDK's 60 s default.
const search = async (client: Client, query: string) => (await client.callTool({ name: "search_tools", arguments: { query } }, undefined, { timeout: 110_000 })).structuredContent as SearchPayload;

describe("serve --embeddings-url --embeddings-model", () => {
  it("refuses one flag without the other, and a URL that is not http(s), with usage and exit 2", () => {
    const alone = spawnSync(process.execPath, [GATEWAY, "serve", "--stdio", "--data", dir, "--embeddings-url", "http://127.0.0.1:1/v1"], { encoding: "utf8" });
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain("--embeddings-url and --embeddings-model go together: give both to turn on semantic search, or neither.");
    const ftp = spawnSync(process.execPath, [GATEWAY, "serve", "--stdio", "--data", dir, "--embeddings-url", "ftp://x", "--embeddings-model", "m"], { encoding: "utf8" });
    expect(ftp.status).toBe(2);
    expect(ftp.stderr).toContain('--embeddings-url is "ftp://x"; it must be an http(s) URL');
  });

  it("fuses search_tools with the model, then answers by keywords with a note once the endpoint stops", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY, "serve", "--stdio", "--data", dir, "--embeddings-url", embeddings.url, "--embeddings-model", "use-lite", "--embeddings-timeout-ms", "60000"],
      env: { ...process.env, AMICITED_TOKEN: tokens.demo!.readToken } as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "semantic-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const fused = await search(client, "is my website unreachable right now");
      expect(fused.note).toBeUndefined();
      expect(fused.results.length).toBeGreaterThan(0);
      expect((await embeddings.stats()).requests).toBeGreaterThan(0);
      await embeddings.stop();
      const fallback = await search(client, "which orders shipped late last week");
      expect(fallback.note).toMatch(/^semantic ranking skipped \(cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings \(.+\)\); ranked by keywords only$/);
      expect(fallback.results.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  }, 240_000);
});
