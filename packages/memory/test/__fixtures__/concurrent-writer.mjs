// Child process for test/concurrency.test.ts: writes facts or events through the BUILT package.
// usage: node concurrent-writer.mjs <root> <worker> <count> facts|events
import { FoundryMemory } from "../../dist/index.js";

const [root, worker, count, mode] = process.argv.slice(2);
const memory = new FoundryMemory({ root });
const ids = [];
for (let i = 0; i < Number(count); i++) {
  if (mode === "events") {
    await memory.recordEvent(`worker_${worker}`, { i, padding: "x".repeat(200 + i) });
    continue;
  }
  const result = await memory.write({
    title: `Worker ${worker} item ${i} keeps its own rule`,
    body: `Body of worker ${worker} item ${i}.`,
    type: "convention",
    // A scope per fact keeps the restatement rule out of this test: it is about ids and files.
    scope: `module:w${worker}-i${i}`,
  });
  ids.push(result.id);
}
process.stdout.write(JSON.stringify(ids));
