// The gateway's MCP session rows (the 2025 handshake's Mcp-Session-Id): server-kit's
// SqlSessionStore over the gateway's store, the per-workspace cap counted across the workspace's
// api_tokens. The statements live in server-kit beside the endpoint that reads them per request
// (decision 0015); the tables are the gateway's (session-schema.ts).
import { SqlSessionStore } from "@foundry-mcp/server-kit";
import type { SessionDetails, SqlSession, SqlSessionLimits, SqlSessionLookup, SqlSessionOpening, TokenTable } from "@foundry-mcp/server-kit";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** Where the gateway's tokens and their workspaces are. */
export const GATEWAY_TOKEN_TABLE: TokenTable = { table: "api_tokens", id: "id", workspace: "workspace_id" };

export type {
  SessionDetails as McpSessionDetails,
  SqlSession as McpSession,
  SqlSessionLimits as McpSessionLimits,
  SqlSessionLookup as McpSessionLookup,
  SqlSessionOpening as McpSessionOpening,
};

/**
 * The session table of an MCP HTTP server over a migrated gateway store.
 * @example const sessions = new McpSessionStore(store, { maxSessions: 1000, maxSessionsPerWorkspace: 200, maxSessionsPerToken: 50, idleMs: 1_800_000 });
 */
export class McpSessionStore extends SqlSessionStore {
  constructor(store: WorkspaceStore, limits: SqlSessionLimits) {
    super(store, limits, GATEWAY_TOKEN_TABLE);
  }
}
