// Requests upstream servers send to their client, which the aggregating server passes to its own client:
// elicitation (form mode, the server named in the message), sampling (through the approval gate,
// like a tool call: `auto` forwards, `deny` refuses, `ask` asks the person first) and roots (the
// client's own list). Each refusal is an MCP error the upstream can read; the upstream's
// cancellation reaches the client through the signal.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ErrorCode, McpError, type CreateMessageResult, type ListRootsResult } from "@modelcontextprotocol/sdk/types.js";
import type { SamplingRequest } from "../manager/forwarding";
import type { ElicitationRequest, ElicitationResponse } from "../manager/server-session";
import { approveCall, type ApprovalMode, type AskPerson } from "./approvals";
import type { RegistryView } from "./registry-view";
import type { AggregatorVoice } from "./voice";

const PERSON_TIMEOUT_MS = 10 * 60_000;

/** The three forwarders, bound to the downstream server. */
export interface UpstreamRequests {
  elicitation(request: ElicitationRequest): Promise<ElicitationResponse>;
  sampling(request: SamplingRequest, signal: AbortSignal): Promise<CreateMessageResult>;
  roots(server: string, signal: AbortSignal): Promise<ListRootsResult>;
}

/** Forwarders over `server` (the downstream side), deciding sampling with `approval`. */
export function upstreamRequests(server: Server, approval: ApprovalMode, askPerson: AskPerson, view: RegistryView, voice: AggregatorVoice): UpstreamRequests {
  return {
    async elicitation(request) {
      const form = server.getClientCapabilities()?.elicitation?.form !== undefined;
      if (request.mode !== "form" || !form || request.requestedSchema === undefined) return { action: "decline" };
      const result = await server.elicitInput(
        { mode: "form", message: `[MCP server "${request.server}"] ${request.message}`, requestedSchema: request.requestedSchema as never },
        { timeout: PERSON_TIMEOUT_MS },
      );
      return { action: result.action, ...(result.content ? { content: result.content as ElicitationResponse["content"] } : {}) };
    },
    async sampling(request, signal) {
      if (server.getClientCapabilities()?.sampling === undefined) {
        throw new McpError(ErrorCode.InvalidRequest, `Sampling is not available: the client of ${voice.process} did not declare the sampling capability.`);
      }
      const status = view.server(request.server);
      const canAsk = server.getClientCapabilities()?.elicitation !== undefined;
      const outcome = await approveCall(
        approval,
        {
          hostName: `sampling/createMessage from ${request.server}`,
          tool: "sampling/createMessage",
          server: request.server,
          transport: status?.transport ?? "?",
          target: status?.target ?? "(unknown target)",
          arguments: { messages: request.params.messages, maxTokens: request.params.maxTokens },
        },
        canAsk ? askPerson : undefined,
        voice,
      );
      if (!outcome.allowed) throw new McpError(ErrorCode.InvalidRequest, outcome.reason);
      return (await server.createMessage(request.params, { signal, timeout: PERSON_TIMEOUT_MS })) as CreateMessageResult;
    },
    async roots(_server, signal) {
      if (server.getClientCapabilities()?.roots === undefined) return { roots: [] };
      return server.listRoots(undefined, { signal });
    },
  };
}
