// Dashboard sign-in: the admin token (printed by `init`, rotated by `amicited-gateway admin
// token`, stored hashed) is exchanged once for a session whose id travels only in an HttpOnly,
// SameSite=Strict cookie scoped to /ui, and whose CSRF token the page sends back in a header on
// every change. Sessions live in this process, bounded in number and idle time; a restart or a
// new admin token signs everyone out (each request re-checks that the admin token is live).
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { sameSecret } from "@foundry-mcp/server-kit";
import { hashToken, isAdminToken, isLiveAdminHash } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { UiRefusal } from "./guard";

/** Name of the session cookie. */
export const UI_COOKIE = "amicited_ui";
/** Header that carries the CSRF token on every change. */
export const CSRF_HEADER = "x-csrf-token";
/** Signed-in browsers kept at once; the least recently used is signed out past it. */
export const MAX_UI_SESSIONS = 64;
/** A session unused this long is signed out. */
export const UI_SESSION_IDLE_MS = 8 * 60 * 60_000;

interface UiSession {
  csrf: string;
  /** Hash of the admin token it was opened with: a rotated token ends the session. */
  adminHash: string;
  lastSeen: number;
}

function cookieOf(req: http.IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The dashboard's signed-in browsers. */
export class UiSessions {
  private readonly sessions = new Map<string, UiSession>();

  constructor(private readonly store: WorkspaceStore) {}

  /** Opens a session for a live admin token; the Set-Cookie header and the CSRF token to send. */
  async signIn(token: unknown): Promise<{ cookie: string; csrf: string }> {
    if (typeof token !== "string" || !(await isAdminToken(this.store, token)))
      throw new UiRefusal(401, "UNAUTHORIZED", "unknown admin token: use the one `amicited-gateway init` printed, or make a new one with `amicited-gateway admin token`");
    this.evict();
    const id = randomBytes(32).toString("base64url");
    const csrf = randomBytes(32).toString("base64url");
    this.sessions.set(id, { csrf, adminHash: hashToken(token), lastSeen: Date.now() });
    return { cookie: `${UI_COOKIE}=${id}; Path=/ui; HttpOnly; SameSite=Strict; Max-Age=${UI_SESSION_IDLE_MS / 1000}`, csrf };
  }

  /** The session of this request, refreshed; 401 without one. Changes must carry its CSRF token. */
  async require(req: http.IncomingMessage): Promise<{ id: string; csrf: string }> {
    const id = cookieOf(req, UI_COOKIE);
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (id === undefined || session === undefined || Date.now() - session.lastSeen > UI_SESSION_IDLE_MS) {
      if (id !== undefined) this.sessions.delete(id);
      throw new UiRefusal(401, "UNAUTHORIZED", "sign in with the admin token first");
    }
    if (!(await isLiveAdminHash(this.store, session.adminHash))) {
      this.sessions.delete(id);
      throw new UiRefusal(401, "UNAUTHORIZED", "the admin token of this session was replaced; sign in with the new one");
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      const presented = req.headers[CSRF_HEADER];
      if (typeof presented !== "string" || !sameSecret(presented, session.csrf))
        throw new UiRefusal(403, "CSRF_REJECTED", `missing or wrong ${CSRF_HEADER} header: reload the page to get a fresh one`);
    }
    // Re-inserted so that the map's order is least recently used first.
    this.sessions.delete(id);
    session.lastSeen = Date.now();
    this.sessions.set(id, session);
    return { id, csrf: session.csrf };
  }

  /** Ends a session; the cookie that clears it. */
  signOut(id: string): string {
    this.sessions.delete(id);
    return `${UI_COOKIE}=; Path=/ui; HttpOnly; SameSite=Strict; Max-Age=0`;
  }

  private evict(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) if (now - session.lastSeen > UI_SESSION_IDLE_MS) this.sessions.delete(id);
    while (this.sessions.size >= MAX_UI_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
  }
}
