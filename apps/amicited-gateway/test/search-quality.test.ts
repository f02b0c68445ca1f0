// Search quality in use, kept in the store and shown to the operator (issue 32, session 31): over
// real HTTP against the built gateway with the SDK client, an agent searches, describes the second
// hit and reads the first; the store keeps both pairs with the rank each tool had (2 and 1), and
// `learned quality` and GET /ui/api/learned/quality count today's row from them: 2 choices, 1 first
// hit, 2 in the top 3, 2 on the first page. The API refuses days outside 1-90 or not a number, an
// unknown workspace (404) and a caller not signed in (401); the CLI refuses the same by flag.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { GATEWAY, payload, runCli, textOf, trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { signIn, uiRequest } from "./support/dashboard";
import type { UiSession } from "./support/dashboard";

// The first hit is a read tool that takes no arguments (read_tool admits it with {}).
const QUERY = "list our domains";

const resources = trackResources("all");
let dir: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;
let client: Client;
let session: UiSession;
let hits: string[];

beforeAll(async () => {
  ({ dir, tokens } = resources.data(["other"]));
  gateway = await resources.serve(dir, ["--memory-quota"]);
  client = await resources.open(gateway.url, tokens.demo!.readToken);
  session = await signIn(gateway.url, tokens.demo!.adminToken!);
}, 120_000);

/** The learned_requests rows of the data directory, read from its SQLite file beside the running gateway. */
const rows = () => {
  const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
  try {
    return db.prepare("SELECT tool, request, chosen_rank FROM learned_requests ORDER BY id").all() as { tool: string; request: string; chosen_rank: number | null }[];
  } finally {
    db.close();
  }
};
const today = () => new Date().toISOString().slice(0, 10);
const TODAY_FIGURES = { choices: 2, first: 1, top3: 2, firstPage: 2 };
const cli = (args: string[]) => spawnSync(process.execPath, [GATEWAY, "learned", "quality", ...args], { encoding: "utf8" });

describe("search quality in use: the ranks of agents' choices, kept and counted (SQLite, the built gateway)", () => {
  it("keeps the rank each chosen tool had in its search: describe the 2nd hit, read the 1st", async () => {
    const searched = await client.callTool({ name: "search_tools", arguments: { query: QUERY } });
    expect(searched.isError, textOf(searched)).toBeFalsy();
    hits = (payload(searched).results as { name: string }[]).map((entry) => entry.name);
    expect(hits.length).toBeGreaterThanOrEqual(2);
    const described = await client.callTool({ name: "describe_tool", arguments: { name: hits[1] } });
    expect(described.isError, textOf(described)).toBeFalsy();
    const read = await client.callTool({ name: "read_tool", arguments: { name: hits[0], arguments: {} } });
    expect(read.isError, textOf(read)).toBeFalsy();
    // Written in the background (within 250 ms).
    await expect.poll(rows, { timeout: 10_000 }).toHaveLength(2);
    expect(rows()).toEqual([
      { tool: hits[1], request: QUERY, chosen_rank: 2 },
      { tool: hits[0], request: QUERY, chosen_rank: 1 },
    ]);
  });

  it("learned quality counts today's row from them, as JSON and as tab-separated lines; one workspace's alone", () => {
    expect(JSON.parse(runCli(["learned", "quality", "--data", dir, "--json"]))).toEqual({
      workspace: null,
      from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      to: today(),
      days: [{ day: today(), ...TODAY_FIGURES }],
      total: TODAY_FIGURES,
    });
    expect(runCli(["learned", "quality", "--data", dir, "--days", "1"])).toBe(
      ["day\tchoices\tfirst_hit\ttop_3\tfirst_page", `${today()}\t2\t50.0%\t100.0%\t100.0%`, "total\t2\t50.0%\t100.0%\t100.0%", ""].join("\n"),
    );
    expect(JSON.parse(runCli(["learned", "quality", "--data", dir, "--workspace", "other", "--json"]))).toMatchObject({
      workspace: "other",
      days: [],
      total: { choices: 0, first: 0, top3: 0, firstPage: 0 },
    });
    expect(runCli(["learned", "quality", "--data", dir, "--workspace", "other"])).toBe("day\tchoices\tfirst_hit\ttop_3\tfirst_page\ntotal\t0\t-\t-\t-\n");
  });

  it("learned quality refuses days outside 1-90, an unknown workspace and a flag it does not take (exit 2)", () => {
    for (const days of ["0", "91", "week"]) {
      const refused = cli(["--data", dir, "--days", days]);
      expect([refused.status, refused.stderr]).toEqual([2, `amicited-gateway: --days must be an integer from 1 to 90; got ${days}\n`]);
    }
    const nobody = cli(["--data", dir, "--workspace", "nobody"]);
    expect([nobody.status, nobody.stderr]).toEqual([2, 'amicited-gateway: --workspace: workspace "nobody" does not exist\n']);
    const tool = cli(["--data", dir, "--tool", "list_domains"]);
    expect([tool.status, tool.stderr.split("\n")[0]]).toEqual([2, "amicited-gateway: unknown flag --tool"]);
  });

  it("GET /ui/api/learned/quality gives the same figures, 14 days by default, for all workspaces or one", async () => {
    const all = await session.request("GET", "learned/quality");
    expect(all.status).toBe(200);
    const fourteenDaysBack = new Date(Date.parse(`${today()}T00:00:00.000Z`) - 13 * 86_400_000).toISOString().slice(0, 10);
    expect(all.body).toEqual({ workspace: null, from: fourteenDaysBack, to: today(), days: [{ day: today(), ...TODAY_FIGURES }], total: TODAY_FIGURES });
    expect((await session.request("GET", "learned/quality?workspace=demo&days=1")).body).toEqual({
      workspace: "demo",
      from: today(),
      to: today(),
      days: [{ day: today(), ...TODAY_FIGURES }],
      total: TODAY_FIGURES,
    });
    expect((await session.request("GET", "learned/quality?workspace=other&days=90")).body).toMatchObject({ days: [], total: { choices: 0 } });
  });

  it("GET /ui/api/learned/quality refuses days 0, 91 or not a number (400), an unknown workspace (404) and a caller not signed in (401)", async () => {
    for (const days of ["0", "91", "week", "1.5"]) {
      const refused = await session.request<{ error: { code: string; message: string } }>("GET", `learned/quality?days=${days}`);
      expect([refused.status, refused.body.error]).toEqual([400, { code: "INVALID_ARGUMENT", message: `days must be an integer from 1 to 90; got ${days}` }]);
    }
    const unknown = await session.request<{ error: { code: string; message: string } }>("GET", "learned/quality?workspace=nobody");
    expect([unknown.status, unknown.body.error]).toEqual([404, { code: "NOT_FOUND", message: 'workspace "nobody" does not exist' }]);
    const signedOut = await uiRequest(gateway.url, "GET", "learned/quality");
    expect(signedOut.status).toBe(401);
  });
});
