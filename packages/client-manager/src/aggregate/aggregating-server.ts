// The aggregating server: one MCP server (the SDK's low-level Server, because upstream schemas
// arrive as JSON Schema) in front of every server of a client manager. Tools come from a
// ToolSurface (direct, or a SurfaceFactory such as progressive's), resources and prompts are
// namespaced by server (registry/naming.ts, under the voice's scheme), every call passes the
// approval gate (approvals.ts), and registry changes are announced downstream with
// notifications/tools/list_changed. downstreams.ts opens one per session; the caller connects it.
import { messageOf } from "@foundry-mcp/core";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolRequest,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { checkedRequest, ClientAsking, plainToolCall, unknownPrompt, unknownResource, type AskClient, type DirectRoutes, type HandlerExtra, type ServerIdentity } from "@foundry-mcp/server-kit";
import { traceParentOf } from "@foundry-mcp/telemetry";
import type { HostEvent } from "../events";
import { HOST_TOOL_NAMES, parseUpstreamPromptName, upstreamPromptName, type ToolNaming } from "../registry/naming";
import type { HostTool } from "../registry/types";
import { ALLOWED_BY_MODE, approveCall, requestFor, type ApprovalMode, type AskPerson } from "./approvals";
import { installCompletions, offersCompletions } from "./completions";
import { installDownstreamForwarding } from "./downstream-forwarding";
import type { AggregatedManager } from "./manager";
import type { RegistryView } from "./registry-view";
import { isStatusUri, statusResource, statusUriOf } from "./status";
import { directSurface, type CallGate, type CallResult, type CallScope, type SurfaceFactory, type ToolSurface } from "./tool-surface";
import { upstreamRequests, type UpstreamRequests } from "./upstream-requests";
import { AGGREGATOR_VOICE, parseResourceUriOf, promptShapeHint, resourceUriOf, uriShapeHint, type AggregatorVoice } from "./voice";

/** Options of createAggregatingServer. */
export interface AggregatingServerOptions {
  manager: AggregatedManager;
  approval: ApprovalMode;
  /** The tools shown (default: every registry tool, named by `toolNames`); e.g. @foundry-mcp/progressive's aggregateProgressiveSurface. */
  surface?: SurfaceFactory;
  /** The names the direct surface lists (default: host names; or registry/naming.ts's shortToolNames). */
  toolNames?: ToolNaming;
  version: string;
  /** How the server names itself (default AGGREGATOR_VOICE). */
  voice?: AggregatorVoice;
  log: (line: string) => void;
  /** The registry view shared by every downstream session (one per manager). */
  view: RegistryView;
  /** Settles when the servers' first connection attempts did or the start-up bound passed: lists wait for it, initialize does not. */
  ready: Promise<void>;
  /** The live status document behind `<name>://status` (remote servers probed first, briefly). */
  status: () => Promise<unknown>;
}

/** The server and the hook that announces registry changes to the client. */
export interface AggregatingServer {
  server: Server;
  /** The identity server/discover answers with (2026-07-28 era, through server-kit's DualEraTransport). */
  identity: ServerIdentity;
  /**
   * The requests a DualEraTransport may answer itself, ahead of the SDK's dispatch (server-kit's
   * direct lane): a plain tools/call (no progress token, no era envelope, no task) under
   * `--approval auto`, which needs nothing of the SDK's handler context but the abort signal.
   * Undefined under the other modes, whose gate may ask the client (through the SDK's Server).
   */
  directRoutes: DirectRoutes | undefined;
  /** Puts upstream servers' elicitation, sampling and roots requests to the client. */
  upstream: UpstreamRequests;
  /** Re-reads the registry and sends list_changed notifications for what actually changed. */
  announceChanges(): Promise<void>;
  /** Passes one manager event on to this session's client (upstream logs, resource updates). */
  forwardEvent: (event: HostEvent) => void;
}

// One requestState key for the process: a 2026-07-28 retry may reach any session's server.
// Approvals are a person's consent: each answers one question once (issue #36 R4).
const asking = new ClientAsking({ singleUse: true });

const APPROVE_SCHEMA = {
  type: "object" as const,
  properties: { approve: { type: "boolean" as const, title: "Approve this call", default: false } },
  required: ["approve"],
};

/** The person's answer to an approval form: accept only with `approve: true`. */
function approvalOf(result: ElicitResult): "accept" | "decline" | "cancel" {
  if (result.action !== "accept") return result.action;
  return result.content?.approve === true ? "accept" : "decline";
}

