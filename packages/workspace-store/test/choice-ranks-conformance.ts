// Search quality in use, kept in the store, on every driver (run by sqlite.test.ts and
// postgres.test.ts; issue 32, session 31): learned requests hold the rank their tool had in its
// search (migration 8), and choiceRanksPerDay counts them per UTC day in SQL: choices, first hit,
// top 3, first page of 10; a workspace's alone; rows without a rank left out; 1 to 90 days. A store
// at schema 7 (made by the shipped migrations 1-7) migrates to 8 with its rows kept, rank NULL.
import { describe, expect, it } from "vitest";
import { describeOnMigratedStore, workspaceMaker } from "../../../tooling/store-suite.mjs";
import { insertWorkspace, LearnedRequestLog, SCHEMA_VERSION } from "../src/index";
import type { WorkspaceStore } from "../src/index";
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
