// The one object a host hands server-kit to answer MCP requests: what a credential's view lists
// and what its calls answer (tools, resources). server-kit builds the SDK Server around it — the
// per-request Server of the HTTP endpoint (sessions/mcp-http-endpoint.ts) in both eras, or the
// one Server of a stdio connection — so the host writes no SDK handler, no transport and no
// session code: each request reaches it once, as one method call with the credential, the view,
// the arguments, the abort signal and (when the client asked) a progress sender.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  CallToolRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, ReadResourceResult, Resource, ServerCapabilities, ServerNotification, ServerRequest, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { traceParentOf, type TraceParent } from "@foundry-mcp/telemetry";
import { checkedRequest } from "./checked-request";
import type { ServerIdentity } from "./eras/modern-result";

/** Reports a step of a long call as `notifications/progress` on the request's stream. */
export type ProgressSender = (progress: number, total: number, message: string) => void;

/** What one tools/call brings besides its name and arguments. */
export interface AppCall {
  /** Aborts when the client cancels or hangs up on a JSON answer. */
  signal: AbortSignal;
  /** Present when the request carried `_meta.progressToken`. */
  progress?: ProgressSender;
  /** The request's span when spans are exported: pass it to the upstream calls made for it (client-manager's CallToolOptions.trace). */
  trace?: TraceParent;
}

/**
 * A host's answers, by credential `C` and view (the raw view parameter of the request, e.g. the
 * gateway's `?toolsets=`; fixed for a session's whole life).
 */
export interface McpApp<C> {
  listTools(credential: C, view: string | undefined): Tool[];
  /** Refusals resolve as isError results; a rejection becomes the request's JSON-RPC error. */
  callTool(credential: C, view: string | undefined, name: string, args: Record<string, unknown>, call: AppCall): Promise<CallToolResult>;
  /** With resources: resources/list, resources/templates/list (none) and resources/read are answered. */
  resources?: {
    list(credential: C, view: string | undefined): Resource[];
    /** Throws for an unknown URI (server-kit's unknownResource). */
    read(credential: C, view: string | undefined, uri: string): Promise<ReadResourceResult>;
  };
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Sends a call's progress for the request's token (on its SSE stream, in both eras). Once one
 * cannot be sent (a stream's event log is full, sessions/session-events.ts), the call reports no
 * more: its answer still arrives.
 */
function progressSender(extra: Extra, progressToken: string | number): ProgressSender {
  let stopped = false;
  return (progress, total, message) => {
    if (stopped) return;
    extra
      .sendNotification({ method: "notifications/progress", params: { progressToken, progress, total, message } })
      .catch(() => (stopped = true));
  };
}

// The SDK builds a new Ajv instance for every Server it is not given a validator (~0.3 ms of CPU
// and its garbage); the HTTP endpoint builds a Server for every request, so all of them share one.
let schemaValidator: AjvJsonSchemaValidator | undefined;
const sharedSchemaValidator = (): AjvJsonSchemaValidator => (schemaValidator ??= new AjvJsonSchemaValidator());

/**
 * The SDK Server answering `app` for one credential and view; connect it to a transport.
 *
 * @example const server = createAppServer(identity, app, credential, undefined); await server.connect(new DualEraTransport(new LineStdioTransport(), identity));
 */
export function createAppServer<C>(identity: ServerIdentity, app: McpApp<C>, credential: C, view: string | undefined): Server {
  const server = new Server(identity.serverInfo, {
    capabilities: identity.capabilities as ServerCapabilities,
    ...(identity.instructions === undefined ? {} : { instructions: identity.instructions }),
    jsonSchemaValidator: sharedSchemaValidator(),
  });
  server.setRequestHandler(checkedRequest("tools/list", ListToolsRequestSchema), async () => ({ tools: app.listTools(credential, view) }));
  server.setRequestHandler(checkedRequest("tools/call", CallToolRequestSchema), async (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    const call: AppCall = { signal: extra.signal, ...(progressToken === undefined ? {} : { progress: progressSender(extra, progressToken) }) };
    const trace = traceParentOf(extra);
    if (trace) call.trace = trace;
    return app.callTool(credential, view, request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>, call);
  });
  const resources = app.resources;
  if (resources) {
    server.setRequestHandler(checkedRequest("resources/list", ListResourcesRequestSchema), async () => ({ resources: resources.list(credential, view) }));
    // The resources capability covers templates/list: none here, but an answer, not -32601.
    server.setRequestHandler(checkedRequest("resources/templates/list", ListResourceTemplatesRequestSchema), async () => ({ resourceTemplates: [] }));
    server.setRequestHandler(checkedRequest("resources/read", ReadResourceRequestSchema), (request) => resources.read(credential, view, request.params.uri));
  }
  return server;
}
