// The statements of the forget fence (learned-fence.ts, migrations 7 and 9): the counter of
// forgets, whose value after a forget is that forget's generation, and what each recent forget named.
import { defineStatement } from "./query/statement";

/**
 * Counts one forget (`at`) in the one row of learned_request_forgets and returns the count after
 * it (`forgets`): the forget's generation. The row's update locks it until the transaction ends,
 * so forgets get generations one after another, in the order they commit.
 */
export const countLearnedForget = defineStatement((q) =>
  q.db
    .insertInto("learned_request_forgets")
    .values({ id: 1, forgets: 1, last_forgot_at: q.param("at") })
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet((eb) => ({
        forgets: eb("learned_request_forgets.forgets", "+", 1),
        last_forgot_at: eb.ref("excluded.last_forgot_at"),
      })),
    )
    .returning("forgets"),
);

/** The forgets counted so far (no row before migration 9 or the first forget). */
export const learnedForgets = defineStatement((q) => q.db.selectFrom("learned_request_forgets").select("forgets").where("id", "=", 1));

/**
 * The same read, holding the row until the transaction ends: on PostgreSQL `FOR UPDATE`, so a
 * forget (which updates the row first) and a batch's write run one after the other; SQLite's
 * transactions are IMMEDIATE, already one at a time, and have no FOR UPDATE.
 */
export const lockedLearnedForgets = defineStatement((q) =>
  q.db
    .selectFrom("learned_request_forgets")
    .select("forgets")
    .where("id", "=", 1)
    .$if(q.dialect === "postgres", (query) => query.forUpdate()),
);

/** Records what the forget of `generation` named (`workspace_id`, `tool`, `row_id`; null where it did not narrow). */
export const insertForgetSelection = defineStatement((q) =>
  q.db.insertInto("learned_request_forget_selections").values({
    generation: q.param<number>("generation"),
    workspace_id: q.param<string | null>("workspace_id"),
    tool: q.param<string | null>("tool"),
    row_id: q.param<number | null>("row_id"),
    forgot_at: q.param("forgot_at"),
  }),
);

/** Drops the records of forgets older than `oldest_kept`. */
export const deleteForgetSelectionsBefore = defineStatement((q) =>
  q.db.deleteFrom("learned_request_forget_selections").where("generation", "<", q.param<number>("oldest_kept")),
);

/** The newest `limit` records of forgets newer than `after`, newest first. */
export const forgetSelectionsAfter = defineStatement((q) =>
  q.db
    .selectFrom("learned_request_forget_selections")
    .select(["generation", "workspace_id", "tool", "row_id"])
    .where("generation", ">", q.param<number>("after"))
    .orderBy("generation", "desc")
    .limit(q.param<number>("limit")),
);
