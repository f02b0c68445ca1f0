// The approval gate (the package's ApprovalGateway behind foya's messages): modes, read-only
// passes, asking, refusing, and what the request names.
import { describe, expect, it } from "vitest";
import type { HostTool, ServerStatus } from "../../src/host/contract";
import { approvalMessage, approveCall as approveWithVoice, requestFor, type AskPerson } from "@foundry-mcp/client-manager/aggregate";
import type { ApprovalMode, ApprovalRequest } from "@foundry-mcp/client-manager";
import { FOYA_SERVE_VOICE } from "../../src/serve/foya-aggregate";

// The library's gate as foya serve runs it: foya's voice in every refusal.
const approveCall = (mode: ApprovalMode, request: ApprovalRequest, ask: AskPerson | undefined) => approveWithVoice(mode, request, ask, FOYA_SERVE_VOICE);

const write: HostTool = { hostName: "mcp__web__delete_page", server: "web", tool: "delete_page", description: "Delete a page.", inputSchema: { type: "object" }, annotations: { destructiveHint: true } };
const read: HostTool = { ...write, hostName: "mcp__web__get_page", tool: "get_page", annotations: { readOnlyHint: true } };
const status: ServerStatus = { name: "web", state: "connected", tools: 2, resources: 0, prompts: 0, transport: "streamable_http", target: "https://cms.example/mcp", toolTokens: 0 };

describe("approveCall", () => {
  it("allows in auto, refuses in deny, passes read-only tools in ask without asking", async () => {
    const never = async (): Promise<"accept"> => {
      throw new Error("must not ask");
    };
    expect(await approveCall("auto", requestFor(write, {}, status), never)).toEqual({ allowed: true, via: "mode" });
    expect(await approveCall("deny", requestFor(read, {}, status), never)).toEqual({
      allowed: false,
      reason: "Call to mcp__web__get_page refused: foya serve runs with --approval deny.",
    });
    expect(await approveCall("ask", requestFor(read, {}, status), never)).toEqual({ allowed: true, via: "mode" });
  });

  it("asks a person with a message naming tool, server, target and arguments", async () => {
    const asked: string[] = [];
    const outcome = await approveCall("ask", requestFor(write, { id: 7 }, status), async (message: string) => {
      asked.push(message);
      return "accept";
    });
    expect(outcome).toEqual({ allowed: true, via: "elicitation" });
    expect(asked).toEqual([
      'Allow the call delete_page on MCP server "web"?\ntarget: streamable_http https://cms.example/mcp\nhost tool: mcp__web__delete_page\narguments: {"id":7}',
    ]);
  });

  it("refuses when declined, cancelled, failed, or when nobody can be asked", async () => {
    const request = requestFor(write, {}, status);
    expect(await approveCall("ask", request, async () => "decline")).toEqual({ allowed: false, reason: "Call to mcp__web__delete_page was declined by the user." });
    expect(await approveCall("ask", request, async () => "cancel")).toEqual({ allowed: false, reason: "Call to mcp__web__delete_page was cancelled by the user." });
    const failed = await approveCall("ask", request, async () => {
      throw new Error("timeout");
    });
    expect(failed).toEqual({ allowed: false, reason: "Call to mcp__web__delete_page refused: the approval request failed (timeout)." });
    const nobody = await approveCall("ask", request, undefined);
    expect(nobody.allowed).toBe(false);
    expect(nobody.allowed === false && nobody.reason).toContain("--approval auto");
  });

  it("cuts long arguments in the message", () => {
    const message = approvalMessage(requestFor(write, { text: "x".repeat(2000) }, status));
    expect(message.length).toBeLessThan(900);
    expect(message.endsWith("...")).toBe(true);
  });
});
