// The call log's outcome codes come from the progressive surface as data, not from a regex over
// the answer's text: an upstream's error text that starts like a refusal code is recorded as the
// tool's own error ("ERROR"), and the gateway's own bad-argument refusals share the one code the
// base tools use (INVALID_ARGUMENTS). Read back through the dashboard's usage answer.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { payload, serveGateway, textOf } from "./support/gateway-process";
import { signIn } from "./support/dashboard";

const UPSTREAM = fileURLToPath(new URL("./__fixtures__/coded-text-upstream.mjs", import.meta.url));
const served = serveGateway({
  flags: (dir) => {
    const file = path.join(dir, "mcp.json");
    fs.writeFileSync(file, JSON.stringify({ servers: { coded: { transport: "stdio", command: process.execPath, args: [UPSTREAM] } } }));
    return ["--upstreams", file];
  },
});

type Usage = { refusals: { code: string; calls: number }[]; topTools: { tool: string; kind: string | null; refused: number }[] };
const usage = async (): Promise<Usage> => (await (await signIn(served.gateway.url, served.tokens.demo!.adminToken!)).request<Usage>("GET", "workspaces/demo/usage")).body;

describe("call log outcomes", () => {
  it("records an upstream's own error result as ERROR, never a code read from its text", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    const upstream = await client.callTool({ name: "read_tool", arguments: { name: "coded_status", arguments: {} } });
    expect([upstream.isError, textOf(upstream)]).toEqual([true, "QUOTA_EXCEEDED: written by the upstream, not a gateway refusal"]);
    const { refusals, topTools } = await usage();
    expect(refusals).toEqual([{ code: "ERROR", calls: 1 }]);
    expect(topTools.find((row) => row.tool === "coded_status")).toMatchObject({ kind: "read", refused: 1 });
  });

  it("gives the gateway's own bad-argument refusals the base tools' one code, INVALID_ARGUMENTS", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    const [domain] = payload(await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })).rows as { domain_id: number }[];
    const swapped = await client.callTool({
      name: "read_tool",
      arguments: { name: "gsc_search_analytics_query", arguments: { domain_id: domain!.domain_id, query: { start_date: "2026-02-01", end_date: "2026-01-01", dimensions: ["query"] } } },
    });
    expect(textOf(swapped)).toBe("INVALID_ARGUMENTS: query.start_date 2026-02-01 is after query.end_date 2026-01-01; swap them.");
    expect((await usage()).refusals).toContainEqual({ code: "INVALID_ARGUMENTS", calls: 1 });
  });
});
