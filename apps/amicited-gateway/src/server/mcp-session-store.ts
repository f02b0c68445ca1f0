// MCP sessions (the 2025 handshake's Mcp-Session-Id) kept in the store, so that every gateway
// instance on one database serves every request of a session: `initialize` opens a row, each
// later request reads and touches it, DELETE ends it everywhere, and a row idle past `idleMs` is
// gone for all. The caps (in total, per workspace across all its tokens, and per token) are counted inside one transaction that first
// updates the one-row guard table: SQLite's write lock and PostgreSQL's row lock both let one
// opener count at a time, so instances initializing at once cannot overshoot a cap.
// Ending or expiring a session also deletes its stream events (stream-event-log.ts). The rows live
// in the workspace store (migration 4 of @foundry-mcp/workspace-store); this transport owns them.
import { randomBytes } from "node:crypto";
import type { StoreQueries, WorkspaceStore } from "@foundry-mcp/workspace-store";
import {
  allSessions,
  deleteIdleSessionEvents,
  deleteIdleSessions,
  deleteSession,
  deleteSessionEvents,
  insertSession,
  liveSession,
  lockSessionGuard,
  tokenSessions,
  touchSession,
  workspaceSessions,
} from "./session-statements";
import type { ServerTables } from "./store-statements";

/** What an MCP session remembers from its initialize. */
export interface McpSessionDetails {
  tokenId: number;
  /** The raw `?toolsets=` of the initialize (null when absent). */
  toolsets: string | null;
  /** The protocol version the server agreed to. */
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  clientInfo: Record<string, unknown>;
}

/** One open session. Times are epoch milliseconds. */
export interface McpSession extends McpSessionDetails {
  /** 128 random bits, base64url: unguessable, so knowing a token is not enough to join a session. */
  id: string;
  createdAt: number;
  lastSeen: number;
}

/** The caps and idle time of a session table. */
export interface McpSessionLimits {
  maxSessions: number;
  /**
   * Sessions of all the tokens of one workspace together (counted when open() is told the
   * workspace); keep it below maxSessions, so no workspace fills the table for the others.
   */
  maxSessionsPerWorkspace?: number;
  maxSessionsPerToken: number;
  idleMs: number;
}

/** The answer to open(): the session, or which cap refused it and when a slot frees up. */
export type McpSessionOpening =
  | { session: McpSession }
  | { refused: "per-token" | "per-workspace" | "total"; retryAfterSeconds: number };

/** The answer to touch(): the session, or why there is none for this token. */
export type McpSessionLookup = { session: McpSession } | { missing: true } | { forbidden: true };

type SessionRow = ServerTables["mcp_sessions"];

const toSession = (row: SessionRow): McpSession => ({
  id: row.id,
  tokenId: Number(row.token_id),
  toolsets: row.toolsets,
  protocolVersion: row.protocol_version,
  clientCapabilities: JSON.parse(row.client_capabilities) as Record<string, unknown>,
  clientInfo: JSON.parse(row.client_info) as Record<string, unknown>,
  createdAt: Number(row.created_at),
  lastSeen: Number(row.last_seen),
});

/** Deletes the sessions idle since before `cutoff`, with their stream events; returns how many. */
async function deleteIdle(queries: StoreQueries, cutoff: number): Promise<number> {
  await deleteIdleSessionEvents.run(queries, { cutoff });
  return (await deleteIdleSessions.run(queries, { cutoff })).changes;
}

/**
 * The session table of an MCP HTTP server over a migrated WorkspaceStore (migration 4).
 * @example const sessions = new McpSessionStore(store, { maxSessions: 1000, maxSessionsPerWorkspace: 200, maxSessionsPerToken: 50, idleMs: 1_800_000 });
 */
export class McpSessionStore {
  constructor(
    private readonly store: WorkspaceStore,
    readonly limits: McpSessionLimits,
  ) {}

  /** Opens a session unless a cap refuses it (the workspace's with `workspaceId`); idle sessions are expired first. */
  open(details: McpSessionDetails, now = Date.now(), workspaceId?: string): Promise<McpSessionOpening> {
    const { maxSessions, maxSessionsPerWorkspace, maxSessionsPerToken, idleMs } = this.limits;
    const retryAfter = (oldest: number | null): number =>
      oldest === null ? 1 : Math.max(1, Math.ceil((oldest + idleMs - now) / 1000));
    return this.store.transaction(async (queries): Promise<McpSessionOpening> => {
      // First statement: from here until commit no other opener counts (see the header).
      await lockSessionGuard.run(queries, { now });
      await deleteIdle(queries, now - idleMs);
      const mine = await tokenSessions.get(queries, { token_id: details.tokenId });
      if ((mine?.n ?? 0) >= maxSessionsPerToken)
        return { refused: "per-token", retryAfterSeconds: retryAfter(mine?.oldest ?? null) };
      if (workspaceId !== undefined && maxSessionsPerWorkspace !== undefined) {
        const workspace = await workspaceSessions.get(queries, { workspace_id: workspaceId });
        if (Number(workspace?.n ?? 0) >= maxSessionsPerWorkspace)
          return { refused: "per-workspace", retryAfterSeconds: retryAfter(workspace?.oldest ?? null) };
      }
      const all = await allSessions.get(queries);
      if ((all?.n ?? 0) >= maxSessions)
        return { refused: "total", retryAfterSeconds: retryAfter(all?.oldest ?? null) };
      const session: McpSession = { ...details, id: randomBytes(16).toString("base64url"), createdAt: now, lastSeen: now };
      await insertSession.run(queries, {
        id: session.id,
        token_id: session.tokenId,
        toolsets: session.toolsets,
        protocol_version: session.protocolVersion,
        client_capabilities: JSON.stringify(session.clientCapabilities),
        client_info: JSON.stringify(session.clientInfo),
        created_at: now,
        last_seen: now,
      });
      return { session };
    });
  }

  /**
   * The session `id` of `tokenId`, marked as seen now; or why there is none (gone, or another
   * token's, which does not keep it alive). Every request reads its session, so `last_seen` is
   * written only when it is older than a tenth of the idle time (at most 10 s): one read per
   * request, a write now and then, and an idle time exact to within that tenth.
   */
  async touch(id: string, tokenId: number, now = Date.now()): Promise<McpSessionLookup> {
    const row: SessionRow | undefined = await liveSession.get(this.store, { id, seen_since: now - this.limits.idleMs });
    if (!row) return { missing: true };
    if (Number(row.token_id) !== tokenId) return { forbidden: true };
    if (now - Number(row.last_seen) >= Math.min(this.limits.idleMs / 10, 10_000)) {
      await touchSession.run(this.store, { now, id });
      row.last_seen = now;
    }
    return { session: toSession(row) };
  }

  /** Ends a session for every instance, with its stream events; true when it existed. */
  async end(id: string): Promise<boolean> {
    const [, ended] = await this.store.batch([
      deleteSessionEvents.bind(this.store.dialect, { session_id: id }),
      deleteSession.bind(this.store.dialect, { id }),
    ]);
    return (ended?.changes ?? 0) > 0;
  }

  /** Expires every session idle past `idleMs` (and its events); returns how many. */
  sweep(now = Date.now()): Promise<number> {
    return this.store.transaction((queries) => deleteIdle(queries, now - this.limits.idleMs));
  }
}
