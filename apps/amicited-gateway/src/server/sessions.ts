// The gateway's 2025-era MCP sessions, bounded: at most `maxSessions` in total and
// `maxSessionsPerToken` per credential, each gone after `idleMs` without a request (issue 15,
// item 2: without caps one token could fill the store for every workspace with sessions it never
// uses). The rows live in the workspace store (McpSessionStore, mcp-session-store.ts), so every
// instance on one database sees the same sessions and counts the same caps; nothing per session
// stays in a process. This module adds the wire wording of a refusal.
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { McpSessionStore } from "./mcp-session-store";
import type { McpSession, McpSessionDetails, McpSessionLimits, McpSessionLookup } from "./mcp-session-store";

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

/** Why a new session cannot open now: the message names the cap; retry after this many seconds. */
export interface SessionRefusal {
  message: string;
  retryAfterSeconds: number;
}

export type { McpSession as Session, McpSessionLookup as SessionLookup };

/** The sessions of every instance on one store, with the gateway's refusal messages. */
export class SessionTable {
  private readonly rows: McpSessionStore;

  constructor(
    store: WorkspaceStore,
    readonly limits: SessionLimits,
  ) {
    this.rows = new McpSessionStore(store, limits);
  }

  /** Opens a session for an initialize of `workspaceId`, or says which cap refuses it. */
  async open(details: McpSessionDetails, workspaceId: string): Promise<McpSession | SessionRefusal> {
    const opening = await this.rows.open(details, Date.now(), workspaceId);
    if ("session" in opening) return opening.session;
    const { maxSessions, maxSessionsPerWorkspace, maxSessionsPerToken, idleMs } = this.limits;
    const minutes = idleMs >= 60_000 ? `${Math.round(idleMs / 60_000)} min` : `${Math.ceil(idleMs / 1000)} s`;
    const message =
      opening.refused === "per-token"
        ? `Too many sessions: this token already has ${maxSessionsPerToken} open sessions, the cap per token (--max-sessions-per-token ${maxSessionsPerToken}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after ${minutes}.`
        : opening.refused === "per-workspace"
          ? `Too many sessions: this workspace's tokens already have ${maxSessionsPerWorkspace} open sessions, the cap per workspace (--max-sessions-per-workspace ${maxSessionsPerWorkspace}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after ${minutes}.`
          : `Too many sessions: the gateway has ${maxSessions} open sessions, its total cap (--max-sessions ${maxSessions}). Try again later; idle sessions close after ${minutes}.`;
    return { message, retryAfterSeconds: opening.retryAfterSeconds };
  }

  /** The session of that id for this token, marked as seen now. */
  touch(id: string, tokenId: number): Promise<McpSessionLookup> {
    return this.rows.touch(id, tokenId);
  }

  /** Ends a session for every instance. */
  end(id: string): Promise<boolean> {
    return this.rows.end(id);
  }

  /** Expires idle sessions (a timer in each instance; initialize also does). */
  sweep(): Promise<number> {
    return this.rows.sweep();
  }
}
