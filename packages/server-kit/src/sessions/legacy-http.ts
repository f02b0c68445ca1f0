// The 2025 era over Streamable HTTP with the session in the store, so that any instance answers
// any request of any session and no process keeps anything per session:
// - `initialize` opens a session row (the host's SessionRows: caps counted in its store) and is answered by
//   a Server built for it, through an SDK transport that announces the row's id;
// - every later POST builds its Server for that request only, restored from the row
//   (restored-session.ts), and closes it once the request's answers are out (a row that cannot be
//   restored: closed at once, and the request answered 500 with a stable code). A request that asks
//   for progress (`_meta.progressToken`) gets an SSE stream whose every event carries an id and is
//   logged in the host's store (session-events.ts); any other request gets a JSON answer;
// - GET with Last-Event-ID resumes a cut stream from the log, on any instance (stream-resume.ts);
//   a GET without it is 405: the endpoint sends nothing outside a request's own stream;
// - DELETE ends the session for every instance.
import type http from "node:http";
import type * as HttpTransportModule from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  isInitializeRequest,
  type InitializeRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { messageOf } from "@foundry-mcp/core";
import { ServerOperations } from "@foundry-mcp/telemetry";
import { ServerKitError, ServerKitErrorCode } from "../errors";
import { jsonRpcError, sendJson } from "../http-edge";
import { wireIdOf } from "../jsonrpc-frames";
import { RestoredSessionTransport, restoreSession } from "./restored-session";
import { SessionEventStore } from "./session-events";
import type { SessionCredential, SessionRows, StoredSession, StreamEventRows } from "./session-rows";
import { resumeStream } from "./stream-resume";

let httpTransportModule: Promise<typeof HttpTransportModule> | undefined;

/**
 * The SDK's Streamable HTTP server transport, imported on first use: it runs @hono/node-server,
 * which reads `globalThis.Headers` as it loads, and that loads Node's whole fetch stack (undici,
 * llhttp's WebAssembly). A host that imports server-kit for stdio never creates an HTTP
 * endpoint, so it never pays that at start-up (issue #33; decision 0025). createMcpHttpEndpoint
 * starts the import, so it is done before the first request needs it.
 */
export const loadHttpTransport = (): Promise<typeof HttpTransportModule> => (httpTransportModule ??= import("@modelcontextprotocol/sdk/server/streamableHttp.js"));

/** JSON bytes of an initialize's capabilities and clientInfo a session row may keep. */
const MAX_SESSION_DETAILS_BYTES = 16_384;

/** The reconnection delay a stream's priming event asks clients for (SSE `retry:`). */
const RETRY_MS = 1000;

/** The host's words in the endpoint's refusals: what it calls itself, and the flags that raise the stream bounds. */
export interface LegacyWording {
  /** e.g. `the gateway`. */
  server: string;
  /** e.g. `--max-stream-events`. */
  maxEvents: string;
  /** e.g. `--max-stream-events-per-session`. */
  maxEventsPerSession: string;
}

/** What the 2025-era endpoint works with. */
export interface LegacyEndpoint<C extends SessionCredential> {
  sessions: SessionRows;
  events: StreamEventRows;
  createServer: (credential: C, view: string | undefined) => Server;
  /**
   * Counts one free request (not a tools/call, which counts itself) toward the workspace's hourly
   * cap; throws at the cap (its message goes into the 429).
   */
  countFreeRequest: (credential: C) => Promise<void>;
  wording: LegacyWording;
  /** A refused or failed event log write; the call it belongs to goes on. */
  onStreamLogError: (error: unknown) => void;
  /**
   * A stored session that could not be restored (its request was answered 500 with `error.code`):
   * the operator's sign of a broken store row, which the client alone would otherwise see.
   */
  onRestoreError: (sessionId: string, error: ServerKitError) => void;
}

/** One admitted request: its credential, parsed body and method. */
export interface LegacyRequest<C extends SessionCredential> {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  credential: C;
  body: unknown;
  method: string;
}

const messagesOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : [body]);

// The method is compared first: the SDK's check is a schema parse, and a failed parse (every other
// request of a session) builds an error object.
const isInitializeMessage = (message: unknown): boolean => (message as { method?: unknown } | null)?.method === "initialize" && isInitializeRequest(message);

