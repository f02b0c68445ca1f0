// Tenant isolation and bounded growth on every driver (issue 39 T4, T13; run by sqlite.test.ts
// and postgres.test.ts): the cap on live tokens per workspace, and call-log batches retried on a
// database error, then counted when dropped. (The session cap per workspace and the event log's
// share per session moved with the MCP session rows to the gateway's transport:
// apps/amicited-gateway/test/support/session-conformance.ts.)
import { expect, it } from "vitest";
import { describeOnMigratedStore, tokenIdsOf as tokenIds, workspaceMaker } from "../../../tooling/store-suite.mjs";
import { CallLog, insertWorkspace, issueToken, MAX_LIVE_TOKENS_PER_WORKSPACE, revokeToken } from "../src/index";
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
  });
}
