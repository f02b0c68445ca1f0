// SessionRows (what the 2025-era endpoint needs) over SqlSessionStore, with the host's words in
// a refusal: the option names of its caps and what it calls itself. The words are data, so the
// endpoint's per-request session lookup runs in this package and never calls back into the host.
import type { SessionLookup, SessionRefusal, SessionRows, StoredSession } from "./session-rows";
import { SqlSessionStore, type SessionDetails, type SqlSessionLimits, type TokenTable } from "./sql-session-store";
import type { SqlRunner } from "./sql-runner";

/** The host's words in a refused initialize: how it names itself and each cap's option. */
export interface SessionCapWording {
  /** E.g. "the gateway". */
  server: string;
  /** E.g. "--max-sessions". */
  maxSessions: string;
  /** E.g. "--max-sessions-per-workspace". */
  maxSessionsPerWorkspace: string;
  /** E.g. "--max-sessions-per-token". */
  maxSessionsPerToken: string;
}

/** Options of SqlSessionRows. */
export interface SqlSessionRowsOptions {
  limits: SqlSessionLimits & { maxSessionsPerWorkspace: number };
  wording: SessionCapWording;
  /** The host's token table, for the per-workspace cap. */
  tokens: TokenTable;
}

/**
 * The endpoint's session rows in the host's SQL store, refusals in the host's words.
 * @example sessions: new SqlSessionRows(store, { limits, wording: { server: "the gateway", maxSessions: "--max-sessions", … }, tokens: { table: "api_tokens", id: "id", workspace: "workspace_id" } })
 */
export class SqlSessionRows implements SessionRows {
  readonly limits: SqlSessionRowsOptions["limits"];
  private readonly rows: SqlSessionStore;
  private readonly wording: SessionCapWording;

  constructor(store: SqlRunner, options: SqlSessionRowsOptions) {
    this.limits = options.limits;
    this.wording = options.wording;
    this.rows = new SqlSessionStore(store, options.limits, options.tokens);
  }

  /** Opens a session for an initialize of `workspaceId`, or says which cap refuses it. */
  async open(details: SessionDetails, workspaceId: string): Promise<StoredSession | SessionRefusal> {
    const opening = await this.rows.open(details, Date.now(), workspaceId);
    if ("session" in opening) return opening.session;
    const { maxSessions, maxSessionsPerWorkspace, maxSessionsPerToken, idleMs } = this.limits;
    const words = this.wording;
    const minutes = idleMs >= 60_000 ? `${Math.round(idleMs / 60_000)} min` : `${Math.ceil(idleMs / 1000)} s`;
    const message =
      opening.refused === "per-token"
        ? `Too many sessions: this token already has ${maxSessionsPerToken} open sessions, the cap per token (${words.maxSessionsPerToken} ${maxSessionsPerToken}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after ${minutes}.`
        : opening.refused === "per-workspace"
          ? `Too many sessions: this workspace's tokens already have ${maxSessionsPerWorkspace} open sessions, the cap per workspace (${words.maxSessionsPerWorkspace} ${maxSessionsPerWorkspace}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after ${minutes}.`
          : `Too many sessions: ${words.server} has ${maxSessions} open sessions, its total cap (${words.maxSessions} ${maxSessions}). Try again later; idle sessions close after ${minutes}.`;
    return { message, retryAfterSeconds: opening.retryAfterSeconds };
  }

  /** The session of that id for this token, marked as seen now. */
  touch(id: string, tokenId: number): Promise<SessionLookup> {
    return this.rows.touch(id, tokenId);
  }

  /** Ends a session (and its events) for every instance. */
  end(id: string): Promise<boolean> {
    return this.rows.end(id);
  }

  /** Expires idle sessions. */
  sweep(): Promise<number> {
    return this.rows.sweep();
  }
}
