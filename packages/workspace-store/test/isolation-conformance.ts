// Tenant isolation and bounded growth on every driver (issue 39 T4, T13; run by sqlite.test.ts
// and postgres.test.ts): the cap on live tokens per workspace, call-log batches retried on a
// database error, then counted when dropped, and the learned requests of tool search (kept
// newest first up to their bound, gone with their workspace, never thrown at the caller). (The session cap per workspace and the event log's
// share per session moved with the MCP session rows to the gateway's transport:
// apps/amicited-gateway/test/support/session-conformance.ts.)
import { expect, it } from "vitest";
import { describeOnMigratedStore, tokenIdsOf as tokenIds, workspaceMaker } from "../../../tooling/store-suite.mjs";
import { CallLog, LearnedRequestLog, insertWorkspace, issueToken, MAX_LIVE_TOKENS_PER_WORKSPACE, revokeToken } from "../src/index";
import type { WorkspaceStore } from "../src/index";

const workspace = workspaceMaker(insertWorkspace);

/** Registers the isolation tests for a driver made by `open` and disposed by `dispose`. */
export function isolationConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describeOnMigratedStore(`${name} (tenant isolation and bounded growth)`, open, dispose, (store) => {
    it("caps live API tokens per workspace; a revoked one frees its place (T4)", async () => {
      const a = await workspace(store(), "alpha");
      const b = await workspace(store(), "beta");
      for (let index = 0; index < MAX_LIVE_TOKENS_PER_WORKSPACE; index++) await issueToken(store(), a, "read", `t${index}`);
      await expect(issueToken(store(), a, "read", "one more")).rejects.toMatchObject({
        code: "TOKEN_LIMIT",
        message: `workspace ${a} already has 25 live API tokens, the cap per workspace; revoke one (account_revoke_api_token, see account_list_api_tokens) before creating another.`,
      });
      expect(await tokenIds(store(), a)).toHaveLength(25);
      expect(await issueToken(store(), b, "read", "other workspace")).toMatch(/^amc_r_/);
      await revokeToken(store(), a, (await tokenIds(store(), a))[0]!);
      expect(await issueToken(store(), a, "write", "after a revoke")).toMatch(/^amc_w_/);
    });

    it("retries a call-log batch the database refused, then writes it once (T13)", async () => {
      const retries: string[] = [];
      const log = new CallLog(store(), {
        onRetry: (attempt, error) => {
          retries.push(`${attempt}: ${(error as Error).message.length > 0}`);
          // The database comes back after the first refusal.
          if (attempt === 1) void store().run("ALTER TABLE call_events_away RENAME TO call_events");
        },
      });
      await store().run("ALTER TABLE call_events RENAME TO call_events_away");
      for (let index = 0; index < 3; index++) await log.record({ workspaceId: "ws_a", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 });
      await log.flush();
      expect(retries).toEqual(["1: true"]);
      expect(await store().get("SELECT COUNT(*) AS n FROM call_events")).toEqual({ n: 3 });
      expect(log.dropped).toBe(0);
    });

    it("drops a batch after four refused tries and counts its calls (T13)", async () => {
      const attempts: number[] = [];
      const log = new CallLog(store(), { onRetry: (attempt) => attempts.push(attempt) });
      await store().run("ALTER TABLE call_events RENAME TO call_events_away");
      for (let index = 0; index < 5; index++) await log.record({ workspaceId: "ws_a", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 });
      await expect(log.flush()).rejects.toMatchObject({ code: "STORE", message: expect.stringMatching(/^call log: 5 calls not written \(the database refused them 4 times; 5 dropped since start\): /) });
      expect(attempts).toEqual([1, 2, 3]);
      expect(log.dropped).toBe(5);
      await store().run("ALTER TABLE call_events_away RENAME TO call_events");
      await log.record({ workspaceId: "ws_a", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 });
      await log.flush();
      expect(await store().get("SELECT COUNT(*) AS n FROM call_events")).toEqual({ n: 1 });
    });

    const learnedIn = async (workspaceId?: string) =>
      (await store().all<{ workspace_id: string; tool: string; request: string }>("SELECT workspace_id, tool, request FROM learned_requests ORDER BY id")).filter(
        (row) => workspaceId === undefined || row.workspace_id === workspaceId,
      );

    it("keeps learned requests oldest first, reads them after an id, and keeps each workspace's fair share of keepRows", async () => {
      const a = await workspace(store(), "alpha");
      const b = await workspace(store(), "beta");
      const log = new LearnedRequestLog(store(), { keepRows: 3 });
      for (let index = 1; index <= 5; index++) await log.record({ workspaceId: index % 2 === 0 ? b : a, tool: `tool_${index}`, request: `words ${index}` });
      await log.flush(); // the first batch prunes: the newest of each (5, 4), then the newer of the second newest (3, not 2)
      const kept = await log.after(0);
      expect(kept.map((row) => [row.workspaceId, row.tool, row.request])).toEqual([
        [a, "tool_3", "words 3"],
        [b, "tool_4", "words 4"],
        [a, "tool_5", "words 5"],
      ]);
      expect(kept[0]!.id).toBeLessThan(kept[1]!.id);
      expect(kept[0]!.learnedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await log.after(kept[1]!.id)).map((row) => row.tool)).toEqual(["tool_5"]);
      expect((await log.after(0, 1)).map((row) => row.tool)).toEqual(["tool_3"]);
      // Within the minute nothing is pruned while writing; prune() cuts to the bound by fair shares:
      // alpha's newest two and beta's one (its newest ranks before alpha's second), not the newest three of all.
      for (let index = 6; index <= 7; index++) await log.record({ workspaceId: a, tool: `tool_${index}`, request: `words ${index}` });
      await log.flush();
      expect(await learnedIn()).toHaveLength(5);
      expect(await log.prune()).toBe(2);
      expect((await learnedIn()).map((row) => row.tool)).toEqual(["tool_4", "tool_6", "tool_7"]);
      expect(await log.prune()).toBe(0);
      expect(() => new LearnedRequestLog(store(), { keepRows: 0 })).toThrow("keepRows must be an integer from 1 to 1000000; got 0");
    });

    it("deletes a workspace's learned requests with the workspace, or on forgetWorkspace; forgetAll empties the table", async () => {
      const a = await workspace(store(), "alpha");
      const b = await workspace(store(), "beta");
      const c = await workspace(store(), "gamma");
      const log = new LearnedRequestLog(store());
      for (const workspaceId of [a, b, c, a]) await log.record({ workspaceId, tool: "t", request: `from ${workspaceId}` });
      await log.flush();
      await store().run("DELETE FROM workspaces WHERE id = ?", [a]);
      expect((await learnedIn()).map((row) => row.workspace_id)).toEqual([b, c]);
      expect(await log.forgetWorkspace(b)).toBe(1);
      expect((await learnedIn()).map((row) => row.workspace_id)).toEqual([c]);
      expect(await log.forgetAll()).toBe(1);
      expect(await learnedIn()).toEqual([]);
    });

    it("never throws a refused learned-request write at the caller: the batch is retried, then dropped, counted and reported", async () => {
      const a = await workspace(store(), "alpha");
      const errors: string[] = [];
      const retries: number[] = [];
      const log = new LearnedRequestLog(store(), { onError: (error) => errors.push((error as Error).message), onRetry: (attempt) => retries.push(attempt) });
      await store().run("ALTER TABLE learned_requests RENAME TO learned_requests_away");
      await expect(log.record({ workspaceId: a, tool: "t", request: "lost words" })).resolves.toBeUndefined();
      await expect.poll(() => errors, { timeout: 10_000 }).toHaveLength(1);
      expect(errors[0]).toMatch(/^learned requests: 1 requests not written \(the database refused them 4 times; 1 dropped since start\): /);
      expect(retries).toEqual([1, 2, 3]);
      expect(log.dropped).toBe(1);
      await store().run("ALTER TABLE learned_requests_away RENAME TO learned_requests");
      await log.record({ workspaceId: a, tool: "t", request: "kept words" });
      await log.close();
      expect((await learnedIn()).map((row) => row.request)).toEqual(["kept words"]);
    });
  });
}
