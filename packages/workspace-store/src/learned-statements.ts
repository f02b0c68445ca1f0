// The learned requests' statements (learned-requests.ts), compiled once per dialect (query/statement.ts).
import { defineStatement } from "./query/statement";

/** One learned request (`workspace_id`, `tool`, `request`, `learned_at`). */
export const insertLearnedRequest = defineStatement((q) =>
  q.db.insertInto("learned_requests").values({
    workspace_id: q.param("workspace_id"),
    tool: q.param("tool"),
    request: q.param("request"),
    learned_at: q.param("learned_at"),
  }),
);

/** At most `limit` rows with an id above `after`, oldest first. */
export const learnedRequestsAfter = defineStatement((q) =>
  q.db
    .selectFrom("learned_requests")
    .select(["id", "workspace_id", "tool", "request", "learned_at"])
    .where("id", ">", q.param<number>("after"))
    .orderBy("id")
    .limit(q.param<number>("limit")),
);

/**
 * Drops every row older than the newest `keep` (`skip` is keep - 1: the subquery finds the
 * oldest row kept; with fewer rows it finds none, and nothing goes).
 */
export const deleteLearnedRequestsBeyond = defineStatement((q) =>
  q.db.deleteFrom("learned_requests").where("id", "<", (eb) =>
    eb.selectFrom("learned_requests").select("id").orderBy("id", "desc").limit(1).offset(q.param<number>("skip")),
  ),
);

/** Drops one workspace's rows (`workspace_id`). */
export const deleteWorkspaceLearnedRequests = defineStatement((q) =>
  q.db.deleteFrom("learned_requests").where("workspace_id", "=", q.param("workspace_id")),
);

/** Drops every row. */
export const deleteAllLearnedRequests = defineStatement((q) => q.db.deleteFrom("learned_requests"));
