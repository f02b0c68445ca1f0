// The re-read baseline: a raw stdio JSON-RPC loop over FoundryMemory with a store that re-reads
// and parses every fact file on every call (MarkdownFactStore cache off), answering
// memory_search and memory_write with the same texts. It is never stale, by brute force.
// usage: node reread-server.mjs <root>
import { createInterface } from "node:readline";
import { FoundryMemory, MarkdownFactStore } from "../dist/index.js";

const root = process.argv[2];
const memory = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, cache: false }) });

function answer(id, result) {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);
}

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.method === "initialize")
    answer(message.id, { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "reread", version: "0" } });
  else if (message.method === "tools/call") {
    const { name, arguments: args } = message.params;
    try {
      const result = name === "memory_write" ? await memory.write(args) : await memory.search(args);
      answer(message.id, { content: [{ type: "text", text: result.text }] });
    } catch (error) {
      answer(message.id, { content: [{ type: "text", text: `${name} failed: ${error.message}` }], isError: true });
    }
  }
}
