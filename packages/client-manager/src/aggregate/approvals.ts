// Approvals for an aggregating server: the gate every call passes before it reaches an upstream server.
// The decision is the package's ApprovalGateway (auto, ask, deny; read-only tools pass in ask);
// this module supplies the person to ask (the call's client, when it declared elicitation: an
// elicitation request in 2025, an input-required result in 2026-07-28, both through server-kit's
// ClientAsking) and turns each decision into the text a model reads when refused.
// Neighbours: aggregating-server.ts calls approveCall for every call.
import { messageOf } from "@foundry-mcp/core";
import { ApprovalGateway, type ApprovalMode, type ApprovalRequest } from "../policy/approval";
import type { ServerStatus } from "../manager/status";
import type { HostTool } from "../registry/types";
import { AGGREGATOR_VOICE, type AggregatorVoice } from "./voice";

/** The approval modes an aggregating server runs under. */
export const APPROVAL_MODES: readonly ApprovalMode[] = ["auto", "ask", "deny"];

export type { ApprovalMode, ApprovalRequest };

/** The outcome: allowed, or refused with the reason the model will read. */
export type ApprovalOutcome = { allowed: true; via: "mode" | "elicitation" } | { allowed: false; reason: string };

/** The outcome of every call under `--approval auto` (shared: it is never modified). */
export const ALLOWED_BY_MODE: ApprovalOutcome = Object.freeze({ allowed: true, via: "mode" });

/** How a person is asked; undefined when the client cannot be asked (no elicitation capability). */
export type AskPerson = (message: string) => Promise<"accept" | "decline" | "cancel">;

/** The message shown to the person: the tool, its server, the target and the arguments (cut). */
export function approvalMessage(request: ApprovalRequest): string {
  let args = JSON.stringify(request.arguments);
  if (args.length > 600) args = `${args.slice(0, 597)}...`;
  return [
    `Allow the call ${request.tool} on MCP server "${request.server}"?`,
    `target: ${request.transport} ${request.target}`,
    `host tool: ${request.hostName}`,
    `arguments: ${args}`,
  ].join("\n");
}

/** The approval request of one call: the tool, its server's target and transport (from its status row), the arguments. */
export function requestFor(tool: HostTool, args: Record<string, unknown>, status: ServerStatus | undefined): ApprovalRequest {
  return {
    hostName: tool.hostName,
    tool: tool.tool,
    server: tool.server,
    transport: status?.transport ?? "?",
    target: status?.target ?? "(unknown target)",
    arguments: args,
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  };
}

/**
 * Decides one call with the package's ApprovalGateway, asking `ask` when the mode says so.
 * Without a way to ask, an ask-mode call to a tool that is not read-only is refused, and the
 * reason names the two ways out (a client with elicitation, or `--approval auto`).
 */
export async function approveCall(mode: ApprovalMode, request: ApprovalRequest, ask: AskPerson | undefined, voice: AggregatorVoice = AGGREGATOR_VOICE): Promise<ApprovalOutcome> {
  let answer: "accept" | "decline" | "cancel" | undefined;
  let failure: string | undefined;
  const gateway = new ApprovalGateway({
    mode,
    ...(ask
      ? {
          ask: async (asked: ApprovalRequest) => {
            try {
              answer = await ask(approvalMessage(asked));
            } catch (error) {
              failure = messageOf(error);
              throw error;
            }
            return answer === "accept";
          },
        }
      : {}),
  });
  const decision = await gateway.decide(request);
  const name = request.hostName;
  switch (decision.reason) {
    case "auto":
    case "read_only":
      return { allowed: true, via: "mode" };
    case "approved_by_user":
      return { allowed: true, via: "elicitation" };
    case "mode_deny":
      return { allowed: false, reason: `Call to ${name} refused: ${voice.process} runs with ${voice.approvalSetting} deny.` };
    case "no_ask_callback":
      return {
        allowed: false,
        reason: `Call to ${name} needs approval and this client cannot be asked (no MCP elicitation); restart ${voice.process} with ${voice.approvalSetting} auto to allow it.`,
      };
    case "ask_failed":
      return { allowed: false, reason: `Call to ${name} refused: the approval request failed (${failure ?? "no answer"}).` };
    case "denied_by_user":
      return { allowed: false, reason: `Call to ${name} was ${answer === "cancel" ? "cancelled" : "declined"} by the user.` };
  }
}
