// The gateway's one handler object (server-kit's McpApp): what a credential's view lists and what
// its calls answer. server-kit's endpoint (HTTP, both eras, sessions in the store) and stdio build
// the SDK Server around it, so each MCP request enters the gateway here once, with the credential,
// the view (the raw `?toolsets=`: its tools are advertised natively beside the base four, for a
// session's whole life), the arguments, the abort signal and the progress sender. Every call goes
// through @foundry-mcp/progressive's surface (base schemas, argument checks, one result format,
// errors as isError results) with the credential as context; its outcome, as data, goes to
// /metrics and the call log. The surface resolves a call as data (resolveCall: its answer, or the
// admitted tool to run) and this handler runs the tool itself, so the request stays in the
// gateway's own code from here to the tool and back (decision 0015).
import type { McpApp } from "@foundry-mcp/server-kit";
import { unknownResource } from "@foundry-mcp/server-kit";
import type { CallToolResult, Resource, Tool } from "@modelcontextprotocol/sdk/types.js";
import type { AdmittedCall, CallContext } from "@foundry-mcp/tool-catalog";
import type { Credential } from "@foundry-mcp/workspace-store";
import { SKILL_URI, TOOLSETS_URI } from "./skill";
import { reportCallLogError, type Gateway } from "./gateway";
import { surfaceFor, type PinnedSurface } from "./surfaces";
import { recordToolCall } from "./tool-metrics";

const RESOURCES: Resource[] = [
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
];

/** The toolsets resource: each toolset, its prefix, its tool count and what it is for. */
function toolsetsTable(gateway: Gateway): string {
  const { catalog } = gateway;
  const counts = new Map<string, number>();
  for (const tool of catalog.list()) counts.set(tool.toolset, (counts.get(tool.toolset) ?? 0) + 1);
  const rows = catalog
    .toolsets()
    .map((toolset) => `| ${toolset.name} | \`${toolset.prefix}\` | ${counts.get(toolset.name) ?? 0} | ${toolset.description} |`);
  return ["| toolset | prefix | tools | what |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

/**
 * Runs an admitted catalog call: the tool's handler, inside the hooks' wrapper when the call has
 * one (a paid tool's credit transaction, an outbound tool's gate); no wrapper, no callback.
 */
async function runTool(call: AdmittedCall<CallContext>): Promise<unknown> {
  const { tool, args, context, around } = call;
  return around ? around(async () => tool.handler(args, context)) : tool.handler(args, context);
}

/**
 * The gateway's answers for server-kit; one per gateway (it keeps nothing per request). `pinned`
 * fixes the surface for a connection that lives on (stdio), so that its tools/list stays what it
 * was at connect even when an upstream adds a toolset later; HTTP requests look it up each time.
 * @example createAppServer(GATEWAY_IDENTITY, gatewayApp(gateway), credential, toolsets)
 */
export function gatewayApp(gateway: Gateway, pinned?: PinnedSurface): McpApp<Credential> {
  const pinnedFor = (toolsets: string | undefined): PinnedSurface => pinned ?? surfaceFor(gateway, toolsets);
  return {
    listTools: (_credential, toolsets) => pinnedFor(toolsets).listed as Tool[],
    async callTool(credential, toolsets, name, args, call) {
      const started = performance.now();
      const context: CallContext = {
        workspace: credential.workspaceId,
        scope: credential.scope,
        credentialId: String(credential.tokenId),
        signal: call.signal,
        ...(call.progress ? { progress: call.progress } : {}),
        // The request's span parents an --upstreams call's (progressive's ClientToolsets passes it on).
        ...(call.trace ? { trace: call.trace } : {}),
      };
      const step = await pinnedFor(toolsets).surface.resolveCall(name, args, context);
      const answer = "answer" in step ? step.answer : await step.finish(runTool(step.run));
      const { tool, kind, code } = answer.outcome;
      recordToolCall(gateway, name, answer.outcome, (performance.now() - started) / 1000);
      // The call log serves the dashboard; a failed write never fails the call it describes.
      await gateway.calls
        .record({ workspaceId: credential.workspaceId, tokenId: credential.tokenId, latencyMs: performance.now() - started, tool, kind, outcome: code })
        .catch(reportCallLogError);
      if ("rejection" in answer) throw answer.rejection;
      return answer.result as CallToolResult;
    },
    resources: {
      list: () => RESOURCES,
      async read(_credential, _toolsets, uri) {
        if (uri === SKILL_URI) return { contents: [{ uri: SKILL_URI, mimeType: "text/markdown", text: gateway.skill }] };
        if (uri === TOOLSETS_URI) return { contents: [{ uri: TOOLSETS_URI, mimeType: "text/markdown", text: toolsetsTable(gateway) }] };
        throw unknownResource(uri, `Resources: ${SKILL_URI}, ${TOOLSETS_URI}.`);
      },
    },
  };
}
