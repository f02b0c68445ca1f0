// The MCP endpoint of an HTTP server, whole: the edge (path, Host/Origin, bearer token, method,
// body; http-edge.ts), then the era — a request naming an Mcp-Session-Id, or an initialize, is of
// the 2025 handshake (legacy-http.ts: the session is a row in the host's store, restored into a
// Server built for this request); a 2026-07-28 request is answered statelessly (eras/modern-http.ts)
// — then the SDK Server built around the host's McpApp (app-server.ts). The host hands over a
// request once and is called back once per MCP request, on its McpApp, with the credential and
// view; sessions, restores, streams, resumes and eras never reach it. Nothing outlives a request
// in the process, so any number of instances on one store serve any client without sticky sessions.
import type http from "node:http";
import { messageOf } from "@foundry-mcp/core";
import { createAppServer, type McpApp } from "../app-server";
import { ServerKitError } from "../errors";
import { answerModernPost, isModernPost } from "../eras/modern-http";
import type { ServerIdentity } from "../eras/modern-result";
import { createHttpEdge, jsonRpcError, sendJson, type HttpEdgeOptions } from "../http-edge";
import type { HttpOperations } from "../operations/http-operations";
import { answerInSession, isInitializing, loadHttpTransport, openSession, type LegacyEndpoint, type LegacyWording } from "./legacy-http";
import type { SessionCredential, SessionRows, StreamEventRows } from "./session-rows";

/** Options of createMcpHttpEndpoint; `C` is the credential a token stands for. */
export interface McpHttpEndpointOptions<C extends SessionCredential> {
  /** Who the server says it is (initialize, server/discover, modern results). */
  identity: ServerIdentity;
  /** The host's answers: the one place a request enters the host. */
  app: McpApp<C>;
  /** The edge's checks; `checkToken` resolves a bearer token to its credential. */
  edge: HttpEdgeOptions<C>;
  /** The 2025-era session rows and SSE event log, in the host's store. */
  sessions: SessionRows;
  events: StreamEventRows;
  /** Counts one free request of a streamed 2025 request toward the caller's quota; throws at the cap. */
  countFreeRequest: (credential: C) => Promise<void>;
  /** The host's words in the 2025 refusals. */
  wording: LegacyWording;
  /** The query parameter that picks a view (the gateway's `toolsets`); absent, every request has the default view. */
  viewParameter?: string;
  /** Told what each admitted request is (server-kit's request log and drain). */
  operations?: HttpOperations;
  /**
   * A failed SSE event log write or idle-session sweep, or a stored session that could not be
   * restored (`error` a ServerKitError whose `code` the client was answered with; `sessionId` set),
   * which only the operator can mend (default: a line on stderr).
   */
  onError?: (what: EndpointFailure, error: unknown, sessionId?: string) => void;
}

/** What failed, as {@link McpHttpEndpointOptions.onError} is told. */
export type EndpointFailure = "stream log" | "session sweep" | "session restore";

/** A mounted endpoint: the host's router calls `handle` for requests to the MCP path. */
export interface McpHttpEndpoint {
  /** `url`: the request's URL when the router already parsed it (else the edge parses it). */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url?: URL): Promise<void>;
  /** Stops the idle-session sweep. */
  close(): void;
}

/** Most often the idle sweep runs (it also runs at every initialize). */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/**
 * Builds the endpoint and starts its idle-session sweep.
 *
 * @example const mcp = createMcpHttpEndpoint({ identity, app, edge, sessions, events, countFreeRequest, wording }); // router: return mcp.handle(req, res);
 */
export function createMcpHttpEndpoint<C extends SessionCredential>(options: McpHttpEndpointOptions<C>): McpHttpEndpoint {
  const { identity, app, sessions } = options;
  // Loaded here, not when server-kit is imported: stdio hosts never get this far (legacy-http.ts).
  // A failed load is seen by the first request that awaits it.
  void loadHttpTransport().catch(() => undefined);
  const report =
    options.onError ??
    ((what, error, sessionId) => {
      const code = ServerKitError.isInstance(error) ? `${error.code}, ` : "";
      const where = sessionId === undefined ? "" : ` (${code}session ${sessionId})`;
      process.stderr.write(`${identity.serverInfo.name}: ${what} failed${where}: ${messageOf(error)}\n`);
    });
  const admit = createHttpEdge<C>(options.edge);
  const createServer = (credential: C, view: string | undefined) => createAppServer(identity, app, credential, view);
  const legacy: LegacyEndpoint<C> = {
    sessions,
    events: options.events,
    createServer,
    countFreeRequest: options.countFreeRequest,
    wording: options.wording,
    onStreamLogError: (error) => report("stream log", error),
    onRestoreError: (sessionId, error) => report("session restore", error, sessionId),
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, url?: URL): Promise<void> => {
    const admitted = await admit(req, res, url);
    if (!admitted) return;
    const { credential, body, method } = admitted;
    options.operations?.admitted(res, body, credential.workspaceName);
    const request = { req, res, credential, body, method };
    const view = options.viewParameter === undefined ? undefined : (admitted.url.searchParams.get(options.viewParameter) ?? undefined);
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") return answerInSession(legacy, request, sessionId);
    if (method !== "POST") return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: Mcp-Session-Id header is required"));
    // 2026-07-28: no session, one Server for this request only.
    if (isModernPost(req, body)) return answerModernPost(req, res, body, () => createServer(credential, view), identity);
    if (!isInitializing(body)) return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: no valid session; send initialize first"));
    return openSession(legacy, request, view);
  };

  // Sessions that vanish without DELETE would otherwise hold their rows (and events) until a cap.
  const sweeper = setInterval(
    () => void sessions.sweep().catch((error: unknown) => report("session sweep", error)),
    Math.min(sessions.limits.idleMs, MAX_SWEEP_INTERVAL_MS),
  );
  sweeper.unref();
  return { handle, close: () => clearInterval(sweeper) };
}
