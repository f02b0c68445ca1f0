// Search quality in use, kept in the store, on every driver (run by sqlite.test.ts and
// postgres.test.ts; issue 32, session 31): learned requests hold the rank their tool had in its
// search (migration 8), and choiceRanksPerDay counts them per UTC day in SQL: choices, first hit,
// top 3, first page of 10; a workspace's alone; rows without a rank left out; 1 to 90 days. A store
// at schema 7 (made by the shipped migrations 1-7) migrates to 8 with its rows kept, rank NULL.
import { describe, expect, it } from "vitest";
import { describeOnMigratedStore, workspaceMaker } from "../../../tooling/store-suite.mjs";
import { insertWorkspace, LearnedRequestLog, SCHEMA_VERSION } from "../src/index";
import type { WorkspaceStore } from "../src/index";
import { deleteChoiceCountsPastMaxDays } from "../src/choice-ranks";
import { learnedRequestKey } from "../src/learned-key";
import { onStoreAtSchema } from "./store-at-schema";

const workspace = workspaceMaker(insertWorkspace);
// The counts' last day: every row below is placed relative to it.
const NOW = new Date("2026-12-07T12:00:00.000Z");

/** Registers the choice-rank tests for a driver made by `open` (not migrated) and disposed by `dispose`. */
export function choiceRanksConformance(name: string, open: () => Promise<WorkspaceStore>, dispose: (store: WorkspaceStore) => Promise<void>): void {
  describeOnMigratedStore(`${name} (learned requests: search quality per day)`, open, dispose, (store) => {
    // alpha: 12-07 ranks 1, 2, 11; 12-06 ranks 3, 10; 12-05 no rank; 11-30 rank 1 (just before a 7-day window).
    // beta: 12-07 rank 1; 12-01 rank 4 (at midnight, the window's first instant).
    const seeded = async () => {
      const alpha = await workspace(store(), "alpha");
      const beta = await workspace(store(), "beta");
      const log = new LearnedRequestLog(store());
      const rows: [string, string, number | undefined][] = [
        [alpha, "2026-12-07T00:10:00.000Z", 1],
        [alpha, "2026-12-07T08:00:00.000Z", 2],
        [alpha, "2026-12-07T23:59:59.999Z", 11],
        [alpha, "2026-12-06T09:00:00.000Z", 3],
        [alpha, "2026-12-06T10:00:00.000Z", 10],
        [alpha, "2026-12-05T10:00:00.000Z", undefined],
        [alpha, "2026-11-30T23:59:59.999Z", 1],
        [beta, "2026-12-07T09:00:00.000Z", 1],
        [beta, "2026-12-01T00:00:00.000Z", 4],
      ];
      for (const [index, [workspaceId, at, rank]] of rows.entries())
        await log.record({ workspaceId, tool: "tool_x", request: `request ${index}`, at: new Date(at), ...(rank === undefined ? {} : { rank }) });
      return { alpha, beta, log };
    };

    it("counts ranked choices per UTC day in SQL, newest day first, days without one left out", async () => {
      const { log } = await seeded();
      expect(await log.choiceRanksPerDay({ days: 7, now: NOW })).toEqual({
        from: "2026-12-01",
        to: "2026-12-07",
        days: [
          { day: "2026-12-07", choices: 4, first: 2, top3: 3, firstPage: 3 },
          { day: "2026-12-06", choices: 2, first: 0, top3: 1, firstPage: 2 },
          { day: "2026-12-01", choices: 1, first: 0, top3: 0, firstPage: 1 },
        ],
        total: { choices: 7, first: 2, top3: 4, firstPage: 6 },
      });
      // One day more reaches 11-30; one day only is today's.
      expect((await log.choiceRanksPerDay({ days: 8, now: NOW })).days.map((day) => day.day)).toEqual(["2026-12-07", "2026-12-06", "2026-12-01", "2026-11-30"]);
      expect(await log.choiceRanksPerDay({ days: 1, now: NOW })).toMatchObject({ from: "2026-12-07", to: "2026-12-07", total: { choices: 4 } });
      // Fourteen days by default, counted to today's date when no `now` is given.
      const fortnight = await log.choiceRanksPerDay({ now: NOW });
      expect([fortnight.from, fortnight.total.choices]).toEqual(["2026-11-24", 8]);
      expect((await log.choiceRanksPerDay()).to).toBe(new Date().toISOString().slice(0, 10));
    });

    it("counts one workspace's rows alone, and leaves out rows with no rank", async () => {
      const { alpha, beta, log } = await seeded();
      expect((await log.choiceRanksPerDay({ workspaceId: beta, days: 7, now: NOW })).days).toEqual([
        { day: "2026-12-07", choices: 1, first: 1, top3: 1, firstPage: 1 },
        { day: "2026-12-01", choices: 1, first: 0, top3: 0, firstPage: 1 },
      ]);
      const alphaDays = await log.choiceRanksPerDay({ workspaceId: alpha, days: 3, now: NOW });
      // 12-05's row has no rank: no day, no choice.
      expect(alphaDays.days.map((day) => day.day)).toEqual(["2026-12-07", "2026-12-06"]);
      expect(alphaDays.total).toEqual({ choices: 5, first: 1, top3: 3, firstPage: 4 });
      expect((await log.list({ workspaceId: alpha })).total).toBe(7);
      expect(await store().all("SELECT chosen_rank FROM learned_requests WHERE learned_at LIKE '2026-12-05%'")).toEqual([{ chosen_rank: null }]);
    });

    // Session 36 (review of session 35, finding 1): the prune keeps what the catalog keeps, a
    // request said again once and each workspace's tool's newest 20, so the rows hold far fewer
    // choices than were made. The counts are kept apart, per workspace and UTC day, written with
    // each batch; the prune leaves them. Before, the counts were taken from the rows.
    it("keeps every choice through a prune that drops the rows of a busy tool past its bound (regression: 14 days of 10 a day counted 20 over 2 days)", async () => {
      const alpha = await workspace(store(), "alpha");
      const log = new LearnedRequestLog(store());
      for (let day = 1; day <= 14; day += 1)
        for (let search = 0; search < 10; search += 1) {
          const at = new Date(`2026-12-${String(day).padStart(2, "0")}T12:00:00.000Z`);
          await log.record({ workspaceId: alpha, tool: "seo_rank_history", request: `rank for keyword ${day} ${search}`, rank: 1, at });
        }
      await log.prune();
      // The rows went (the tool's newest 20 stay), the choices did not.
      expect((await log.list({ workspaceId: alpha })).total).toBe(20);
      const { days, total } = await log.choiceRanksPerDay({ days: 14, now: new Date("2026-12-14T23:00:00.000Z") });
      expect(days).toHaveLength(14);
      for (const counted of days) expect(counted).toMatchObject({ choices: 10, first: 10 });
      expect(total).toEqual({ choices: 140, first: 140, top3: 140, firstPage: 140 });
    });

    it("keeps a day's first-hit choices of a request said again through the prune (regression: five first hits of ten went, 0% shown)", async () => {
      const alpha = await workspace(store(), "alpha");
      const log = new LearnedRequestLog(store());
      // One request ten times (the first five took the first hit, the later five rank 7), and 30
      // distinct requests to another tool at rank 2: the prune keeps one row of the first and 20 of the rest.
      for (let index = 0; index < 10; index += 1) await log.record({ workspaceId: alpha, tool: "list_domains", request: "list my domains", rank: index < 5 ? 1 : 7, at: NOW });
      for (let index = 0; index < 30; index += 1) await log.record({ workspaceId: alpha, tool: "seo_rank_history", request: `where do we rank for keyword ${index}`, rank: 2, at: NOW });
      await log.prune();
      expect((await log.list({ workspaceId: alpha })).total).toBe(21);
      expect((await log.choiceRanksPerDay({ days: 1, now: NOW })).days).toEqual([{ day: "2026-12-07", choices: 40, first: 5, top3: 35, firstPage: 40 }]);
    });

    // The counts are bounded by days, not rows: at most CHOICE_RANKS.maxDays (90) per workspace.
    it("drops counts of days older than the 90 a look back reaches at the prune, keeps them through a forget, and drops a workspace's with it", async () => {
      const alpha = await workspace(store(), "alpha");
      const beta = await workspace(store(), "beta");
      const log = new LearnedRequestLog(store());
      // Days back from today (real time: the prune counts from now): 95 is past the 90, 85 within.
      const today = Date.now();
      const daysAgo = (days: number) => new Date(today - days * 86_400_000);
      const day = (days: number) => daysAgo(days).toISOString().slice(0, 10);
      for (const [workspaceId, days, rank] of [
        [alpha, 85, 2],
        [alpha, 0, 1],
        [beta, 85, 1],
        [beta, 0, 3],
      ] as const)
        await log.record({ workspaceId, tool: "tool_x", request: `choice ${days} days ago`, rank, at: daysAgo(days) });
      await log.flush();
      // Counts written 95 days ago, when that day was today.
      await store().insertMany("learned_choices_daily", [{ workspace_id: alpha, day: day(95), choices: 3, first: 1, top3: 2, first_page: 3 }]);
      const whose = new Map([[alpha, "alpha"], [beta, "beta"]]);
      const daysStored = async () =>
        (await store().all<{ workspace_id: string; day: string }>("SELECT workspace_id, day FROM learned_choices_daily")).map((row) => `${whose.get(row.workspace_id)} ${row.day}`).sort();
      expect(await daysStored()).toEqual([`alpha ${day(95)}`, `alpha ${day(85)}`, `alpha ${day(0)}`, `beta ${day(85)}`, `beta ${day(0)}`]);
      await log.prune();
      expect(await daysStored()).toEqual([`alpha ${day(85)}`, `alpha ${day(0)}`, `beta ${day(85)}`, `beta ${day(0)}`]);
      expect((await log.choiceRanksPerDay({ days: 90 })).total).toEqual({ choices: 4, first: 2, top3: 4, firstPage: 4 });
      // A forget deletes request text, not counts.
      expect(await log.forgetAll()).toBe(4);
      expect((await log.choiceRanksPerDay({ days: 90 })).total).toEqual({ choices: 4, first: 2, top3: 4, firstPage: 4 });
      // A workspace removed takes its counts (ON DELETE CASCADE, as its rows).
      await store().run("DELETE FROM workspaces WHERE id = ?", [beta]);
      expect(await daysStored()).toEqual([`alpha ${day(85)}`, `alpha ${day(0)}`]);
      expect((await log.choiceRanksPerDay({ days: 90 })).total).toEqual({ choices: 2, first: 1, top3: 2, firstPage: 2 });
    });

    // The counts are added in the batch's own transaction: a batch the database refuses adds
    // none, however often it is tried (review, session 36: counted before or after it, they grew).
    it("adds no count for a batch the database refuses, and counts a day from each end of the 90 the prune keeps", async () => {
      const alpha = await workspace(store(), "alpha");
      const log = new LearnedRequestLog(store());
      // One batch: alpha's choice and one of a workspace that does not exist (its foreign key fails).
      void log.record({ workspaceId: alpha, tool: "tool_x", request: "alpha's words", rank: 1, at: NOW });
      void log.record({ workspaceId: "no-such-workspace", tool: "tool_x", request: "nobody's words", rank: 1, at: NOW });
      await expect(log.flush()).rejects.toMatchObject({ code: "STORE" });
      expect(await store().all("SELECT workspace_id FROM learned_choices_daily")).toEqual([]);
      expect((await log.list({ workspaceId: alpha })).total).toBe(0);
      // The prune keeps the 90 days a look back to NOW reaches: 2026-09-09 (89 back), not 09-08.
      await store().insertMany("learned_choices_daily", ["2026-09-08", "2026-09-09"].map((day) => ({ workspace_id: alpha, day, choices: 1, first: 1, top3: 1, first_page: 1 })));
      expect(await deleteChoiceCountsPastMaxDays(store(), NOW)).toBe(1);
      expect(await store().all("SELECT day FROM learned_choices_daily")).toEqual([{ day: "2026-09-09" }]);
      expect((await log.choiceRanksPerDay({ days: 90, now: NOW })).days.map((day) => day.day)).toEqual(["2026-09-09"]);
    });

    it("refuses days outside 1 to 90 and a rank that is not an integer from 1 to 1,000,000, naming the bound", async () => {
      const { alpha, log } = await seeded();
      for (const days of [0, 91, 1.5])
        await expect(log.choiceRanksPerDay({ days })).rejects.toMatchObject({ code: "INVALID_ARGUMENT", message: `days must be an integer from 1 to 90; got ${days}` });
      await expect(log.choiceRanksPerDay({ workspaceId: "" })).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
      for (const rank of [0, 1_000_001, 2.5, Number.NaN])
        await expect(log.record({ workspaceId: alpha, tool: "tool_x", request: "bad rank", rank })).rejects.toMatchObject({
          code: "INVALID_ARGUMENT",
          message: `rank must be an integer from 1 to 1000000; got ${rank}`,
        });
      await log.record({ workspaceId: alpha, tool: "tool_x", request: "deep rank", rank: 1_000_000, at: NOW });
      expect((await log.choiceRanksPerDay({ days: 1, now: NOW })).total).toEqual({ choices: 5, first: 2, top3: 3, firstPage: 3 });
      expect((await log.list({ workspaceId: alpha }, { limit: 1000 })).rows.map((row) => row.request)).not.toContain("bad rank");
    });
  });

  // Session 36: migration 10 fills the counts from the rows there, in one INSERT … SELECT, and
  // the keys a page of 1,000 rows per UPDATE; what a look back gave at schema 9 it gives after.
  describe(`${name} (learned requests: a store at schema 9 migrates to 10)`, () => {
    // choiceRanksPerDay as it read the rows at schema 9 (session 35's learned-statements.ts).
    const atSchema9 = (store: WorkspaceStore, since: string, workspaceId?: string) =>
      store.all<{ day: string; choices: number; first: number; top3: number; first_page: number }>(
        `SELECT substr(learned_at, 1, 10) AS day, COUNT(*) AS choices, SUM(CASE WHEN chosen_rank <= 1 THEN 1 ELSE 0 END) AS first,
           SUM(CASE WHEN chosen_rank <= 3 THEN 1 ELSE 0 END) AS top3, SUM(CASE WHEN chosen_rank <= 10 THEN 1 ELSE 0 END) AS first_page
         FROM learned_requests WHERE chosen_rank IS NOT NULL AND learned_at >= ?${workspaceId === undefined ? "" : " AND workspace_id = ?"}
         GROUP BY substr(learned_at, 1, 10) ORDER BY substr(learned_at, 1, 10) DESC`,
        workspaceId === undefined ? [since] : [since, workspaceId],
      );
    const asCounted = (rows: { day: string; choices: number; first: number; top3: number; first_page: number }[]) =>
      rows.map((row) => ({ day: row.day, choices: Number(row.choices), first: Number(row.first), top3: Number(row.top3), firstPage: Number(row.first_page) }));

    it("fills each workspace's choices per day from its ranked rows, as choiceRanksPerDay counted them, and keys every row as the catalog compares it", () =>
      onStoreAtSchema(open, dispose, 9, async (store) => {
        const workspaces = [await workspace(store, "alpha"), await workspace(store, "beta"), await workspace(store, "gamma")];
        // 2,500 rows (two full pages of the key fill and a part) over 100 days to NOW, a seventh of
        // them with no rank; one request in two cases and spacings, one holding what looks like a
        // secret (all of them one key, "token notes"), and distinct ones.
        const rows = Array.from({ length: 2500 }, (_, index) => ({
          workspace_id: workspaces[index % 3]!,
          tool: `tool_${index % 7}`,
          request: [`Émile's  Notes ${Math.floor(index / 4) % 40}`, `ÉMILE'S NOTES ${Math.floor(index / 4) % 40}`, `token=abc${index} notes`, `where do we rank ${index}`][index % 4]!,
          learned_at: new Date(NOW.getTime() - (index % 100) * 86_400_000 - (index % 13) * 3_600_000).toISOString(),
          chosen_rank: index % 7 === 3 ? null : 1 + ((index * 5) % 14),
        }));
        await store.insertMany("learned_requests", rows);
        const since = (days: number) => new Date(NOW.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10) + "T00:00:00.000Z";
        const before = {
          all: asCounted(await atSchema9(store, since(90))),
          week: asCounted(await atSchema9(store, since(7))),
          each: await Promise.all(workspaces.map(async (id) => asCounted(await atSchema9(store, since(90), id)))),
        };
        expect(before.all).toHaveLength(90);

        await store.migrate();
        const log = new LearnedRequestLog(store);
        expect((await log.choiceRanksPerDay({ days: 90, now: NOW })).days).toEqual(before.all);
        expect((await log.choiceRanksPerDay({ days: 7, now: NOW })).days).toEqual(before.week);
        for (const [index, id] of workspaces.entries()) expect((await log.choiceRanksPerDay({ workspaceId: id, days: 90, now: NOW })).days).toEqual(before.each[index]);
        // Every row keyed, each as the writer keys it (what the fill of one UPDATE per row gave).
        const keyed = await store.all<{ request: string; request_key: string | null }>("SELECT request, request_key FROM learned_requests ORDER BY id");
        expect(keyed).toHaveLength(2500);
        expect(keyed.filter((row) => row.request_key !== learnedRequestKey(row.request))).toEqual([]);
        expect(new Set(keyed.map((row) => row.request_key)).size).toBe(40 + 1 + 625);
      }));
  });

  // SQLite only: its shell has foreign keys off unless told, so a workspace deleted by hand there
  // leaves its learned rows behind; PostgreSQL always enforces them.
  if (name === "sqlite")
    describe(`${name} (learned requests: a store at schema 9 with rows of a workspace deleted by hand migrates to 10)`, () => {
      it("counts only the rows of workspaces still there, instead of failing the counts' foreign key and stopping the migration", () =>
        onStoreAtSchema(open, dispose, 9, async (store) => {
          const [alpha, gone] = [await workspace(store, "alpha"), await workspace(store, "gone")];
          // As an instance at schema 9 wrote them (this version's writer also writes the key).
          await store.insertMany(
            "learned_requests",
            [alpha, gone].map((workspaceId) => ({ workspace_id: workspaceId, tool: "tool_x", request: `ranked words of ${workspaceId}`, learned_at: NOW.toISOString(), chosen_rank: 1 })),
          );
          await store.run("PRAGMA foreign_keys = OFF");
          await store.run("DELETE FROM workspaces WHERE id = ?", [gone]);
          await store.run("PRAGMA foreign_keys = ON");
          expect((await store.all<{ workspace_id: string }>("SELECT workspace_id FROM learned_requests ORDER BY id")).map((row) => row.workspace_id)).toEqual([alpha, gone]);

          await store.migrate();
          expect(Number((await store.get<{ version: number }>("SELECT MAX(version) AS version FROM schema_migrations"))?.version)).toBe(10);
          expect(await store.all("SELECT workspace_id, day, choices FROM learned_choices_daily")).toEqual([{ workspace_id: alpha, day: "2026-12-07", choices: 1 }]);
        }));
    });

  describe(`${name} (learned requests: a store at schema 7 migrates to 8)`, () => {
    it("keeps its learned requests, with no rank, and counts the ranked rows written after", () =>
      onStoreAtSchema(open, dispose, 7, async (store) => {
        const alpha = await workspace(store, "alpha");
        await store.run("INSERT INTO learned_requests (workspace_id, tool, request, learned_at) VALUES (?, ?, ?, ?)", [alpha, "tool_x", "kept words", "2026-12-07T08:00:00.000Z"]);
        await expect(store.all("SELECT chosen_rank FROM learned_requests")).rejects.toThrow(/chosen_rank/);

        await store.migrate();
        expect(SCHEMA_VERSION).toBe(10);
        expect((await store.all<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version")).map((row) => Number(row.version))).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
        expect(await store.all("SELECT tool, request, chosen_rank FROM learned_requests")).toEqual([{ tool: "tool_x", request: "kept words", chosen_rank: null }]);
        const log = new LearnedRequestLog(store);
        expect((await log.choiceRanksPerDay({ days: 1, now: NOW })).days).toEqual([]);
        await log.record({ workspaceId: alpha, tool: "tool_x", request: "ranked words", rank: 2, at: NOW });
        expect((await log.choiceRanksPerDay({ days: 1, now: NOW })).days).toEqual([{ day: "2026-12-07", choices: 1, first: 0, top3: 1, firstPage: 1 }]);
        expect((await log.after(0)).map((row) => row.request)).toEqual(["kept words", "ranked words"]);
      }));
  });
}
