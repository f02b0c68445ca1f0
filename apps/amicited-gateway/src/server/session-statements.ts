// The statements of the MCP session rows (mcp-session-store.ts) and the stream event log
// (stream-event-log.ts), built with the store's query layer (store-statements.ts).
import { statementsOver } from "@foundry-mcp/workspace-store";
import type { ServerTables } from "./store-statements";

const defineStatement = statementsOver<ServerTables>();

const SESSION_COLUMNS = [
  "id",
  "token_id",
  "toolsets",
  "protocol_version",
  "client_capabilities",
  "client_info",
  "created_at",
  "last_seen",
] as const;

/** Takes the one-row guard (`now`): openers count one at a time until commit. */
export const lockSessionGuard = defineStatement((q) =>
  q.db.updateTable("mcp_session_guard").set({ locked_at: q.param<number>("now") }).where("id", "=", 1),
);

/** Drops the stream events of sessions idle since before `cutoff`. */
export const deleteIdleSessionEvents = defineStatement((q) =>
  q.db
    .deleteFrom("mcp_stream_events")
    .where("session_id", "in", q.db.selectFrom("mcp_sessions").select("id").where("last_seen", "<", q.param<number>("cutoff"))),
);

/** Drops sessions idle since before `cutoff`. */
export const deleteIdleSessions = defineStatement((q) =>
  q.db.deleteFrom("mcp_sessions").where("last_seen", "<", q.param<number>("cutoff")),
);

/** Sessions of a token and the oldest one's last use (`token_id`). */
export const tokenSessions = defineStatement((q) =>
  q.db
    .selectFrom("mcp_sessions")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<number | null>("last_seen").as("oldest")])
    .where("token_id", "=", q.param<number>("token_id")),
);

/** Sessions of all a workspace's tokens and the oldest one's last use (`workspace_id`). */
export const workspaceSessions = defineStatement((q) =>
  q.db
    .selectFrom("mcp_sessions as s")
    .innerJoin("api_tokens as t", "t.id", "s.token_id")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<number | null>("s.last_seen").as("oldest")])
    .where("t.workspace_id", "=", q.param("workspace_id")),
);

/** All sessions and the oldest one's last use. */
export const allSessions = defineStatement((q) =>
  q.db
    .selectFrom("mcp_sessions")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<number | null>("last_seen").as("oldest")]),
);

/** A new session row (one parameter per column). */
export const insertSession = defineStatement((q) =>
  q.db.insertInto("mcp_sessions").values({
    id: q.param("id"),
    token_id: q.param<number>("token_id"),
    toolsets: q.param<string | null>("toolsets"),
    protocol_version: q.param("protocol_version"),
    client_capabilities: q.param("client_capabilities"),
    client_info: q.param("client_info"),
    created_at: q.param<number>("created_at"),
    last_seen: q.param<number>("last_seen"),
  }),
);

/** A session seen since `seen_since` (`id`). */
export const liveSession = defineStatement((q) =>
  q.db
    .selectFrom("mcp_sessions")
    .select(SESSION_COLUMNS)
    .where("id", "=", q.param("id"))
    .where("last_seen", ">=", q.param<number>("seen_since")),
);

/** Marks a session seen at `now` (`id`). */
export const touchSession = defineStatement((q) =>
  q.db
    .updateTable("mcp_sessions")
    .set({ last_seen: q.param<number>("now") })
    .where("id", "=", q.param("id"))
    .where("last_seen", "<", q.param<number>("now")),
);

/** Drops a session's stream events (`session_id`). */
export const deleteSessionEvents = defineStatement((q) =>
  q.db.deleteFrom("mcp_stream_events").where("session_id", "=", q.param("session_id")),
);

/** Drops a session row (`id`). */
export const deleteSession = defineStatement((q) => q.db.deleteFrom("mcp_sessions").where("id", "=", q.param("id")));

/** Events in the log, all sessions. */
export const eventCount = defineStatement((q) =>
  q.db.selectFrom("mcp_stream_events").select((eb) => eb.fn.countAll<number>().as("n")),
);

/** Events of one session (`session_id`). */
export const sessionEventCount = defineStatement((q) =>
  q.db
    .selectFrom("mcp_stream_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("session_id", "=", q.param("session_id")),
);

/** Drops the events of a session's answered streams (`session_id`). */
export const deleteAnsweredStreams = defineStatement((q) =>
  q.db
    .deleteFrom("mcp_stream_events")
    .where("session_id", "=", q.param("session_id"))
    .where(
      "stream_id",
      "in",
      q.db
        .selectFrom("mcp_stream_events")
        .select("stream_id")
        .where("session_id", "=", q.param("session_id"))
        .where("is_final", "=", 1),
    ),
);

/** Logs one event (`stream_id`, `seq`, `session_id`, `message`, `is_final`). */
export const insertStreamEvent = defineStatement((q) =>
  q.db.insertInto("mcp_stream_events").values({
    stream_id: q.param("stream_id"),
    seq: q.param<number>("seq"),
    session_id: q.param("session_id"),
    message: q.param("message"),
    is_final: q.param<number>("is_final"),
  }),
);

/** A stream's events counted and whether its answer is among them (`stream_id`, `session_id`). */
export const streamSummary = defineStatement((q) =>
  q.db
    .selectFrom("mcp_stream_events")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max<number | null>("is_final").as("answered")])
    .where("stream_id", "=", q.param("stream_id"))
    .where("session_id", "=", q.param("session_id")),
);

/** Up to `limit` events of a stream after `seq`, in order (`stream_id`, `session_id`). */
export const streamEventsAfter = defineStatement((q) =>
  q.db
    .selectFrom("mcp_stream_events")
    .select(["seq", "message", "is_final"])
    .where("stream_id", "=", q.param("stream_id"))
    .where("session_id", "=", q.param("session_id"))
    .where("seq", ">", q.param<number>("seq"))
    .orderBy("seq")
    .limit(q.param<number>("limit")),
);
