// What the 2025-era HTTP endpoint (legacy-http.ts) needs from storage, as interfaces: the session
// rows and the SSE event log. The host implements them over its own store (the gateway: SQL tables
// shared by every instance on one database), so that no process keeps anything per session and
// any instance answers any request of any session. Kept here, beside the transport that uses them,
// the endpoint never learns which database holds them.

/** A session as its initialize left it: enough to restore it into a Server built for one request. */
export interface StoredSession {
  /** Unguessable (the host's rows draw 128 random bits): knowing a token is not enough to join a session. */
  id: string;
  /** The token the session is bound to: another token's request is refused (403). */
  tokenId: number;
  /** The view the initialize asked for (the raw `?toolsets=` of the gateway), or null. */
  toolsets: string | null;
  /** The protocol version the server agreed to. */
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  clientInfo: Record<string, unknown>;
}

/** Why a session cannot open now: the message names the cap; retry after this many seconds. */
export interface SessionRefusal {
  message: string;
  retryAfterSeconds: number;
}

/** The answer to touch(): the session, or why there is none for this token. */
export type SessionLookup = { session: StoredSession } | { missing: true } | { forbidden: true };

/** The session table of every instance on one store. */
export interface SessionRows {
  readonly limits: { idleMs: number };
  /** Opens a session for an initialize of `workspaceId`, or says which cap refuses it. */
  open(details: Omit<StoredSession, "id">, workspaceId: string): Promise<StoredSession | SessionRefusal>;
  /** The session of that id for this token, marked as seen now. */
  touch(id: string, tokenId: number): Promise<SessionLookup>;
  /** Ends a session (and its logged events) for every instance; true when it existed. */
  end(id: string): Promise<boolean>;
  /** Expires idle sessions; returns how many. */
  sweep(): Promise<number>;
}

/** One logged SSE event: its sequence number in the stream, the message text, whether it is the final answer. */
export interface LoggedStreamEvent {
  seq: number;
  message: string;
  final: boolean;
}

/** The SSE event log of resumable streams, bounded per stream, per session and in all. */
export interface StreamEventRows {
  readonly limits: { maxEvents: number; maxEventsPerSession: number };
  /** Whether a new stream may start: false while the log is full. */
  hasRoom(): Promise<boolean>;
  /** Whether `sessionId` may start another stream, dropping its answered streams' events first if needed. */
  makeRoom(sessionId: string): Promise<boolean>;
  /** Logs event `seq` of a stream; past a bound anything but the final answer is refused (throws). */
  append(sessionId: string, streamId: string, seq: number, message: string, final: boolean): Promise<void>;
  /** Whether `streamId` is a logged stream of `sessionId`, and whether its answer is logged. */
  streamState(sessionId: string, streamId: string): Promise<"unknown" | "open" | "answered">;
  /** Up to 100 events of the stream after `seq`, in order. */
  after(sessionId: string, streamId: string, seq: number): Promise<LoggedStreamEvent[]>;
}

/** What a credential must say for the endpoint to bind sessions and count caps. */
export interface SessionCredential {
  tokenId: number;
  workspaceId: string;
  /** Shown in the request log (server-kit's HttpOperations). */
  workspaceName?: string;
}
