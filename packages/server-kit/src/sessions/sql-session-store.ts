// 2025-era MCP sessions as rows in the host's SQL store (through a SqlRunner), so that every
// instance on one database serves every request of a session: `initialize` opens a row, each later
// request reads and touches it, DELETE ends it everywhere, and a row idle past `idleMs` is gone for
// all. The caps (in total, per workspace across all its tokens, and per token) are counted inside
// one transaction that first updates the one-row guard table: SQLite's write lock and PostgreSQL's
// row lock both let one opener count at a time, so instances initializing at once cannot overshoot
// a cap. Ending or expiring a session also deletes its stream events (sql-stream-events.ts).
// The host creates the tables (the gateway: src/server/session-schema.ts): mcp_sessions (id,
// token_id, toolsets, protocol_version, client_capabilities, client_info, created_at, last_seen),
// mcp_session_guard (id, locked_at; one row, id 1) and mcp_stream_events.
import { randomBytes } from "node:crypto";
import { placeholderFor, sqlFor, type SqlQueries, type SqlRunner } from "./sql-runner";
import type { StoredSession } from "./session-rows";

/** What a session remembers from its initialize. */
export type SessionDetails = Omit<StoredSession, "id">;

/** One open session. Times are epoch milliseconds. */
export interface SqlSession extends StoredSession {
  createdAt: number;
  lastSeen: number;
}

/** The caps and idle time of a session table. */
export interface SqlSessionLimits {
  maxSessions: number;
  /**
   * Sessions of all the tokens of one workspace together (counted when open() is told the
   * workspace and the store's token table is named); keep it below maxSessions.
   */
  maxSessionsPerWorkspace?: number;
  maxSessionsPerToken: number;
  idleMs: number;
}

/** Where the host keeps its tokens, to count a workspace's sessions across them (the gateway: api_tokens). */
export interface TokenTable {
  table: string;
  /** The column a session's token_id names. */
  id: string;
  /** The token's workspace. */
  workspace: string;
}

/** The answer to open(): the session, or which cap refused it and when a slot frees up. */
export type SqlSessionOpening =
  | { session: SqlSession }
  | { refused: "per-token" | "per-workspace" | "total"; retryAfterSeconds: number };

/** The answer to touch(): the session, or why there is none for this token. */
export type SqlSessionLookup = { session: SqlSession } | { missing: true } | { forbidden: true };

interface SessionRow {
  id: string;
  token_id: number | string;
  toolsets: string | null;
  protocol_version: string;
  client_capabilities: string;
  client_info: string;
  created_at: number | string;
  last_seen: number | string;
}

