// The in-memory floor for memory_search: a raw stdio JSON-RPC loop that parses every fact once
// at start, keeps the active ones in memory and answers with the same ranker and the same text
// as foundry-server. Nothing is re-checked on disk, so it can be stale: it is the lower bound
// a never-stale server is measured against, not a product.
// usage: node floor-server.mjs <root>
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { buildSearchIndex, formatFactBlock, formatNoHit, parseFact, rankFacts } from "../dist/index.js";

const facts = path.join(process.argv[2], ".foundry/memory/facts");
const today = new Date().toISOString().slice(0, 10);
const all = readdirSync(facts)
  .filter((name) => name.endsWith(".md"))
  .map((name) => parseFact(readFileSync(path.join(facts, name), "utf8"), name.slice(0, -3)))
  .filter((parsed) => parsed.ok)
  .map((parsed) => parsed.fact);
const replaced = new Set(all.map((fact) => fact.supersedes).filter(Boolean));
const active = all.filter((fact) => !fact.supersededBy && !replaced.has(fact.id) && !(fact.expires && fact.expires < today));
const index = buildSearchIndex(active);

function answer(id, result) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);
}

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    answer(message.id, { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "floor", version: "0" } });
  else if (message.method === "tools/call") {
    const query = message.params.arguments.query;
    const hits = rankFacts(index, query, { limit: 8 });
    const text = hits.length > 0 ? hits.map((hit) => formatFactBlock(hit.fact)).join("\n\n") : formatNoHit(query, active.length);
    answer(message.id, { content: [{ type: "text", text }] });
  }
}
