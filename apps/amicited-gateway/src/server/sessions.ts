// The gateway's open MCP sessions, bounded: at most `maxSessions` in total and
// `maxSessionsPerToken` per credential, each closed after `idleMs` without a request. Every
// `initialize` keeps an SDK Server and transport alive (~60 KB), so without caps one token could
// exhaust the process for every workspace by opening sessions it never uses (issue 15, item 2).
// A slot is reserved before the session exists, so concurrent initializes cannot overshoot.
import type { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

/** Bounds of the session table. */
export interface SessionLimits {
  /** Open sessions in total (`--max-sessions`). */
  maxSessions: number;
  /** Open sessions per token (`--max-sessions-per-token`); requests without a token share one. */
  maxSessionsPerToken: number;
  /** A session without a request for this long is closed (`--session-idle-ms`). */
  idleMs: number;
}

/** Defaults: 1,000 sessions (~60 MB), 50 per token, 30 idle minutes. */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { maxSessions: 1000, maxSessionsPerToken: 50, idleMs: 30 * 60_000 };

/** One open session. */
export interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  tokenId: number;
  lastSeen: number;
}

/** Why a new session cannot open now: the message names the cap; retry after this many seconds. */
export interface SessionRefusal {
  message: string;
  retryAfterSeconds: number;
}

/** A reserved slot: bind it once the transport has a session id, or release it. */
export interface SessionSlot {
  bind(id: string, session: Session): void;
  release(): void;
}

export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  private readonly reserved = new Map<number, number>();
  private reservedTotal = 0;

  constructor(readonly limits: SessionLimits) {}

  /** The session of that id, marked as seen now. */
  touch(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (session) session.lastSeen = Date.now();
    return session;
  }

  /** Forgets a session (its transport closed); safe to call twice. */
  delete(id: string): void {
    this.sessions.delete(id);
  }

  /** Closes every session idle past `idleMs`. */
  evictIdle(now = Date.now()): void {
    const cutoff = now - this.limits.idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen < cutoff) {
        this.sessions.delete(id);
        void session.server.close().catch(() => undefined);
      }
    }
  }

  /** Reserves a slot for a new session of `tokenId`, or says which cap refuses it. */
  reserve(tokenId: number): SessionSlot | SessionRefusal {
    let refusal = this.refusal(tokenId);
    if (refusal) {
      this.evictIdle();
      refusal = this.refusal(tokenId);
    }
    if (refusal) return refusal;
    this.reserved.set(tokenId, (this.reserved.get(tokenId) ?? 0) + 1);
    this.reservedTotal++;
    let open = true;
    const release = (): void => {
      if (!open) return;
      open = false;
      this.reserved.set(tokenId, (this.reserved.get(tokenId) ?? 1) - 1);
      this.reservedTotal--;
    };
    return {
      bind: (id, session) => {
        release();
        this.sessions.set(id, session);
      },
      release,
    };
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    for (const session of all) await session.server.close().catch(() => undefined);
  }

  private refusal(tokenId: number): SessionRefusal | undefined {
    const { maxSessions, maxSessionsPerToken, idleMs } = this.limits;
    const mine = [...this.sessions.values()].filter((session) => session.tokenId === tokenId);
    const minutes = idleMs >= 60_000 ? `${Math.round(idleMs / 60_000)} min` : `${Math.ceil(idleMs / 1000)} s`;
    if (mine.length + (this.reserved.get(tokenId) ?? 0) >= maxSessionsPerToken) {
      return {
        message: `Too many sessions: this token already has ${maxSessionsPerToken} open sessions, the cap per token (--max-sessions-per-token ${maxSessionsPerToken}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after ${minutes}.`,
        retryAfterSeconds: this.secondsUntilIdle(mine),
      };
    }
    if (this.sessions.size + this.reservedTotal >= maxSessions) {
      return {
        message: `Too many sessions: the gateway has ${maxSessions} open sessions, its total cap (--max-sessions ${maxSessions}). Try again later; idle sessions close after ${minutes}.`,
        retryAfterSeconds: this.secondsUntilIdle([...this.sessions.values()]),
      };
    }
    return undefined;
  }

  private secondsUntilIdle(sessions: Session[]): number {
    const oldest = Math.min(...sessions.map((session) => session.lastSeen));
    if (!Number.isFinite(oldest)) return 1;
    return Math.max(1, Math.ceil((oldest + this.limits.idleMs - Date.now()) / 1000));
  }
}
