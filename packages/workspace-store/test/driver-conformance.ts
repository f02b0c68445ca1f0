// The conformance file every WorkspaceStore driver passes (STYLE.md §3): SQLite and PostgreSQL
// run these same tests with their own factory. It pins the SQL surface the tools rely on
// (placeholders, ids, counts as numbers, the dialect's date and string functions), atomic
// batches and transactions, exact credits and quota under concurrent callers, and isolation.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearOfHourTurn } from "../../../tooling/hour-turn.mjs";
import {
  CallLog,
  chargeCredits,
  containsPattern,
  dialectSql,
  isAdminToken,
  issueAdminToken,
  issueToken,
  LIKE_ESCAPE,
  listTokens,
  resolveToken,
  revokeToken,
  MIGRATIONS,
  pageQuery,
  requireDomain,
  SCHEMA_VERSION,
  StoreQuotaDriver,
  WorkspaceStoreError,
} from "../src/index";
import type { WorkspaceStore } from "../src/index";

const AT = new Date("2026-11-30T10:15:00.000Z");

async function seedWorkspace(store: WorkspaceStore, id: string, credits = 5): Promise<number> {
  await store.run(
    "INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    [id, id.replace("ws_", "w-"), "free", credits, "2026-11-29", "2026-01-01T00:00:00Z"],
  );
  const domain = await store.run(
    "INSERT INTO domains (workspace_id, hostname, label, country, vertical, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    [id, `${id}.example`, "A", "us", "x", "2026-01-01"],
  );
  return domain.lastInsertId;
}

