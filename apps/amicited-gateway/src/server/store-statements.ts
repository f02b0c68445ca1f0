// The statements of the gateway's transport and dashboard (MCP session rows, the stream event log,
// metrics, the workspace listing), built with the store's query layer: compiled once per dialect,
// bound per call, run as written on SQLite and PostgreSQL alike.
import { statementsOver, type StoreTables } from "@foundry-mcp/workspace-store";

/** The transport's tables (migration 4), beside the store's own. */
export interface ServerTables extends StoreTables {
  mcp_sessions: {
    id: string;
    token_id: number;
    toolsets: string | null;
    protocol_version: string;
    client_capabilities: string;
    client_info: string;
    created_at: number;
    last_seen: number;
  };
  mcp_session_guard: { id: number; locked_at: number };
  mcp_stream_events: { stream_id: string; seq: number; session_id: string; message: string; is_final: number };
}

const defineStatement = statementsOver<ServerTables>();

/** Answers one row when the store answers at all (readiness). */
export const storeProbe = defineStatement((q) => q.db.selectNoFrom((eb) => eb.lit(1).as("ok")));

/** Open sessions, all instances. */
export const sessionCount = defineStatement((q) =>
  q.db.selectFrom("mcp_sessions").select((eb) => eb.fn.countAll<number>().as("n")),
);

/** Streams whose events are kept for resumption. */
export const resumableStreamCount = defineStatement((q) =>
  q.db.selectFrom("mcp_stream_events").select((eb) => eb.fn.count<number>("stream_id").distinct().as("n")),
);

/** The first `limit` workspaces by id (the quota gauge's bounded set). */
export const firstWorkspaces = defineStatement((q) =>
  q.db.selectFrom("workspaces").select(["id", "name"]).orderBy("id").limit(q.param<number>("limit")),
);

/** Every workspace with its live tokens counted, by name. */
export const workspacesWithTokens = defineStatement((q) =>
  q.db
    .selectFrom("workspaces as w")
    .select((eb) => [
      "w.id",
      "w.name",
      "w.plan",
      "w.credits",
      "w.created_at",
      eb
        .selectFrom("api_tokens as t")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("t.workspace_id", "=", "w.id")
        .where("t.revoked_at", "is", null)
        .as("tokens"),
    ])
    .orderBy("w.name"),
);

/** The newest `limit` ledger rows of a workspace (`workspace_id`). */
export const latestLedgerRows = defineStatement((q) =>
  q.db
    .selectFrom("credit_ledger")
    .select(["at", "tool", "amount", "balance_after"])
    .where("workspace_id", "=", q.param("workspace_id"))
    .orderBy("id", "desc")
    .limit(q.param<number>("limit")),
);

/** Any one workspace's name (is the store initialised?). */
export const anyWorkspaceName = defineStatement((q) => q.db.selectFrom("workspaces").select("name").limit(1));
