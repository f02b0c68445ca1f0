// The forget fence on every driver (run by sqlite.test.ts and postgres.test.ts; issue 32, session
// 32): a learned request one instance still queues when another forgets what names it is never
// written. Two LearnedRequestLog objects on one store stand for two instances; the first one's
// batch is held (its store's transactions wait for a release) so the forget comes between its
// queuing and its write, which a timer would otherwise decide. Also: what each kind of selection
// names, generations that only grow, the bound on the records of forgets, and a store at schema 8
// migrating to 9.
import { expect, it, describe } from "vitest";
import { describeOnMigratedStore, workspaceMaker } from "../../../tooling/store-suite.mjs";
import { insertWorkspace, LearnedRequestLog, SCHEMA_VERSION } from "../src/index";
import type { LearnedRequestSelection, WorkspaceStore } from "../src/index";
import { onStoreAtSchema } from "./store-at-schema";

const workspace = workspaceMaker(insertWorkspace);

/** `store` whose transactions and batches wait until `release()`: an instance's write held back. */
function heldWrites(store: WorkspaceStore): { store: WorkspaceStore; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    store: {
      ...store,
      async transaction(work) {
        await released;
        return store.transaction(work);
      },
      async batch(statements) {
        await released;
        return store.batch(statements);
      },
    },
  };
}

const requestsIn = async (store: WorkspaceStore) => (await new LearnedRequestLog(store).after(0)).map((row) => row.request);

