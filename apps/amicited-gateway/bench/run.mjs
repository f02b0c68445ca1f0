// Gateway benchmark: what progressive disclosure saves in tokens, and run_tool throughput over
// Streamable HTTP with 1, 8 and 32 concurrent clients, each beside its baseline in the same run.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { estimateTokens } from "@foundry-mcp/tokens";
import { startGateway } from "./start-gateway.mjs";
import { fixed, median, percentile, table } from "../../../tooling/bench-measure.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const gatewayBin = path.join(here, "../dist/gateway.mjs");
const { url, init, server, data } = await startGateway(gatewayBin);

async function connect(query = "") {
  const client = new Client({ name: "bench", version: "0" });
  const transport = new StreamableHTTPClientTransport(new URL(url + query), { requestInit: { headers: { authorization: `Bearer ${init.writeToken}` } } });
  await client.connect(transport);
  // Ends the session on the gateway too (DELETE /mcp): the token's session cap counts open ones.
  const close = client.close.bind(client);
  client.close = async () => {
    await transport.terminateSession();
    await close();
  };
  return client;
}
const textOf = (result) => (result.content ?? []).map((block) => block.text ?? "").join("\n");
const tokensOf = (value) => estimateTokens(typeof value === "string" ? value : JSON.stringify(value));

try {
  // Tokens: what the model reads.
  const base = await connect();
  const all = await connect("?toolsets=all");
  const baseTools = (await base.listTools()).tools;
  const allTools = (await all.listTools()).tools;
  const baseTokens = tokensOf(baseTools);
  const allTokens = tokensOf(allTools);

  const question = "is the site down";
  const searchCall = { name: "search_tools", arguments: { query: question, limit: 5 } };
  const searchText = textOf(await base.callTool(searchCall));
  const found = /"name"\s*:\s*"([a-z0-9_]+)"/.exec(searchText)?.[1] ?? /\b(uptime_[a-z_]+)/.exec(searchText)?.[1];
  const describeCall = { name: "describe_tool", arguments: { name: found } };
  const describeText = textOf(await base.callTool(describeCall));
  const domains = textOf(await base.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } }));
  const domainId = /"(?:domain_id|id)"\s*:\s*"?([\w-]+)/.exec(domains)?.[1];
  const runCall = { name: "run_tool", arguments: { name: found, arguments: { domain_id: domainId } } };
  const runText = textOf(await base.callTool(runCall));
  const roundTokens = baseTokens + tokensOf(searchCall) + tokensOf(searchText) + tokensOf(describeCall) + tokensOf(describeText) + tokensOf(runCall) + tokensOf(runText);
  const eagerRound = allTokens + tokensOf({ name: found, arguments: { domain_id: domainId } }) + tokensOf(runText);

  console.log("## Gateway: tokens and throughput (amicited-gateway)\n");
  console.log(`The catalog holds ${allTools.length - baseTools.length} tools. Advertising all of them costs what a client pays on every request that carries the tool list; the four base tools cost the same whatever the catalog's size.\n`);
  console.log(
    table(
      ["what the model reads", "progressive (4 tools)", "eager (all tools listed)", "ratio"],
      [
        ["tools/list", `~${baseTokens}`, `~${allTokens}`, `${fixed(allTokens / baseTokens)}×`],
        [`one round: search "${question}" → describe \`${found}\` → run`, `~${roundTokens}`, `~${eagerRound}`, `${fixed(eagerRound / roundTokens)}×`],
      ],
    ),
  );
  await all.close();

  // Throughput: run_tool (catalog dispatch) vs the same tool called natively (pinned), same concurrency.
  const native = await connect("?toolsets=workspace");
  const nativeNames = (await native.listTools()).tools.map((t) => t.name);
  await native.close();
  const nativeAvailable = nativeNames.includes("list_domains");
  async function load(concurrency, mode, durationMs = 3000) {
    const clients = await Promise.all(Array.from({ length: concurrency }, () => connect(mode === "native" ? "?toolsets=workspace" : "")));
    const call = mode === "native" ? { name: "list_domains", arguments: {} } : { name: "run_tool", arguments: { name: "list_domains", arguments: {} } };
    for (const client of clients) await client.callTool(call); // warm-up
    const latencies = [];
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() - started < durationMs) {
          const t0 = performance.now();
          await client.callTool(call);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(clients.map((c) => c.close()));
    return { perSecond: latencies.length / seconds, p50: median(latencies), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
  }
  // Rounds interleave the two paths and swap which goes first, so a busy moment on the shared
  // machine lands on both; the table gives the median round and the spread (min–max) across rounds.
  const ROUNDS = 3;
  const range = (values, digits = 0) => `${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)}`;
  const rows = [];
  for (const concurrency of [1, 8, 32]) {
    const viaRun = [];
    const direct = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (nativeAvailable && round % 2 === 1) direct.push(await load(concurrency, "native", 2000));
      viaRun.push(await load(concurrency, "run", 2000));
      if (nativeAvailable && round % 2 === 0) direct.push(await load(concurrency, "native", 2000));
    }
    const ratios = direct.map((native, round) => viaRun[round].perSecond / native.perSecond);
    const middle = (runs, key) => median(runs.map((run) => run[key]));
    rows.push([
      String(concurrency),
      `${fixed(middle(viaRun, "perSecond"), 0)} (${range(viaRun.map((run) => run.perSecond))})`,
      `${fixed(middle(viaRun, "p50"))} / ${fixed(middle(viaRun, "p95"))} / ${fixed(middle(viaRun, "p99"))}`,
      nativeAvailable ? `${fixed(middle(direct, "perSecond"), 0)} (${range(direct.map((run) => run.perSecond))})` : "n/a",
      nativeAvailable ? `${fixed(middle(direct, "p50"))} / ${fixed(middle(direct, "p95"))} / ${fixed(middle(direct, "p99"))}` : "n/a",
      nativeAvailable ? `${fixed(median(ratios), 2)}× (${range(ratios, 2)})` : "n/a",
    ]);
  }
  console.log(`\nThroughput of \`run_tool\` → \`list_domains\` over Streamable HTTP on 127.0.0.1, against the same tool called natively (pinned with \`?toolsets=workspace\`) at the same concurrency: ${ROUNDS} rounds of 2 s per path after a warm-up, the paths interleaved and taking turns to go first. Each cell is the median round, with the spread across rounds (min–max) in brackets; latencies in ms (median round).\n`);
  console.log(table(["clients", "run_tool calls/s", "p50 / p95 / p99", "native calls/s", "p50 / p95 / p99", "run_tool ÷ native"], rows));
  await base.close();
} finally {
  server.kill("SIGTERM");
  rmSync(data, { recursive: true, force: true });
}
