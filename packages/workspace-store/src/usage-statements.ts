// The call log's statements (usage.ts), compiled once per dialect (query/statement.ts).
import { sql } from "kysely";
import { defineStatement } from "./query/statement";

// Written out, not bound: GROUP BY must repeat the select's expression, parameters and all.
const hourOf = sql<string>`substr(at, 1, 13)`;
const refusedCalls = sql<number>`SUM(CASE WHEN outcome = 'ok' THEN 0 ELSE 1 END)`;

/** One call's row (`workspace_id`, `at`, `tool`, `kind`, `outcome`, `latency_ms`). */
export const insertCallEvent = defineStatement((q) =>
  q.db.insertInto("call_events").values({
    workspace_id: q.param("workspace_id"),
    at: q.param("at"),
    tool: q.param("tool"),
    kind: q.param<string | null>("kind"),
    outcome: q.param("outcome"),
    latency_ms: q.param<number>("latency_ms"),
  }),
);

/** A token's last use, written when the earlier one is older than `stale_before` (`at`, `id`). */
export const touchTokenUse = defineStatement((q) =>
  q.db
    .updateTable("api_tokens")
    .set({ last_used_at: q.param("at") })
    .where("id", "=", q.param<number>("id"))
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", q.param("stale_before"))])),
);

/** Drops calls older than `before`. */
export const deleteCallsBefore = defineStatement((q) =>
  q.db.deleteFrom("call_events").where("at", "<", q.param("before")),
);

/** Calls and refusals per clock hour of a workspace since `since` (`workspace_id`). */
export const callsPerHour = defineStatement((q) =>
  q.db
    .selectFrom("call_events")
    .select((eb) => [
      hourOf.as("hour"),
      eb.fn.countAll<number>().as("calls"),
      refusedCalls.as("refused"),
    ])
    .where("workspace_id", "=", q.param("workspace_id"))
    .where("at", ">=", q.param("since"))
    .groupBy(hourOf),
);

/** The most called tools of a workspace since `since`, at most `limit` (`workspace_id`). */
export const topToolCalls = defineStatement((q) =>
  q.db
    .selectFrom("call_events")
    .select((eb) => [
      "tool",
      eb.fn.max("kind").as("kind"),
      eb.fn.countAll<number>().as("calls"),
      refusedCalls.as("refused"),
      eb.fn.avg<number>("latency_ms").as("avg_ms"),
    ])
    .where("workspace_id", "=", q.param("workspace_id"))
    .where("at", ">=", q.param("since"))
    .groupBy("tool")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .orderBy("tool")
    .limit(q.param<number>("limit")),
);

/** Refused calls of a workspace since `since` by outcome code, most first (`workspace_id`). */
export const refusalsByCode = defineStatement((q) =>
  q.db
    .selectFrom("call_events")
    .select((eb) => ["outcome as code", eb.fn.countAll<number>().as("calls")])
    .where("workspace_id", "=", q.param("workspace_id"))
    .where("at", ">=", q.param("since"))
    .where("outcome", "<>", sql.lit("ok"))
    .groupBy("outcome")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .orderBy("outcome"),
);