/** Registers the forget fence's tests for a driver made by `open` and disposed by `dispose`. */
export function learnedFenceConformance(name: string, open: () => Promise<WorkspaceStore>, dispose: (store: WorkspaceStore) => Promise<void>): void {
  describeOnMigratedStore(`${name} (learned requests: a forget wins over requests still queued)`, open, dispose, (store) => {
    /** Instance A queues alpha→tool_x, alpha→tool_y, beta→tool_x; instance B forgets `selection`; then A writes. */
    let races = 0;
    const raceWith = async (selection: (ids: { alpha: string; beta: string; storedId: number }) => LearnedRequestSelection) => {
      races += 1;
      const alpha = await workspace(store(), `alpha-${races}`);
      const beta = await workspace(store(), `beta-${races}`);
      const instanceB = new LearnedRequestLog(store());
      await instanceB.record({ workspaceId: beta, tool: "tool_z", request: "stored before" });
      await instanceB.flush();
      const storedId = (await instanceB.after(0)).at(-1)!.id;
      const held = heldWrites(store());
      const instanceA = new LearnedRequestLog(held.store);
      await instanceA.record({ workspaceId: alpha, tool: "tool_x", request: "alpha x" });
      await instanceA.record({ workspaceId: alpha, tool: "tool_y", request: "alpha y" });
      await instanceA.record({ workspaceId: beta, tool: "tool_x", request: "beta x" });
      await instanceB.forget(selection({ alpha, beta, storedId }));
      held.release();
      await instanceA.flush();
      const written = (await requestsIn(store())).filter((request) => request !== "stored before");
      expect(instanceA.dropped).toBe(0);
      expect(instanceA.forgottenBeforeWritten).toBe(3 - written.length);
      await instanceB.forgetAll();
      return written;
    };

    it("does not write a request queued before a forget that names it, and writes the ones it does not name", async () => {
      expect(await raceWith(({ alpha }) => ({ workspaceId: alpha, tool: "tool_x" }))).toEqual(["alpha y", "beta x"]);
    });

    it("names queued requests by workspace, by tool, or all; a forget by row id names stored rows only", async () => {
      expect(await raceWith(({ alpha }) => ({ workspaceId: alpha }))).toEqual(["beta x"]);
      expect(await raceWith(() => ({ tool: "tool_x" }))).toEqual(["alpha y"]);
      expect(await raceWith(() => ({}))).toEqual([]);
      expect(await raceWith(({ storedId }) => ({ id: storedId }))).toEqual(["alpha x", "alpha y", "beta x"]);
      expect(await raceWith(({ alpha, storedId }) => ({ id: storedId, workspaceId: alpha }))).toEqual(["alpha x", "alpha y", "beta x"]);
      expect(await raceWith(() => ({ tool: "tool_nobody_has" }))).toEqual(["alpha x", "alpha y", "beta x"]);
    });

    it("deletes the rows of a batch whose transaction was open when the forget came (the forget waits for it)", async () => {
      const alpha = await workspace(store(), "alpha");
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let inserted!: () => void;
      const rowsInserted = new Promise<void>((resolve) => (inserted = resolve));
      // Instance A's transaction inserts its rows, then stays open until the forget has started.
      const instanceA = new LearnedRequestLog({
        ...store(),
        transaction: (work) =>
          store().transaction(async (queries) => {
            const result = await work(queries);
            inserted();
            await committing;
            return result;
          }),
      });
      await instanceA.record({ workspaceId: alpha, tool: "tool_x", request: "written while forgetting" });
      const written = instanceA.flush();
      await rowsInserted;
      let forgotten: number | undefined;
      const forgetting = new LearnedRequestLog(store()).forget({ tool: "tool_x" }).then((count) => (forgotten = count));
      // The forget waits for A's transaction (PostgreSQL: a lock not granted; SQLite: the connection's
      // queue, which serialises whole transactions anyway) or, without the fence, finishes first.
      const forgetWaits = async () =>
        store().driver === "postgres" ? Number((await store().get<{ n: number }>("SELECT COUNT(*) AS n FROM pg_locks WHERE NOT granted"))!.n) > 0 : store().poolStats().waiting > 0;
      for (let tries = 0; forgotten === undefined && !(await forgetWaits()); tries++) {
        expect(tries).toBeLessThan(500);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      commit();
      await Promise.all([written, forgetting]);
      expect([forgotten, await requestsIn(store()), instanceA.forgottenBeforeWritten]).toEqual([1, [], 0]);
    });

    it("queues a request when the first read of the generation fails, and a forget on record still keeps it out", async () => {
      const alpha = await workspace(store(), "unread-generation");
      // Every read outside a transaction fails, as a database that is away at the log's first record.
      const unreadable: WorkspaceStore = { ...store(), get: () => Promise.reject(new Error("database away")) };
      const instanceA = new LearnedRequestLog(unreadable);
      await instanceA.record({ workspaceId: alpha, tool: "tool_kept", request: "kept though unread" });
      await instanceA.record({ workspaceId: alpha, tool: "tool_gone", request: "forgotten though unread" });
      await new LearnedRequestLog(store()).forget({ tool: "tool_gone" });
      await instanceA.flush();
      const stored = await requestsIn(store());
      expect(stored).toContain("kept though unread");
      expect(stored).not.toContain("forgotten though unread");
      expect(instanceA.forgottenBeforeWritten).toBe(1);
    });

    it("gives every forget the next generation, concurrent ones too; a log's later requests carry what it saw", async () => {
      const alpha = await workspace(store(), "alpha");
      const instanceA = new LearnedRequestLog(store());
      const instanceB = new LearnedRequestLog(store());
      expect(await instanceA.forgets()).toBe(0);
      await Promise.all([
        instanceA.forget({ tool: "tool_1" }),
        instanceB.forget({ workspaceId: alpha }),
        instanceA.forget({ id: 7 }),
        instanceB.forget({ workspaceId: alpha, tool: "tool_2" }),
        instanceA.forget(),
      ]);
      expect([await instanceA.forgets(), await instanceB.forgets()]).toEqual([5, 5]);
      const records = await store().all<{ generation: number; workspace_id: string | null; tool: string | null; row_id: number | null }>(
        "SELECT generation, workspace_id, tool, row_id FROM learned_request_forget_selections ORDER BY generation",
      );
      expect(records.map((record) => Number(record.generation))).toEqual([1, 2, 3, 4, 5]);
      expect(records.map(({ workspace_id, tool, row_id }) => [workspace_id, tool, row_id === null ? null : Number(row_id)]).sort()).toEqual(
        [[alpha, null, null], [alpha, "tool_2", null], [null, "tool_1", null], [null, null, 7], [null, null, null]].sort(),
      );

      // A learns generation 6 from its own write (which left "before" out), so "after" is written.
      const held = heldWrites(store());
      const instanceC = new LearnedRequestLog(held.store);
      await instanceC.record({ workspaceId: alpha, tool: "tool_x", request: "before" });
      await instanceB.forget({ tool: "tool_x" });
      held.release();
      await instanceC.flush();
      await instanceC.record({ workspaceId: alpha, tool: "tool_x", request: "after" });
      await instanceC.flush();
      // Its own forget moves it too: what it queues after that forget is written.
      await instanceC.forget({ tool: "tool_y" });
      await instanceC.record({ workspaceId: alpha, tool: "tool_y", request: "after its own forget" });
      await instanceC.flush();
      expect(await requestsIn(store())).toEqual(["after", "after its own forget"]);
      expect([instanceC.forgottenBeforeWritten, await instanceC.forgets()]).toEqual([1, 7]);
    });

    it("keeps the newest 1,000 records of forgets; a request queued before every kept record is not written", async () => {
      const alpha = await workspace(store(), "alpha");
      const instanceB = new LearnedRequestLog(store());
      const queued: { release: () => void; log: LearnedRequestLog }[] = [];
      // Instance i queues a request for tool_y (no forget names it) knowing generation i.
      const queue = async (request: string) => {
        const held = heldWrites(store());
        const log = new LearnedRequestLog(held.store);
        await log.record({ workspaceId: alpha, tool: "tool_y", request });
        queued.push({ release: held.release, log });
      };
      const recordForgetsUpTo = async (from: number, to: number) => {
        const rows = Array.from({ length: to - from + 1 }, (_, index) => ({ generation: from + index, workspace_id: null, tool: "tool_z", row_id: null, forgot_at: "2026-12-08T00:00:00.000Z" }));
        await store().insertMany("learned_request_forget_selections", rows);
        await store().run("UPDATE learned_request_forgets SET forgets = ? WHERE id = 1", [to]);
      };
      await queue("knew 0");
      await instanceB.forget({ tool: "tool_z" });
      await queue("knew 1");
      await recordForgetsUpTo(2, 2);
      await queue("knew 2");
      await recordForgetsUpTo(3, 1001);
      // Generation 1002: records 1 and 2 go, 3 to 1002 stay.
      await instanceB.forget({ tool: "tool_z" });
      const kept = await store().get<{ n: number; oldest: number; newest: number }>("SELECT COUNT(*) AS n, MIN(generation) AS oldest, MAX(generation) AS newest FROM learned_request_forget_selections");
      expect([kept!.n, kept!.oldest, kept!.newest].map(Number)).toEqual([1000, 3, 1002]);
      for (const { release, log } of queued) {
        release();
        await log.flush();
      }
      // Forgets 1 and 2 are no longer on record: they may have named "knew 0" and "knew 1", so those are not written.
      expect(await requestsIn(store())).toEqual(["knew 2"]);
      expect(queued.map(({ log }) => log.forgottenBeforeWritten)).toEqual([1, 1, 0]);
    });
  });

  describe(`${name} (learned requests: a store at schema 8 migrates to 9)`, () => {
    it("keeps the count of forgets and makes the counter's row when no forget ever ran", () =>
      onStoreAtSchema(open, dispose, 8, async (store) => {
        await expect(store.all("SELECT generation FROM learned_request_forget_selections")).rejects.toThrow(/learned_request_forget_selections/);
        expect(await store.all("SELECT forgets FROM learned_request_forgets")).toEqual([]);
        await store.migrate();
        expect(SCHEMA_VERSION).toBe(10);
        expect((await store.all<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version")).map((row) => Number(row.version))).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
        expect((await store.all<{ id: number; forgets: number }>("SELECT id, forgets FROM learned_request_forgets")).map((row) => [Number(row.id), Number(row.forgets)])).toEqual([[1, 0]]);
        expect(await new LearnedRequestLog(store).forgets()).toBe(0);
      }));

    it("keeps the rows and the count a store at 8 had, and fences queued requests from then on", () =>
      onStoreAtSchema(open, dispose, 8, async (store) => {
        const alpha = await workspace(store, "alpha");
        await store.run("INSERT INTO learned_requests (workspace_id, tool, request, learned_at, chosen_rank) VALUES (?, ?, ?, ?, ?)", [alpha, "tool_y", "kept words", "2026-12-07T08:00:00.000Z", 2]);
        await store.run("INSERT INTO learned_request_forgets (id, forgets, last_forgot_at) VALUES (1, 2, '2026-12-07T09:00:00.000Z')");
        await store.migrate();
        expect(await new LearnedRequestLog(store).forgets()).toBe(2);
        expect(await store.all("SELECT generation FROM learned_request_forget_selections")).toEqual([]);
        const held = heldWrites(store);
        const instanceA = new LearnedRequestLog(held.store);
        await instanceA.record({ workspaceId: alpha, tool: "tool_x", request: "queued words" });
        expect(await new LearnedRequestLog(store).forget({ tool: "tool_x" })).toBe(0);
        held.release();
        await instanceA.flush();
        expect(await requestsIn(store)).toEqual(["kept words"]);
        expect([instanceA.forgottenBeforeWritten, await instanceA.forgets()]).toEqual([1, 3]);
      }));
  });
}
