// `foya demo` from start to end: temporary folders, the gateway initialised and served, both
// servers connected through one client manager (an in-memory configuration, no FOYA_HOME), the
// status table, the memory and disclosure walkthroughs, the token table, and cleanup that runs
// whatever happened. Neighbours: bundles.ts starts programs, *-steps.ts call tools, cost-table.ts
// prints the figures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { hostToolName } from "@foundry-mcp/client-manager";
import { formatStatusTable } from "../commands/mcp-status";
import type { HostManager, ServerSpec } from "../host/contract";
import { startAndSettle } from "../host/settle";
import { initGateway, startGateway, type DemoBundles, type RunningGateway } from "./bundles";
import { formatCostTable, measureRows, savingLine } from "./cost-table";
import { definitionsText, disclosureSteps } from "./disclosure-steps";
import { memorySteps } from "./memory-steps";

/** What runDemo needs: the bundles, where to print, and how to build a manager from a config. */
export interface DemoOptions {
  bundles: DemoBundles;
  say: (text: string) => void;
  createManager: (servers: Record<string, ServerSpec>, tokens: Record<string, string>) => HostManager;
}

const FOUNDRY = "foundry";
const GATEWAY = "amicited";

/** Lists every tool of a gateway connection pinned to `?toolsets=all`, as foya's tools/list would return them. */
async function eagerToolList(url: string, token: string, server: string): Promise<string> {
  const pinned = new URL(url);
  pinned.searchParams.set("toolsets", "all");
  const client = new Client({ name: "foya-demo-eager", version: "0.0.0" });
  const transport = new StreamableHTTPClientTransport(pinned, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  try {
    const tools = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    // Named as foya would list them, like the four-tool side of the comparison.
    return definitionsText(tools.map((tool) => ({ ...tool, name: hostToolName(server, tool.name) })));
  } finally {
    await client.close();
  }
}

/** Runs the whole demo; throws on the first failed step after cleaning up. */
export async function runDemo(options: DemoOptions): Promise<void> {
  const { say } = options;
  const started = Date.now();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "foya-demo-"));
  const root = path.join(scratch, "project");
  const data = path.join(scratch, "gateway");
  fs.mkdirSync(root);
  fs.mkdirSync(data);
  let gateway: RunningGateway | undefined;
  let manager: HostManager | undefined;
  try {
    say("foya demo: one MCP host, two servers, and what each step costs in tokens.\n");
    say("== 1. Starting servers");
    say(`  foundry-server: stdio, temporary project ${root}`);
    const tokens = initGateway(options.bundles.gateway, data);
    say(`  amicited-gateway init: workspace ${tokens.workspace || "(demo)"}, store in ${data}`);
    gateway = await startGateway(options.bundles.gateway, data);
    say(`  amicited-gateway serve: ${gateway.url}`);

    const servers: Record<string, ServerSpec> = {
      [FOUNDRY]: { transport: "stdio", command: process.execPath, args: [options.bundles.foundryServer, "--root", root], env: {}, enabled: true },
      [GATEWAY]: { transport: "streamable_http", url: gateway.url, headers: {}, enabled: true },
    };
    manager = options.createManager(servers, { [GATEWAY]: tokens.writeToken });
    say("  connecting both through the client manager…");
    const statuses = await startAndSettle(manager, 30_000);

    say("\n== 2. Status");
    say(formatStatusTable(statuses).replace(/\n$/, ""));
    const down = statuses.filter((row) => row.state !== "connected");
    if (down.length > 0) throw new Error(`not connected: ${down.map((row) => `${row.name} (${row.lastError ?? row.state})`).join(", ")}`);

    say("\n== 3. Memory (foundry-server)");
    const memory = await memorySteps(manager, FOUNDRY, root, say);

    say("\n== 4. Progressive disclosure (amicited-gateway)");
    const url = gateway.url;
    const disclosure = await disclosureSteps(manager, GATEWAY, () => eagerToolList(url, tokens.readToken, GATEWAY), say);

    say("\n== 5. What it cost in tokens");
    const memoryFigures = measureRows(memory.rows);
    const disclosureFigures = measureRows(disclosure.rows);
    say(formatCostTable("memory step", memoryFigures));
    say(savingLine(memoryFigures));
    say("");
    say(formatCostTable("tools step", disclosureFigures));
    say(savingLine(disclosureFigures));
  } finally {
    say("\n== 6. Cleanup");
    await manager?.close().catch(() => undefined);
    await gateway?.stop().catch(() => undefined);
    fs.rmSync(scratch, { recursive: true, force: true });
    say(`  sessions closed, child processes ended, ${scratch} removed.`);
    say(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
}