/** Registers the conformance tests for a driver made by `open` and disposed by `dispose`. */
export function workspaceStoreConformance(
  name: string,
  open: () => Promise<WorkspaceStore>,
  dispose: (store: WorkspaceStore) => Promise<void>,
): void {
  describe(`${name} (WorkspaceStore conformance)`, () => {
    let store: WorkspaceStore;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => dispose(store));

    it("migrates idempotently and records every migration", async () => {
      await store.migrate();
      expect(await store.all("SELECT id FROM workspaces")).toEqual([]);
      expect(await store.all("SELECT version FROM schema_migrations ORDER BY version")).toEqual(
        MIGRATIONS.map((migration) => ({ version: migration.version })),
      );
      expect(SCHEMA_VERSION).toBe(10);
    });

    it("inserts, reads and reports the new row id", async () => {
      const domainId = await seedWorkspace(store, "ws_1");
      expect(domainId).toBeGreaterThan(0);
      expect(await store.get("SELECT hostname FROM domains WHERE id = ?", [domainId])).toEqual({
        hostname: "ws_1.example",
      });
      expect(
        await store.get("SELECT hostname FROM domains WHERE id = ?", [domainId + 100]),
      ).toBeUndefined();
      expect(await store.run("UPDATE domains SET label = ? WHERE id = ?", ["B", domainId])).toEqual(
        {
          changes: 1,
          lastInsertId: 0,
        },
      );
    });

    it("bulk-inserts thousands of rows; counts and sums are numbers; columns without rows", async () => {
      const rows = Array.from({ length: 5000 }, (_, index) => ({
        domain_id: 1,
        day: "2026-01-01",
        keyword: `k${index}`,
        impressions: index,
        clicks: 0,
        position: 1.5,
      }));
      await store.insertMany("bing_keywords", rows);
      expect(
        await store.get(
          "SELECT COUNT(*) AS n, SUM(impressions) AS total, AVG(position) AS average FROM bing_keywords WHERE domain_id = ?",
          [1],
        ),
      ).toEqual({ n: 5000, total: (4999 * 5000) / 2, average: 1.5 });
      expect(
        await store.columns("SELECT keyword, clicks AS c FROM bing_keywords WHERE domain_id = ?", [
          9,
        ]),
      ).toEqual(["keyword", "c"]);
    });

    it("keeps generating ids after rows that brought their own", async () => {
      await seedWorkspace(store, "ws_1");
      await store.insertMany("members", [
        {
          id: 50,
          workspace_id: "ws_1",
          email: "a@x.io",
          name: "A",
          role: "admin",
          invited_at: "2026-01-01",
        },
      ]);
      const next = await store.run(
        "INSERT INTO members (workspace_id, email, name, role, invited_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
        ["ws_1", "b@x.io", "B", "viewer", "2026-01-02"],
      );
      expect(next.lastInsertId).toBe(51);
    });

    it("refuses table or column names that are not plain identifiers", async () => {
      const error = await store
        .insertMany("bing_keywords; DROP TABLE x", [{ a: 1 }])
        .catch((caught: unknown) => caught);
      expect(WorkspaceStoreError.isInstance(error) && error.code).toBe("INVALID_ARGUMENT");
      expect((error as Error).message).toMatch(/^insertMany: table and column names must match/);
    });

    it("gives each dialect helper's SQL the same answers as SQLite's own functions", async () => {
      const d = dialectSql(store.dialect);
      const days = [
        "2026-01-01",
        "2026-01-04",
        "2026-01-05",
        "2026-03-15",
        "2026-12-31",
        "2024-12-30",
        "2027-01-03",
      ];
      const weeks = [];
      for (const day of days)
        weeks.push(
          await store.get(
            `SELECT ${d.week("day")} AS week, ${d.weekday("day")} AS weekday FROM (SELECT ? AS day) AS given`,
            [day],
          ),
        );
      // Across year boundaries: days before a year's first Monday are its week 00.
      expect(weeks).toEqual([
        { week: "2026-W00", weekday: "4" },
        { week: "2026-W00", weekday: "0" },
        { week: "2026-W01", weekday: "1" },
        { week: "2026-W10", weekday: "0" },
        { week: "2026-W52", weekday: "4" },
        { week: "2024-W53", weekday: "1" },
        { week: "2027-W00", weekday: "0" },
      ]);
      expect(
        await store.get(
          `SELECT ${d.julianDay("'2026-11-29T12:00:00.000Z'")} - ${d.julianDay("?")} AS days, ${d.truncate("2.7")} AS up, ${d.truncate("-2.7")} AS down, ${d.truncate("? - 0.5")} AS cut, ROUND(CAST(2.345 AS NUMERIC), 2) AS rounded, ROUND(CAST(7.5 AS NUMERIC)) AS whole, ROUND(CAST(-7.5 AS NUMERIC)) AS negative_whole, ${d.greatest("1", "3")} AS larger, ${d.least("4", "2")} AS smaller, ${d.position("'a,b'", "','")} AS comma, ${d.position("'ab'", "','")} AS none, substr('2026-11-29', 1, 7) AS month`,
          ["2026-11-28", -3],
        ),
      ).toEqual({
        days: 1.5,
        up: 2,
        down: -2,
        cut: -3,
        rounded: 2.35,
        whole: 8,
        negative_whole: -8,
        larger: 3,
        smaller: 2,
        comma: 2,
        none: 0,
        month: "2026-11",
      });
      await seedWorkspace(store, "ws_1");
      await seedWorkspace(store, "ws_2");
      await store.run("UPDATE domains SET label = ? WHERE hostname = ?", ["B", "ws_2.example"]);
      // Values in the order the subquery gives them; DISTINCT and a separator of one's own.
      expect(
        await store.get(
          `SELECT ${d.groupConcat("hostname")} AS hosts, ${d.groupConcat("hostname", { separator: "' > '" })} AS path, ${d.groupConcat("country", { distinct: true })} AS countries, COUNT(*) > 1 AS many FROM (SELECT hostname, country FROM domains ORDER BY id) AS d`,
        ),
      ).toEqual({
        hosts: "ws_1.example,ws_2.example",
        path: "ws_1.example > ws_2.example",
        countries: "us",
        many: 1,
      });
    });

    // Regression (issue 37): julianday differences are doubles on SQLite and numerics on
    // PostgreSQL, so a half minute or a whole day could round or cut differently.
    it("counts whole seconds between instants alike, for minutes rounded and whole days cut", async () => {
      const d = dialectSql(store.dialect);
      expect(
        await store.get(
          `SELECT ${d.secondsBetween("'2026-11-29T10:00:00.000Z'", "?")} AS seconds, ROUND(CAST(${d.secondsBetween("'2026-11-29T10:00:00.000Z'", "'2026-11-29T10:07:30.900Z'")} / 60.0 AS NUMERIC)) AS minutes, ${d.secondsBetween("?", "'2026-12-28T23:59:59.000Z'")} / 86400 AS days, ${d.secondsBetween("'2026-11-29T12:00:00.000Z'", "'2026-11-28'")} / 86400 AS back`,
          ["2026-11-29T10:07:30.000Z", "2026-11-28"],
        ),
      ).toEqual({ seconds: 450, minutes: 8, days: 30, back: -1 });
    });

    // Regression (issue 37): without an order each database joined a group's values in its own
    // order, so tools listing them answered differently on the two stores.
    it("joins a group's values in the order asked, with DISTINCT too, in each group", async () => {
      const d = dialectSql(store.dialect);
      for (const id of ["ws_1", "ws_2", "ws_3", "ws_4"]) await seedWorkspace(store, id);
      await store.run("UPDATE domains SET country = ?, label = ? WHERE hostname IN (?, ?)", [
        "se", "B", "ws_2.example", "ws_4.example",
      ]);
      expect(
        await store.all(
          `SELECT label, ${d.groupConcat("hostname", { orderBy: "hostname DESC" })} AS hosts, ${d.groupConcat("hostname", { separator: "' > '", orderBy: "id DESC" })} AS path FROM domains GROUP BY label ORDER BY label`,
        ),
      ).toEqual([
        { label: "A", hosts: "ws_3.example,ws_1.example", path: "ws_3.example > ws_1.example" },
        { label: "B", hosts: "ws_4.example,ws_2.example", path: "ws_4.example > ws_2.example" },
      ]);
      expect(
        await store.get(
          `SELECT ${d.groupConcat("country", { distinct: true, orderBy: "country" })} AS countries FROM (SELECT country FROM domains ORDER BY id) AS d`,
        ),
      ).toEqual({ countries: "se,us" });
    });

    it("matches text without regard to ASCII case, its LIKE wildcards escaped when asked", async () => {
      const d = dialectSql(store.dialect);
      await seedWorkspace(store, "ws_1");
      await store.run("UPDATE domains SET label = ?", ["Shop_100% Sale"]);
      const matching = async (pattern: string, escaped: boolean) =>
        (
          await store.all(
            `SELECT label FROM domains WHERE ${d.likeIgnoringCase("label", "?")}${escaped ? ` ${LIKE_ESCAPE}` : ""}`,
            [pattern],
          )
        ).length;
      expect(await matching("shop%", false)).toBe(1);
      expect(await matching("%\\_100\\%%", true)).toBe(1);
      expect(await matching("%\\_1000%", true)).toBe(0);
      // containsPattern's text matches literally: `%` and `_` are no wildcards in it.
      expect(await matching(containsPattern("SHOP_100%"), true)).toBe(1);
      expect(await matching(containsPattern("shop_100% sale"), true)).toBe(1);
      expect(await matching(containsPattern("p%1"), true)).toBe(0);
      expect(await matching(containsPattern("shopx100"), true)).toBe(0);
    });

    it("runs a batch atomically: a failing statement leaves nothing behind", async () => {
      await seedWorkspace(store, "ws_1");
      await expect(
        store.batch([
          { sql: "UPDATE workspaces SET credits = 0 WHERE id = 'ws_1'" },
          {
            sql: "INSERT INTO workspaces (id, name, plan, credits, data_as_of, created_at) VALUES ('ws_1', 'dup', 'free', 5, 'x', 'now')",
          },
        ]),
      ).rejects.toThrow(/^store rejected a statement/);
      expect(await store.get("SELECT credits FROM workspaces WHERE id = 'ws_1'")).toEqual({
        credits: 5,
      });
    });

    it("rolls a transaction back whole, including the store's own calls made inside it", async () => {
      await seedWorkspace(store, "ws_1");
      const failure = new Error("handler failed");
      await expect(
        store.transaction(async (queries) => {
          await queries.run("UPDATE workspaces SET credits = 1 WHERE id = 'ws_1'");
          await store.run("UPDATE workspaces SET plan = 'pro' WHERE id = 'ws_1'");
          await store.batch([{ sql: "UPDATE domains SET label = 'inside'" }]);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await store.get("SELECT credits, plan FROM workspaces WHERE id = 'ws_1'")).toEqual({
        credits: 5,
        plan: "free",
      });
      expect(await store.get("SELECT label FROM domains")).toEqual({ label: "A" });
      await store.transaction(async () =>
        store.run("UPDATE workspaces SET credits = 9 WHERE id = 'ws_1'"),
      );
      expect(await store.get("SELECT credits FROM workspaces WHERE id = 'ws_1'")).toEqual({
        credits: 9,
      });
    });

    it("keeps a transaction's writes from other calls until it commits", async () => {
      await seedWorkspace(store, "ws_1");
      const transaction = await store.begin();
      await transaction.run("UPDATE workspaces SET credits = 0 WHERE id = 'ws_1'");
      const outside = store.get<{ credits: number }>(
        "SELECT credits FROM workspaces WHERE id = 'ws_1'",
      );
      await transaction.rollback();
      // SQLite makes the outside call wait for the rollback; PostgreSQL reads the committed row.
      expect(await outside).toEqual({ credits: 5 });
    });

    it("charges credits exactly under concurrent paid calls and never below zero", async () => {
      await seedWorkspace(store, "ws_1", 20);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          store.transaction((queries) => chargeCredits(queries, "ws_1", "paid_tool", 1)),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(20);
      const refused = outcomes.find(
        (outcome) => outcome.status === "rejected",
      ) as PromiseRejectedResult;
      expect(refused.reason.code).toBe("CREDITS_EXHAUSTED");
      expect(refused.reason.message).toBe(
        "paid_tool costs 1 credit and the workspace has 0; nothing was run or charged. Upgrade the plan (account_change_plan) or wait for the monthly refill.",
      );
      expect(await store.get("SELECT credits FROM workspaces WHERE id = 'ws_1'")).toEqual({
        credits: 0,
      });
      expect(
        await store.get(
          "SELECT COUNT(*) AS n, SUM(amount) AS spent, MIN(balance_after) AS lowest FROM credit_ledger",
        ),
      ).toEqual({
        n: 20,
        spent: -20,
        lowest: 0,
      });
    });

    it("counts the hourly quota exactly under concurrent callers, per workspace and hour", async () => {
      const quota = new StoreQuotaDriver(store);
      const decisions = await Promise.all(
        Array.from({ length: 200 }, () => quota.consume("busy", 37, AT)),
      );
      expect(
        decisions
          .filter((decision) => decision.allowed)
          .map((decision) => decision.used)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 37 }, (_, index) => index + 1));
      expect(decisions.find((decision) => !decision.allowed)).toEqual({
        allowed: false,
        used: 37,
        cap: 37,
        resetAt: new Date("2026-11-30T11:00:00.000Z"),
      });
      expect((await quota.consume("other", 1, AT)).allowed).toBe(true);
      expect((await quota.consume("busy", 37, new Date("2026-11-30T11:00:00.000Z"))).used).toBe(1);
      expect(await quota.consume("zero", 0, AT)).toMatchObject({ allowed: false, used: 0 });
      expect(
        await store.all("SELECT window_start FROM quota_usage WHERE workspace = 'busy'"),
      ).toEqual([{ window_start: Date.parse("2026-11-30T11:00:00.000Z") }]);
    });

    it("refuses another workspace's domain and pages with bounded offsets", async () => {
      const mine = await seedWorkspace(store, "ws_1");
      const theirs = await seedWorkspace(store, "ws_2");
      expect((await requireDomain(store, "ws_1", mine)).hostname).toBe("ws_1.example");
      await expect(requireDomain(store, "ws_1", theirs)).rejects.toThrow(
        `domain_id ${theirs} is not a domain of this workspace; call list_domains for valid ids.`,
      );
      const query: [string, (string | number)[]] = [
        "SELECT id, hostname FROM domains WHERE workspace_id = ? ORDER BY id",
        ["ws_1"],
      ];
      expect(await pageQuery(store, query, { fields: ["hostname"] })).toEqual({
        rows: [{ hostname: "ws_1.example" }],
        paging: { offset: 0, limit: 25, total: 1, has_more: false, next_offset: null },
      });
      await expect(pageQuery(store, query, { offset: 1e300 })).rejects.toThrow(
        "offset must be an integer from 0 to 9007199254740991; got 1e+300.",
      );
      await expect(pageQuery(store, query, { fields: ["nope"] })).rejects.toThrow(
        "fields: unknown column nope; valid columns: id, hostname.",
      );
    });

    it("logs calls: hourly counts with every hour present, top tools, refusals by code, retention", async () => {
      await seedWorkspace(store, "ws_1");
      const log = new CallLog(store, { retentionDays: 2 });
      const at = (iso: string) => new Date(iso);
      const calls: [string, string, string][] = [
        ["2026-11-30T08:05:00.000Z", "uptime_is_site_down", "ok"],
        ["2026-11-30T10:01:00.000Z", "uptime_is_site_down", "ok"],
        ["2026-11-30T10:02:00.000Z", "eshop_list_orders", "QUOTA_EXCEEDED"],
        ["2026-11-30T10:03:00.000Z", "nope_tool", "UNKNOWN_TOOL"],
        ["2026-11-30T10:04:00.000Z", "uptime_is_site_down", "SCOPE_DENIED"],
      ];
      for (const [iso, tool, outcome] of calls)
        await log.record({ workspaceId: "ws_1", tool, kind: tool === "nope_tool" ? null : "read", outcome, latencyMs: 4.4, at: at(iso) });
      await log.record({ workspaceId: "ws_other", tool: "eshop_list_orders", kind: "read", outcome: "ok", latencyMs: 1, at: AT });
      const hours = await log.hourly("ws_1", 4, AT);
      expect(hours).toEqual([
        { hour: "2026-11-30T07", calls: 0, refused: 0 },
        { hour: "2026-11-30T08", calls: 1, refused: 0 },
        { hour: "2026-11-30T09", calls: 0, refused: 0 },
        { hour: "2026-11-30T10", calls: 4, refused: 3 },
      ]);
      const since = at("2026-11-29T00:00:00.000Z");
      expect(await log.topTools("ws_1", since, 2)).toEqual([
        { tool: "uptime_is_site_down", kind: "read", calls: 3, refused: 1, avgMs: 4 },
        { tool: "eshop_list_orders", kind: "read", calls: 1, refused: 1, avgMs: 4 },
      ]);
      expect(await log.refusals("ws_1", since)).toEqual([
        { code: "QUOTA_EXCEEDED", calls: 1 },
        { code: "SCOPE_DENIED", calls: 1 },
        { code: "UNKNOWN_TOOL", calls: 1 },
      ]);
      expect(await log.prune(at("2026-12-02T09:00:00.000Z"))).toBe(1);
      expect(await store.get("SELECT COUNT(*) AS n FROM call_events")).toEqual({ n: 5 });
      expect(() => new CallLog(store, { retentionDays: 0 })).toThrow("retentionDays must be an integer from 1 to 366; got 0");
      expect(() => new CallLog(store, { retentionDays: 400 })).toThrow("retentionDays must be an integer from 1 to 366; got 400");
    });

    it("queues calls and writes them in batches: at 200, after 250 ms, before any summary, on close", { timeout: 60_000 }, async () => {
      await clearOfHourTurn(20_000); // it reads this hour's row
      const log = new CallLog(store);
      const count = async () => Number((await store.get<{ n: number }>("SELECT COUNT(*) AS n FROM call_events"))!.n);
      const call = { workspaceId: "ws_1", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 };
      for (let index = 0; index < 199; index++) await log.record(call);
      expect(await count()).toBe(0);
      await log.record(call);
      expect(await count()).toBe(200);
      await log.record(call);
      await expect.poll(count, { timeout: 10_000 }).toBe(201);
      await log.record(call);
      expect((await log.hourly("ws_1", 1)).at(-1)!.calls).toBe(202);
      await log.record(call);
      await log.close();
      expect(await count()).toBe(203);
    });

    it("regression: a summary waits for a batch a timer is already writing (PostgreSQL read it before it landed)", async () => {
      const log = new CallLog(store);
      const call = { workspaceId: "ws_1", tool: "t", kind: "read", outcome: "ok", latencyMs: 1 };
      for (let index = 0; index < 5; index++) await log.record(call);
      const inFlight = log.flush(); // what the 250 ms timer does: the queue is now empty, its batch not yet written
      expect(await log.topTools("ws_1", new Date(0))).toEqual([{ tool: "t", kind: "read", calls: 5, refused: 0, avgMs: 1 }]);
      await inFlight;
      await log.record(call);
      const writes = [log.flush(), log.flush(), log.close()];
      expect((await log.refusals("ws_1", new Date(0)))).toEqual([]);
      await Promise.all(writes);
      expect(await store.get("SELECT COUNT(*) AS n FROM call_events")).toEqual({ n: 6 });
    });

    it("lists tokens with their last use, revokes one, rotates the admin token", async () => {
      await seedWorkspace(store, "ws_1");
      const token = await issueToken(store, "ws_1", "read", "ci bot");
      const credential = await resolveToken(store, token);
      const [row] = await listTokens(store, "ws_1");
      expect(row).toMatchObject({ id: credential!.tokenId, label: "ci bot", scope: "read", last_used_at: null, revoked_at: null });
      const log = new CallLog(store);
      await log.record({ workspaceId: "ws_1", tool: "t", kind: "read", outcome: "ok", latencyMs: 1, tokenId: row!.id, at: AT });
      await log.close();
      expect((await listTokens(store, "ws_1"))[0]!.last_used_at).toBe(AT.toISOString());
      await expect(revokeToken(store, "ws_2", row!.id)).rejects.toThrow(`token ${row!.id} is not a live token of this workspace`);
      await revokeToken(store, "ws_1", row!.id);
      expect(await resolveToken(store, token)).toBeUndefined();
      await expect(revokeToken(store, "ws_1", row!.id)).rejects.toThrow(WorkspaceStoreError);
      const first = await issueAdminToken(store);
      expect(first).toMatch(/^amc_admin_[A-Za-z0-9_-]{32}$/);
      expect(await isAdminToken(store, first)).toBe(true);
      const second = await issueAdminToken(store);
      expect(await isAdminToken(store, first)).toBe(false);
      expect(await isAdminToken(store, second)).toBe(true);
      expect(await isAdminToken(store, "")).toBe(false);
      expect(JSON.stringify(await store.all("SELECT * FROM admin_tokens"))).not.toContain(second);
    });
  });
}
