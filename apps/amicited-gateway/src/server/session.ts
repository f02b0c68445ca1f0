// One MCP session: a low-level SDK Server whose tools/list is fixed when the session starts —
// the four base tools plus the pinned toolsets' tools — and whose calls all go through the
// catalog with the session's credential as context, through @foundry-mcp/progressive's surface
// (base schemas, argument checks, one result format, errors as isError results). A call whose
// request carries `_meta.progressToken` gets a progress reporter in its context.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  CallToolRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { checkedRequest, unknownResource } from "@foundry-mcp/server-kit";
import type { CallContext } from "@foundry-mcp/tool-catalog";
import { SERVER_INSTRUCTIONS, SKILL_URI, TOOLSETS_URI } from "./skill";
import { reportCallLogError, type Gateway } from "./gateway";
import { GATEWAY_CAPABILITIES, SERVER_INFO } from "./identity";
import { surfaceFor } from "./surfaces";
import { recordToolCall } from "./tool-metrics";
import type { Credential } from "@foundry-mcp/workspace-store";
import type { ProgressReporter } from "../tools/shared";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * Sends a call's progress as `notifications/progress` for the request's token (on its SSE stream,
 * in both eras). Once one cannot be sent (the stream's event log is full, stream-events.ts), the
 * call reports no more: its answer still arrives.
 */
function progressReporter(extra: Extra, progressToken: string | number): ProgressReporter {
  let stopped = false;
  return (progress, total, message) => {
    if (stopped) return;
    extra
      .sendNotification({ method: "notifications/progress", params: { progressToken, progress, total, message } })
      .catch(() => (stopped = true));
  };
}

// The SDK builds a new Ajv instance for every Server it is not given a validator (~0.3 ms of CPU
// and its garbage); a Server is built for every request now (sessions live in the store), so all
// of them share one. The gateway never asks the client for a form, so it is rarely even used.
let schemaValidator: AjvJsonSchemaValidator | undefined;
const sharedSchemaValidator = (): AjvJsonSchemaValidator => (schemaValidator ??= new AjvJsonSchemaValidator());

/**
 * Builds the MCP Server of one session. `toolsets` is the raw `?toolsets=` value: its tools are
 * advertised natively beside the base four, for the session's whole life.
 */
export function createSessionServer(
  gateway: Gateway,
  credential: Credential,
  toolsets: string | undefined,
): Server {
  const { catalog } = gateway;
  const context = (signal: AbortSignal, progress?: ProgressReporter): CallContext => ({
    workspace: credential.workspaceId,
    scope: credential.scope,
    credentialId: String(credential.tokenId),
    signal,
    ...(progress ? { progress } : {}),
  });
  const { surface, listed } = surfaceFor(gateway, toolsets);
  const server = new Server(SERVER_INFO, {
    capabilities: GATEWAY_CAPABILITIES,
    instructions: SERVER_INSTRUCTIONS,
    jsonSchemaValidator: sharedSchemaValidator(),
  });
  server.setRequestHandler(checkedRequest("tools/list", ListToolsRequestSchema), async () => ({ tools: listed }));
  server.setRequestHandler(checkedRequest("tools/call", CallToolRequestSchema), async (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    const started = performance.now();
    const progressToken = request.params._meta?.progressToken;
    const progress = progressToken === undefined ? undefined : progressReporter(extra, progressToken);
    const answer = await surface.answerCall(request.params.name, args, context(extra.signal, progress));
    const { tool, kind, code } = answer.outcome;
    recordToolCall(gateway, request.params.name, answer.outcome, (performance.now() - started) / 1000);
    // The call log serves the dashboard; a failed write never fails the call it describes.
    await gateway.calls
      .record({ workspaceId: credential.workspaceId, tokenId: credential.tokenId, latencyMs: performance.now() - started, tool, kind, outcome: code })
      .catch(reportCallLogError);
    if ("rejection" in answer) throw answer.rejection;
    return answer.result as CallToolResult;
  });
  server.setRequestHandler(checkedRequest("resources/list", ListResourcesRequestSchema), async () => ({
    resources: [
      {
        uri: SKILL_URI,
        name: "using-amicited",
        title: "Skill: using AmICited",
        description: "How to find, describe and execute the gateway's tools.",
        mimeType: "text/markdown",
      },
      {
        uri: TOOLSETS_URI,
        name: "toolsets",
        title: "Toolsets",
        description: "The toolsets, their prefixes and tool counts.",
        mimeType: "text/markdown",
      },
    ],
  }));
  // The resources capability covers templates/list: none here, but an answer, not -32601.
  server.setRequestHandler(checkedRequest("resources/templates/list", ListResourceTemplatesRequestSchema), async () => ({ resourceTemplates: [] }));
  server.setRequestHandler(checkedRequest("resources/read", ReadResourceRequestSchema), async (request) => {
    if (request.params.uri === SKILL_URI)
      return { contents: [{ uri: SKILL_URI, mimeType: "text/markdown", text: gateway.skill }] };
    if (request.params.uri === TOOLSETS_URI) {
      const counts = new Map<string, number>();
      for (const tool of catalog.list())
        counts.set(tool.toolset, (counts.get(tool.toolset) ?? 0) + 1);
      const rows = catalog
        .toolsets()
        .map(
          (toolset) =>
            `| ${toolset.name} | \`${toolset.prefix}\` | ${counts.get(toolset.name) ?? 0} | ${toolset.description} |`,
        );
      return {
        contents: [
          {
            uri: TOOLSETS_URI,
            mimeType: "text/markdown",
            text: [
              "| toolset | prefix | tools | what |",
              "| --- | --- | --- | --- |",
              ...rows,
            ].join("\n"),
          },
        ],
      };
    }
    throw unknownResource(request.params.uri, `Resources: ${SKILL_URI}, ${TOOLSETS_URI}.`);
  });
  return server;
}