interface CountRow {
  n: number | string;
  oldest: number | string | null;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

const toSession = (row: SessionRow): SqlSession => ({
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
async function deleteIdle(queries: SqlQueries, cutoff: number): Promise<number> {
  const sql = sqlFor(queries.dialect);
  await queries.run(sql`DELETE FROM mcp_stream_events WHERE session_id IN (SELECT id FROM mcp_sessions WHERE last_seen < ${cutoff})`);
  return (await queries.run(sql`DELETE FROM mcp_sessions WHERE last_seen < ${cutoff}`)).changes;
}

/**
 * The session table over a SqlRunner (the host's store, its tables created).
 * @example const sessions = new SqlSessionStore(store, { maxSessions: 1000, maxSessionsPerToken: 50, idleMs: 1_800_000 });
 */
export class SqlSessionStore {
  private readonly workspaceCount: string | undefined;

  constructor(
    private readonly store: SqlRunner,
    readonly limits: SqlSessionLimits,
    tokens?: TokenTable,
  ) {
    if (tokens !== undefined) {
      for (const name of [tokens.table, tokens.id, tokens.workspace])
        if (!IDENTIFIER.test(name)) throw new TypeError(`SqlSessionStore: token table name ${JSON.stringify(name)} must be a plain SQL identifier (letters, digits, _; at most 63).`);
      this.workspaceCount = `SELECT count(*) AS n, min(s.last_seen) AS oldest FROM mcp_sessions s INNER JOIN ${tokens.table} t ON t.${tokens.id} = s.token_id WHERE t.${tokens.workspace} = `;
    }
  }

  /** Opens a session unless a cap refuses it (the workspace's with `workspaceId`); idle sessions are expired first. */
  open(details: SessionDetails, now = Date.now(), workspaceId?: string): Promise<SqlSessionOpening> {
    const { maxSessions, maxSessionsPerWorkspace, maxSessionsPerToken, idleMs } = this.limits;
    const retryAfter = (oldest: number | string | null | undefined): number =>
      oldest === null || oldest === undefined ? 1 : Math.max(1, Math.ceil((Number(oldest) + idleMs - now) / 1000));
    return this.store.transaction(async (queries): Promise<SqlSessionOpening> => {
      const sql = sqlFor(queries.dialect);
      // First statement: from here until commit no other opener counts (see the header).
      await queries.run(sql`UPDATE mcp_session_guard SET locked_at = ${now} WHERE id = ${1}`);
      await deleteIdle(queries, now - idleMs);
      const mine = await queries.get<CountRow>(sql`SELECT count(*) AS n, min(last_seen) AS oldest FROM mcp_sessions WHERE token_id = ${details.tokenId}`);
      if (Number(mine?.n ?? 0) >= maxSessionsPerToken) return { refused: "per-token", retryAfterSeconds: retryAfter(mine?.oldest) };
      if (workspaceId !== undefined && maxSessionsPerWorkspace !== undefined && this.workspaceCount !== undefined) {
        // The token table's names are the host's (checked identifiers), the workspace a parameter.
        const workspace = await queries.get<CountRow>({ sql: this.workspaceCount + placeholderFor(queries.dialect)(0), parameters: [workspaceId] });
        if (Number(workspace?.n ?? 0) >= maxSessionsPerWorkspace) return { refused: "per-workspace", retryAfterSeconds: retryAfter(workspace?.oldest) };
      }
      const all = await queries.get<CountRow>(sql`SELECT count(*) AS n, min(last_seen) AS oldest FROM mcp_sessions`);
      if (Number(all?.n ?? 0) >= maxSessions) return { refused: "total", retryAfterSeconds: retryAfter(all?.oldest) };
      const session: SqlSession = { ...details, id: randomBytes(16).toString("base64url"), createdAt: now, lastSeen: now };
      await queries.run(
        sql`INSERT INTO mcp_sessions (id, token_id, toolsets, protocol_version, client_capabilities, client_info, created_at, last_seen) VALUES (${session.id}, ${session.tokenId}, ${session.toolsets}, ${session.protocolVersion}, ${JSON.stringify(session.clientCapabilities)}, ${JSON.stringify(session.clientInfo)}, ${now}, ${now})`,
      );
      return { session };
    });
  }

  /**
   * The session `id` of `tokenId`, marked as seen now; or why there is none (gone, or another
   * token's, which does not keep it alive). Every request reads its session, so `last_seen` is
   * written only when it is older than a tenth of the idle time (at most 10 s): one read per
   * request, a write now and then, and an idle time exact to within that tenth.
   */
  async touch(id: string, tokenId: number, now = Date.now()): Promise<SqlSessionLookup> {
    const sql = sqlFor(this.store.dialect);
    const row = await this.store.get<SessionRow>(
      sql`SELECT id, token_id, toolsets, protocol_version, client_capabilities, client_info, created_at, last_seen FROM mcp_sessions WHERE id = ${id} AND last_seen >= ${now - this.limits.idleMs}`,
    );
    if (!row) return { missing: true };
    if (Number(row.token_id) !== tokenId) return { forbidden: true };
    if (now - Number(row.last_seen) >= Math.min(this.limits.idleMs / 10, 10_000)) {
      await this.store.run(sql`UPDATE mcp_sessions SET last_seen = ${now} WHERE id = ${id} AND last_seen < ${now}`);
      row.last_seen = now;
    }
    return { session: toSession(row) };
  }

  /** Ends a session for every instance, with its stream events; true when it existed. */
  async end(id: string): Promise<boolean> {
    const sql = sqlFor(this.store.dialect);
    const [, ended] = await this.store.batch([sql`DELETE FROM mcp_stream_events WHERE session_id = ${id}`, sql`DELETE FROM mcp_sessions WHERE id = ${id}`]);
    return (ended?.changes ?? 0) > 0;
  }

  /** Expires every session idle past `idleMs` (and its events); returns how many. */
  sweep(now = Date.now()): Promise<number> {
    return this.store.transaction((queries) => deleteIdle(queries, now - this.limits.idleMs));
  }
}
