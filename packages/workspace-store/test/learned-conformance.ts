// The operator's view of tool search's learned requests on every driver (run by sqlite.test.ts and
// postgres.test.ts; issue 32, session 31): a page of rows newest first with each workspace's name
// and the count in all, rows per tool, a forget that deletes exactly the selection it names (one
// id, a tool, a workspace, both, or all) and counts itself in learned_request_forgets in the same
// transaction, so instances sharing the store can tell at their next poll that rows went.
import { expect, it } from "vitest";
import { describeOnMigratedStore, workspaceMaker } from "../../../tooling/store-suite.mjs";
import { insertWorkspace, LearnedRequestLog } from "../src/index";
import type { WorkspaceStore } from "../src/index";

const workspace = workspaceMaker(insertWorkspace);

/** Registers the learned-request operations' tests for a driver made by `open` and disposed by `dispose`. */
export function learnedRequestsConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describeOnMigratedStore(`${name} (learned requests: list and forget)`, open, dispose, (store) => {
    // Five rows: alpha a→x, beta b→x, alpha c→y, beta d→y, alpha e→x (ids increasing in that order).
    const seeded = async () => {
      const alpha = await workspace(store(), "alpha");
      const beta = await workspace(store(), "beta");
      const log = new LearnedRequestLog(store());
      const rows: [string, string, string][] = [
        [alpha, "tool_x", "a"],
        [beta, "tool_x", "b"],
        [alpha, "tool_y", "c"],
        [beta, "tool_y", "d"],
        [alpha, "tool_x", "e"],
      ];
      for (const [workspaceId, tool, request] of rows) await log.record({ workspaceId, tool, request, at: new Date(`2026-12-0${request.charCodeAt(0) - 96}T10:00:00.000Z`) });
      await log.flush();
      const ids = (await log.after(0)).map((row) => row.id);
      return { alpha, beta, log, ids };
    };
    const requestsLeft = async (log: LearnedRequestLog) => (await log.after(0)).map((row) => row.request);

    it("keeps a request without what looks like a secret, and cleans the rows an earlier version stored", async () => {
      const gamma = await workspace(store(), "gamma");
      const log = new LearnedRequestLog(store());
      await log.record({ workspaceId: gamma, tool: "tool_k", request: "rotate key sk-live-4f9aK2mXq81LzQ7wZbT now" });
      await log.record({ workspaceId: gamma, tool: "tool_k", request: "ops@example.com" });
      await log.flush();
      expect(await requestsLeft(log)).toEqual(["rotate key now"]);
      // Rows as an earlier version wrote them, the text as the agent sent it.
      const at = "2026-12-01T10:00:00.000Z";
      await store().insertMany("learned_requests", [
        { workspace_id: gamma, tool: "tool_k", request: "refund to jane@example.com please", learned_at: at },
        { workspace_id: gamma, tool: "tool_k", request: "plain words stay", learned_at: at },
        { workspace_id: gamma, tool: "tool_k", request: "token=abc123", learned_at: at },
        { workspace_id: gamma, tool: "tool_k", request: "4111 1111 1111 1111", learned_at: at },
      ]);
      expect(await log.scrub(await log.after(0))).toEqual({ rewritten: 2, deleted: 1 });
      expect(await requestsLeft(log)).toEqual(["rotate key now", "refund to please", "plain words stay", "token"]);
      expect(await log.scrub(await log.after(0))).toEqual({ rewritten: 0, deleted: 0 });
    });

    it("lists a selection newest first with the workspace's name, a page at a time, and counts rows per tool", async () => {
      const { alpha, log, ids } = await seeded();
      const all = await log.list();
      expect([all.total, all.offset, all.limit]).toEqual([5, 0, 50]);
      expect(all.rows.map((row) => [row.workspaceName, row.tool, row.request])).toEqual([
        ["alpha", "tool_x", "e"],
        ["beta", "tool_y", "d"],
        ["alpha", "tool_y", "c"],
        ["beta", "tool_x", "b"],
        ["alpha", "tool_x", "a"],
      ]);
      expect(all.rows[0]).toEqual({ id: ids[4], workspaceId: alpha, workspaceName: "alpha", tool: "tool_x", request: "e", learnedAt: "2026-12-05T10:00:00.000Z" });
      const page = await log.list({ workspaceId: alpha }, { limit: 2, offset: 1 });
      expect([page.total, page.rows.map((row) => row.request)]).toEqual([3, ["c", "a"]]);
      expect((await log.list({ workspaceId: alpha, tool: "tool_x" })).rows.map((row) => row.request)).toEqual(["e", "a"]);
      expect((await log.list({ id: ids[1] })).rows.map((row) => row.request)).toEqual(["b"]);
      expect(await log.countsPerTool()).toEqual([
        { tool: "tool_x", count: 3 },
        { tool: "tool_y", count: 2 },
      ]);
      expect(await log.countsPerTool({ workspaceId: alpha })).toEqual([
        { tool: "tool_x", count: 2 },
        { tool: "tool_y", count: 1 },
      ]);
      await expect(log.list({}, { limit: 0 })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: "limit must be an integer from 1 to 1000; got 0" });
      await expect(log.list({}, { limit: 1001 })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: "limit must be an integer from 1 to 1000; got 1001" });
      await expect(log.list({}, { offset: -1 })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: "offset must be an integer from 0 to 1000000; got -1" });
      await expect(log.list({ tool: "t".repeat(129) })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: "tool must be text of 1 to 128 characters; got 129 characters" });
    });

    it("forgets exactly what a selection names: one id, a tool, a workspace's tool, a workspace, then all", async () => {
      const { alpha, beta, log, ids } = await seeded();
      expect(await log.forget({ id: ids[2]! })).toBe(1);
      expect(await requestsLeft(log)).toEqual(["a", "b", "d", "e"]);
      expect(await log.forget({ id: ids[2]! })).toBe(0);
      expect(await log.forget({ workspaceId: beta, tool: "tool_x" })).toBe(1);
      expect(await requestsLeft(log)).toEqual(["a", "d", "e"]);
      expect(await log.forget({ tool: "tool_y" })).toBe(1);
      expect(await requestsLeft(log)).toEqual(["a", "e"]);
      expect(await log.forget({ id: ids[0]!, workspaceId: beta })).toBe(0);
      expect(await log.forgetWorkspace(alpha)).toBe(2);
      expect(await requestsLeft(log)).toEqual([]);
      await log.record({ workspaceId: beta, tool: "tool_z", request: "f" });
      expect(await log.forgetAll()).toBe(1);
      expect(await requestsLeft(log)).toEqual([]);
    });

    // Since migration 9 a forget that deleted no row counts too: it may name a request another
    // instance still queues (learned-fence-conformance.ts), and that instance's catalog learned it.
    it("counts every forget in learned_request_forgets, in its transaction, also one that deleted no row", async () => {
      const { log, ids } = await seeded();
      expect(await log.forgets()).toBe(0);
      await log.forget({ id: ids[0]! });
      expect(await log.forgets()).toBe(1);
      await log.forget({ tool: "tool_nobody_has" });
      expect(await log.forgets()).toBe(2);
      // Another instance's log on the same store reads the same count.
      await log.forget({ tool: "tool_y" });
      expect(await new LearnedRequestLog(store()).forgets()).toBe(3);
      const row = await store().get<{ forgets: number; last_forgot_at: string }>("SELECT forgets, last_forgot_at FROM learned_request_forgets");
      expect([Number(row!.forgets), row!.last_forgot_at]).toEqual([3, expect.stringMatching(/^\d{4}-\d\d-\d\dT/)]);
      // A forget whose count cannot be written deletes nothing (one transaction).
      await store().run("ALTER TABLE learned_request_forgets RENAME TO learned_request_forgets_away");
      await expect(log.forget({ tool: "tool_x" })).rejects.toThrow(/learned_request_forgets/);
      await store().run("ALTER TABLE learned_request_forgets_away RENAME TO learned_request_forgets");
      expect(await requestsLeft(log)).toEqual(["b", "e"]);
    });

    it("writes what is queued before it forgets, so a request learned just before goes too", async () => {
      const alpha = await workspace(store(), "alpha");
      const log = new LearnedRequestLog(store());
      void log.record({ workspaceId: alpha, tool: "tool_x", request: "queued words" });
      expect(await log.forget({ tool: "tool_x" })).toBe(1);
      expect(await requestsLeft(log)).toEqual([]);
    });
  });
}
