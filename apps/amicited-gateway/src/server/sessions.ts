// The gateway's 2025-era MCP sessions, bounded: at most `maxSessions` in total,
// `maxSessionsPerWorkspace` per workspace and `maxSessionsPerToken` per credential, each gone after
// `idleMs` without a request (issue 15, item 2: without caps one token could fill the store for
// every workspace with sessions it never uses). The rows live in the workspace store, so every
// instance on one database sees the same sessions and counts the same caps; nothing per session
// stays in a process. server-kit's SqlSessionRows reads and writes them (its statements sit beside
// the endpoint that looks a session up on every request, decision 0015); this module gives it the
// gateway's limits, its flags' names for a refusal and where its tokens are.
import { SqlSessionRows } from "@foundry-mcp/server-kit";
import type { SessionCapWording } from "@foundry-mcp/server-kit";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { GATEWAY_TOKEN_TABLE } from "./mcp-session-store";
import type { McpSessionLimits } from "./mcp-session-store";

/** Bounds of the session table. */
export interface SessionLimits extends McpSessionLimits {
  /** Open sessions in total (`--max-sessions`). */
  maxSessions: number;
  /**
   * Open sessions of one workspace across all its tokens (`--max-sessions-per-workspace`); kept
   * below maxSessions, so no workspace can fill the table for the others (issue 39, T4).
   */
  maxSessionsPerWorkspace: number;
  /** Open sessions per token (`--max-sessions-per-token`); requests without a token share one. */
  maxSessionsPerToken: number;
  /** A session without a request for this long is gone (`--session-idle-ms`). */
  idleMs: number;
}

/** Defaults: 1,000 sessions, 200 per workspace, 50 per token, 30 idle minutes. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  maxSessions: 1000,
  maxSessionsPerWorkspace: 200,
  maxSessionsPerToken: 50,
  idleMs: 30 * 60_000,
};

/** The gateway's words in a refused initialize. */
const SESSION_CAP_WORDING: SessionCapWording = {
  server: "the gateway",
  maxSessions: "--max-sessions",
  maxSessionsPerWorkspace: "--max-sessions-per-workspace",
  maxSessionsPerToken: "--max-sessions-per-token",
};

/**
 * The sessions of every instance on one store, with the gateway's refusal messages.
 * @example sessions: new SessionTable(gateway.store, DEFAULT_SESSION_LIMITS)
 */
export class SessionTable extends SqlSessionRows {
  constructor(store: WorkspaceStore, limits: SessionLimits) {
    super(store, { limits, wording: SESSION_CAP_WORDING, tokens: GATEWAY_TOKEN_TABLE });
  }
}