/** The id of the (first) initialize request in a body, so that a refusal can answer it. */
function initializeId(body: unknown): string | number | null {
  const id = (messagesOf(body).find(isInitializeMessage) as { id?: unknown } | undefined)?.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

/** True when a POST body carries an initialize request. */
export const isInitializing = (body: unknown): boolean => messagesOf(body).some(isInitializeMessage);

/** A request that asked for progress and accepts SSE gets a stream; anything else a JSON answer. */
function wantsStream(req: http.IncomingMessage, body: unknown): boolean {
  const accepts = (req.headers.accept ?? "").includes("text/event-stream");
  return accepts && messagesOf(body).some((message) => {
    const params = (message as { id?: unknown; params?: { _meta?: { progressToken?: unknown } } }).params;
    return (message as { id?: unknown }).id !== undefined && params?._meta?.progressToken !== undefined;
  });
}

/**
 * Restores `session` into `server`, or, when it cannot be restored (a row the SDK's schema refuses,
 * a Server without the SDK's initialize handling, anything restoreSession throws), closes the
 * Server and answers the request 500 / -32603 with a stable code in `data.code` (the
 * ServerKitError's, else SESSION_NOT_RESTORED) and the request's id, and tells the host's
 * `onRestoreError`. The Server is closed before the refusal goes out, so nothing of the request is
 * left open once the client has its answer (the caller's own close then finds no transport: the
 * SDK's Protocol drops it on close).
 */
async function restoredOrRefused<C extends SessionCredential>(endpoint: LegacyEndpoint<C>, server: Server, session: StoredSession, request: LegacyRequest<C>): Promise<boolean> {
  try {
    await restoreSession(server, session);
    return true;
  } catch (error) {
    const failure = ServerKitError.isInstance(error)
      ? error
      : new ServerKitError(ServerKitErrorCode.SESSION_NOT_RESTORED, `session ${session.id} could not be restored: ${messageOf(error)}`, { cause: error });
    await server.close().catch(() => undefined);
    sendJson(request.res, 500, jsonRpcError(-32603, `Internal error: ${failure.message}`, wireIdOf(request.body), { code: failure.code }));
    endpoint.onRestoreError(session.id, failure);
    return false;
  }
}

/**
 * Connects a Server to `transport` (restoring `session`), answers the request, closes the Server
 * once all is answered. A client that hangs up on a stream does not end its call (the answer still
 * goes to the log, for a resume); one that hangs up on a JSON answer cancels it.
 */
async function serve<C extends SessionCredential>(
  endpoint: LegacyEndpoint<C>,
  request: LegacyRequest<C>,
  transport: HttpTransportModule.StreamableHTTPServerTransport,
  options: { session: StoredSession | undefined; toolsets: string | undefined; resumable: boolean },
): Promise<void> {
  const { res } = request;
  const server = endpoint.createServer(request.credential, options.toolsets);
  // Each request on the wire is measured (duration; a span when exported) like the other eras'.
  const operations = new ServerOperations({ transport: "tcp", sessionId: options.session?.id, protocolVersion: options.session?.protocolVersion });
  const restored = new RestoredSessionTransport(transport, operations);
  const hungUp = new Promise<void>((resolve) => res.once("close", () => resolve()));
  try {
    await server.connect(restored);
    if (options.session && !(await restoredOrRefused(endpoint, server, options.session, request))) return;
    await Promise.race([transport.handleRequest(request.req, res, request.body), hungUp]);
    if (!options.resumable && !res.writableFinished) restored.cancelPending("the client closed the connection");
    await restored.idle();
  } finally {
    await server.close().catch(() => undefined);
  }
}

/** Answers an initialize without a session: opens one in the store unless a cap refuses it. */
export async function openSession<C extends SessionCredential>(endpoint: LegacyEndpoint<C>, request: LegacyRequest<C>, toolsets: string | undefined): Promise<void> {
  // Before the row is opened: nothing to free if the import fails.
  const { StreamableHTTPServerTransport } = await loadHttpTransport();
  const initialize = messagesOf(request.body).find(isInitializeMessage) as InitializeRequest;
  // The session row keeps these for its whole life: bounded, so one token's sessions keep little (issue 36, R3).
  const keptBytes = Buffer.byteLength(JSON.stringify(initialize.params.capabilities)) + Buffer.byteLength(JSON.stringify(initialize.params.clientInfo));
  if (keptBytes > MAX_SESSION_DETAILS_BYTES)
    return sendJson(
      request.res,
      400,
      jsonRpcError(-32602, `Invalid params: capabilities and clientInfo are ${keptBytes} bytes of JSON together; a session keeps at most ${MAX_SESSION_DETAILS_BYTES}. Send a shorter clientInfo.`, initializeId(request.body)),
    );
  const requested = initialize.params.protocolVersion;
  const opened = await endpoint.sessions.open({
    tokenId: request.credential.tokenId,
    toolsets: toolsets ?? null,
    // The SDK Server's own rule, so the row holds what the answer will say.
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
    clientCapabilities: initialize.params.capabilities as Record<string, unknown>,
    clientInfo: initialize.params.clientInfo as unknown as Record<string, unknown>,
  }, request.credential.workspaceId);
  if ("message" in opened)
    return sendJson(request.res, 503, jsonRpcError(-32000, opened.message, initializeId(request.body)), {
      "retry-after": String(opened.retryAfterSeconds),
    });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => opened.id, enableJsonResponse: true });
  try {
    await serve(endpoint, request, transport, { session: undefined, toolsets, resumable: false });
  } finally {
    // An initialize the SDK refused (batch, Accept, …) or whose client left got no session: free its slot.
    if (!request.res.headersSent || request.res.statusCode !== 200) await endpoint.sessions.end(opened.id);
  }
}