/** Builds the aggregating server; the caller connects a transport. */
export function createAggregatingServer(options: AggregatingServerOptions): AggregatingServer {
  const { manager } = options;
  const voice = options.voice ?? AGGREGATOR_VOICE;
  // Registry changes are announced (list_changed), so no list result may be cached: NO_CACHE hints.
  const identity: ServerIdentity = {
    serverInfo: { name: voice.name, version: options.version },
    capabilities: {
      tools: { listChanged: true },
      resources: { listChanged: true, subscribe: true },
      prompts: { listChanged: true },
      logging: {},
      ...(offersCompletions(manager) ? { completions: {} } : {}),
    },
    instructions: options.surface
      ? options.surface.instructions(voice)
      : `${voice.name} fronts several MCP servers. Tools are named ${options.toolNames && options.toolNames !== HOST_TOOL_NAMES ? "<server>__<tool>" : "mcp__<server>__<tool>"}; resources ${voice.name}://<server>/<uri>; prompts <server>__<name>.`,
  };
  const server = new Server(identity.serverInfo, { capabilities: identity.capabilities, instructions: identity.instructions });

  // Per-request reads go through this view: nothing per call walks the registry or the status.
  const { view } = options;
  // Until the first connection attempts settled (bounded), every request that needs the registry
  // waits for them; afterwards nothing is awaited on the call path.
  let settled = false;
  let lastTools = "";
  let lastServers = "";
  void options.ready.then(() => {
    // What the first lists show; changes are announced against it from now on.
    surface.refresh();
    lastTools = signature(surface.listTools());
    lastServers = connectedServers(manager);
    settled = true;
  });
  const ready = (): Promise<void> | undefined => (settled ? undefined : options.ready);
  // An upstream's sampling request comes outside any downstream call: the session's client is asked.
  const askPerson: AskPerson = async (message) => approvalOf(await server.elicitInput({ message, requestedSchema: APPROVE_SCHEMA }, { timeout: 10 * 60_000 }));
  // The call's own client is asked (an elicitation in 2025, an input-required result in 2026-07-28).
  const askThrough = (ask: AskClient): AskPerson => async (message) => approvalOf(await ask.elicit(`${voice.name}_approval`, { message, requestedSchema: APPROVE_SCHEMA }));
  // Under --approval auto every call is allowed whatever it is: nothing is built or awaited for it.
  const gate: CallGate =
    options.approval === "auto"
      ? () => ALLOWED_BY_MODE
      : (tool: HostTool, args, ask) => approveCall(options.approval, requestFor(tool, args, view.server(tool.server)), ask?.can("elicitation") ? askThrough(ask) : undefined, voice);
  const surface: ToolSurface = options.surface ? options.surface.create(manager, view, gate, voice) : directSurface(manager, view, gate, options.toolNames);

  server.setRequestHandler(checkedRequest("tools/list", ListToolsRequestSchema), async () => {
    await ready();
    return { tools: surface.listTools() };
  });
  // Not async: once settled the call's own promise is the answer (no wrapper promise per call).
  // The surface builds a fresh wire object per call: it is returned as is, not copied again.
  const callTool = (name: string, args: Record<string, unknown>, call: CallScope): Promise<CallResult> =>
    settled ? surface.callTool(name, args, call) : options.ready.then(() => surface.callTool(name, args, call));
  /** The call's scope: the client's cancellation aborts the upstream request; its span (when exported) parents the upstream call's, passed explicitly (no AsyncLocalStorage). */
  const scopeOf = (signal: AbortSignal, extra: { requestInfo?: unknown } | undefined): CallScope => {
    const call: CallScope = { signal };
    const trace = traceParentOf(extra);
    if (trace) call.trace = trace;
    return call;
  };
  const tools = checkedRequest("tools/call", CallToolRequestSchema);
  server.setRequestHandler(
    tools,
    asking.handler(server, (request: CallToolRequest, extra: HandlerExtra, ask: AskClient) => {
      const call = scopeOf(extra.signal, extra);
      call.ask = ask;
      // Its progress token gets the upstream's progress.
      const token = request.params._meta?.progressToken;
      if (token !== undefined) {
        call.onProgress = (progress) =>
          void extra.sendNotification({ method: "notifications/progress", params: { ...progress, progressToken: token } }).catch(() => undefined);
      }
      return callTool(request.params.name, (request.params.arguments ?? {}) as Record<string, unknown>, call);
    }),
  );
  // The same call answered on the transport when nothing may need the SDK's context: a plain
  // request (no progress token, no envelope; a traced client's trace context is fine, its span
  // reached through context.extra as through the SDK's extra) and a gate that never asks
  // (ARCHITECTURE "The direct lane").
  const directRoutes: DirectRoutes | undefined =
    options.approval === "auto"
      ? { "tools/call": { schema: tools, quickParse: plainToolCall, quickOnly: true, handle: (request: CallToolRequest, context) => callTool(request.params.name, request.params.arguments ?? {}, scopeOf(context.signal, context.extra)) } }
      : undefined;
  const forwardEvent = installDownstreamForwarding(server, manager, ready, options.log, voice);
  if (identity.capabilities.completions !== undefined) installCompletions(server, manager, view, ready, voice);

  server.setRequestHandler(checkedRequest("resources/list", ListResourcesRequestSchema), async () => {
    await ready();
    const entries = await manager.listResources();
    return {
      resources: [statusResource(voice), ...entries.map((entry) => ({
        uri: resourceUriOf(voice, entry.server, entry.uri),
        name: `${entry.server}/${entry.name}`,
        ...(entry.title !== undefined ? { title: entry.title } : {}),
        description: `${entry.description ?? entry.name} (from MCP server "${entry.server}", ${entry.uri})`,
        ...(entry.mimeType !== undefined ? { mimeType: entry.mimeType } : {}),
      }))],
    };
  });
  server.setRequestHandler(checkedRequest("resources/read", ReadResourceRequestSchema), async (request) => {
    // The status answers without waiting for servers still connecting.
    if (isStatusUri(voice, request.params.uri)) return { contents: [{ uri: statusUriOf(voice), mimeType: "application/json", text: JSON.stringify(await options.status(), null, 2) }] };
    await ready();
    const target = parseResourceUriOf(voice, request.params.uri);
    if (!target) throw unknownResource(request.params.uri, `${uriShapeHint(voice)}.`);
    const read = await manager.readResource(target.server, target.uri);
    return { contents: read.contents.map((item) => ({ ...item, uri: resourceUriOf(voice, target.server, item.uri) })) };
  });

  server.setRequestHandler(checkedRequest("prompts/list", ListPromptsRequestSchema), async () => {
    await ready();
    const entries = await manager.listPrompts();
    return {
      prompts: entries.map((entry) => ({
        name: upstreamPromptName(entry.server, entry.name),
        ...(entry.title !== undefined ? { title: entry.title } : {}),
        description: `${entry.description ?? entry.name} (from MCP server "${entry.server}")`,
        ...(entry.arguments !== undefined ? { arguments: entry.arguments } : {}),
      })),
    };
  });
  server.setRequestHandler(checkedRequest("prompts/get", GetPromptRequestSchema), async (request) => {
    await ready();
    const servers = view.servers().map((row) => row.name);
    const target = parseUpstreamPromptName(request.params.name, servers);
    if (!target) throw unknownPrompt(request.params.name, `${promptShapeHint(voice)}.`);
    const rendered = await manager.getPrompt(target.server, target.name, request.params.arguments);
    return { ...(rendered.description !== undefined ? { description: rendered.description } : {}), messages: rendered.messages };
  });

  return {
    server,
    identity,
    directRoutes,
    upstream: upstreamRequests(server, options.approval, askPerson, view, voice),
    forwardEvent,
    async announceChanges() {
      if (!settled) return;
      surface.refresh();
      const tools = signature(surface.listTools());
      const servers = connectedServers(manager);
      const toolsChanged = tools !== lastTools;
      const serversChanged = servers !== lastServers;
      lastTools = tools;
      lastServers = servers;
      if (server.transport === undefined) return;
      try {
        if (toolsChanged) await server.sendToolListChanged();
        if (serversChanged) {
          await server.sendResourceListChanged();
          await server.sendPromptListChanged();
        }
      } catch (error) {
        options.log(`${voice.process}: could not notify the client: ${messageOf(error)}`);
      }
    },
  };
}

function signature(tools: ReturnType<ToolSurface["listTools"]>): string {
  return JSON.stringify(tools.map((tool) => [tool.name, tool.description ?? "", tool.inputSchema]));
}

function connectedServers(manager: AggregatedManager): string {
  return manager
    .status()
    .filter((row) => row.state === "connected")
    .map((row) => `${row.name}:${row.resources}:${row.prompts}`)
    .join(",");
}
