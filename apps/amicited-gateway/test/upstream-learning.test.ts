// Requests tool search learned for an upstream tool count as soon as that tool is registered, not
// only at the next start: a server that adds a tool at run time (tools/list_changed, as one that
// connects late does) has the gateway read its stored rows again. In process, over a real SQLite
// store and a real upstream MCP server on stdio.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { openSqliteDatabase } from "@foundry-mcp/core/node";
import { resolveToken } from "@foundry-mcp/workspace-store";
import { createGateway } from "../src/server/gateway";
import { LATE_ROWS } from "../src/server/learning";
import { attachUpstreams } from "../src/upstreams";
import { trackResources } from "./support/gateway-process";

const LATE_UPSTREAM = fileURLToPath(new URL("./__fixtures__/late-tool-upstream.mjs", import.meta.url));
// Words the late tool's text does not use ("Move notes older than a month into the archive.").
const REQUEST = "stash away stale jottings";
const LATE_TOOL = "late_archive_notes";
// A tool of the gateway's own catalog, served from the start.
const OTHER_TOOL = "seo_get_ai_referral_revenue";

const resources = trackResources();

describe("learned requests for upstream tools", () => {
  it("a tool an upstream adds after start is found by the words learned for it, without a restart", async () => {
    const { dir, tokens } = resources.data();
    const file = path.join(dir, "mcp.json");
    fs.writeFileSync(file, JSON.stringify({ servers: { late: { transport: "stdio", command: process.execPath, args: [LATE_UPSTREAM] } } }));
    const gateway = await createGateway({ dataDir: dir, memoryQuota: true, learning: { refreshMs: 50 } });
    try {
      const workspace = (await resolveToken(gateway.store, tokens.demo!.writeToken))!.workspaceId;
      // A row an earlier run kept for the tool, before this run has it, and more rows after it than
      // a poll reads again below the highest id (LATE_ROWS), so no poll comes back to it.
      const db = openSqliteDatabase(`${dir}/amicited.sqlite`, { from: import.meta.url });
      try {
        const insert = db.prepare("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?)");
        insert.run(workspace, LATE_TOOL, REQUEST, new Date().toISOString());
        for (let index = 0; index <= LATE_ROWS; index += 1) insert.run(workspace, OTHER_TOOL, `referral revenue ${index}`, new Date().toISOString());
      } finally {
        db.close();
      }
      const upstreams = await attachUpstreams(gateway, file);
      try {
        expect(gateway.catalog.get(LATE_TOOL)).toBeUndefined();
        // Polls have read the row by now and skipped it: its tool is missing.
        await gateway.learning!.catchUp();
        expect(gateway.catalog.learnedRequests().filter((pair) => pair.tool === LATE_TOOL)).toEqual([]);
        // The ranking the workspace's tokens get: its rows rank its own searches (decision 0056).
        const first = async () => (await gateway.catalog.search({ query: REQUEST, tenant: workspace })).results[0]?.name;
        expect(await first()).not.toBe(LATE_TOOL);

        await gateway.catalog.run("late_unlock", {}, { workspace, scope: "write" });
        await expect.poll(() => gateway.catalog.get(LATE_TOOL) !== undefined, { timeout: 10_000 }).toBe(true);
        await expect.poll(() => gateway.catalog.learnedRequests().filter((pair) => pair.tool === LATE_TOOL), { timeout: 10_000 }).toEqual([{ request: REQUEST, tool: LATE_TOOL, tenant: workspace }]);
        await expect.poll(first, { timeout: 10_000 }).toBe(LATE_TOOL);
      } finally {
        await upstreams.close();
      }
    } finally {
      await gateway.close();
    }
  }, 60_000);
});