/**
 * The fair-use rules of a streamed request, whose events the store keeps (issue 39, T5): each of
 * its free requests counts toward the workspace's hourly cap (a ping costs nothing else, so
 * without this one token could log events without end), and its session must have room in its
 * share of the log. Undefined when admitted, else the refusal.
 */
async function admitStream<C extends SessionCredential>(
  endpoint: LegacyEndpoint<C>,
  credential: C,
  sessionId: string,
  body: unknown,
): Promise<{ status: number; message: string; retryAfterSeconds: number } | undefined> {
  const free = messagesOf(body).filter((message) => (message as { method?: unknown }).method !== "tools/call");
  try {
    for (let counted = 0; counted < free.length; counted++) await endpoint.countFreeRequest(credential);
  } catch (error) {
    return { status: 429, message: `Too many requests: ${messageOf(error)} Requests with a progressToken count toward it.`, retryAfterSeconds: 60 };
  }
  if (await endpoint.events.makeRoom(sessionId)) return undefined;
  const { maxEventsPerSession } = endpoint.events.limits;
  return {
    status: 503,
    message: `Too many stream events: this session keeps at most ${maxEventsPerSession} SSE events for resumption (${endpoint.wording.maxEventsPerSession} ${maxEventsPerSession}) and its open streams hold them all. Wait for them to answer, or send the request without a progressToken for a JSON answer.`,
    retryAfterSeconds: 5,
  };
}

/** Answers a request that names a session: POST, GET (resume) or DELETE. */
export async function answerInSession<C extends SessionCredential>(endpoint: LegacyEndpoint<C>, request: LegacyRequest<C>, sessionId: string): Promise<void> {
  const { req, res, credential, body, method } = request;
  const found = await endpoint.sessions.touch(sessionId, credential.tokenId);
  if ("missing" in found) return sendJson(res, 404, jsonRpcError(-32001, "Session not found: initialize a new session"));
  if ("forbidden" in found)
    return sendJson(res, 403, jsonRpcError(-32000, "Forbidden: this session belongs to another token"));
  const { session } = found;
  if (method === "DELETE") {
    await endpoint.sessions.end(session.id);
    res.writeHead(200).end();
    return;
  }
  if (method === "GET") {
    const lastEventId = req.headers["last-event-id"];
    if (typeof lastEventId !== "string")
      return sendJson(
        res,
        405,
        jsonRpcError(-32000, `Method not allowed: ${endpoint.wording.server} sends messages only on a request's own stream; GET /mcp resumes a cut stream and needs Last-Event-ID.`),
        { allow: "POST, DELETE" },
      );
    return resumeStream(req, res, lastEventId, {
      log: endpoint.events,
      sessionId: session.id,
      sessionAlive: async () => "session" in (await endpoint.sessions.touch(session.id, credential.tokenId)),
      maxWaitMs: endpoint.sessions.limits.idleMs,
    });
  }
  if (isInitializing(body))
    return sendJson(res, 400, jsonRpcError(-32600, "Invalid Request: Server already initialized"));
  const streaming = wantsStream(req, body);
  if (streaming) {
    const refusal = await admitStream(endpoint, credential, session.id, body);
    if (refusal) return sendJson(res, refusal.status, jsonRpcError(-32000, refusal.message), { "retry-after": String(refusal.retryAfterSeconds) });
  }
  if (streaming && !(await endpoint.events.hasRoom())) {
    await endpoint.sessions.sweep();
    if (!(await endpoint.events.hasRoom())) {
      const { maxEvents } = endpoint.events.limits;
      return sendJson(
        res,
        503,
        jsonRpcError(-32000, `Too many stream events: ${endpoint.wording.server} keeps at most ${maxEvents} SSE events for resumption (${endpoint.wording.maxEvents} ${maxEvents}); they go with their sessions. Try again later, or send the request without a progressToken for a JSON answer.`),
        { "retry-after": "5" },
      );
    }
  }
  const { StreamableHTTPServerTransport } = await loadHttpTransport();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !streaming,
    ...(streaming ? { eventStore: new SessionEventStore(endpoint.events, session.id, endpoint.onStreamLogError), retryInterval: RETRY_MS } : {}),
  });
  await serve(endpoint, request, transport, { session, toolsets: session.toolsets ?? undefined, resumable: streaming });
}
