// The one wire mapper every app's MCP edge uses. Protocol errors (JSON-RPC) go out as exactly one
// sentence: the SDK's McpError writes "MCP error <code>: " into its own message, the server sends
// that message, and the client's McpError prefixes it again ("MCP error -32002: MCP error -32002:
// …"); here the wire message is the sentence only. Tool failures become the one `isError` result
// shape. Neighbours: protocol-error.ts (the exact-message McpError), checked-request.ts (bad params).
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CodedError, messageOf } from "@foundry-mcp/core";
import { protocolError } from "./protocol-error";

const SDK_PREFIX = /^MCP error -?\d+: /;

function sentence(subject: string, name: string, hint: string | undefined): string {
  return hint === undefined || hint === "" ? `${subject}: ${name}` : `${subject}: ${name}. ${hint}`;
}

/**
 * -32602 `Unknown resource: <uri>` (then `. <hint>` when a hint is given), with `data.uri`.
 *
 * @example throw unknownResource(uri, "Resources: skill://a, toolsets://b.");
 */
export function unknownResource(uri: string, hint?: string): McpError {
  return protocolError(ErrorCode.InvalidParams, sentence("Unknown resource", uri, hint), { uri });
}

/** -32602 `Unknown tool: <name>. <hint>` for a tools/call naming no tool of this server, with `data.name`. */
export function unknownTool(name: string, hint?: string): McpError {
  return protocolError(ErrorCode.InvalidParams, sentence("Unknown tool", name, hint), { name });
}

/** -32602 `Unknown prompt: <name>. <hint>` for a prompts/get naming no prompt, with `data.name`. */
export function unknownPrompt(name: string, hint?: string): McpError {
  return protocolError(ErrorCode.InvalidParams, sentence("Unknown prompt", name, hint), { name });
}

/**
 * Any error a request handler caught, as the protocol error to throw: an McpError keeps its code
 * and data with its sentence stripped of every SDK prefix; anything else is -32603 Internal error
 * with its message (a CodedError's code in `data.code`).
 */
export function toWireError(error: unknown): McpError {
  if (error instanceof McpError) {
    let message = error.message;
    while (SDK_PREFIX.test(message)) message = message.replace(SDK_PREFIX, "");
    return protocolError(error.code, message, error.data);
  }
  return protocolError(ErrorCode.InternalError, messageOf(error), CodedError.isInstance(error) ? { code: error.code } : undefined);
}

/**
 * The one `isError` result: one text block a model reads and can act on. Its text is
 * - `<tool> failed: <message>` when the failure belongs to a named tool (SPEC §3's shape);
 * - `<CODE>: <message>` for a refusal with a stable code (any CodedError);
 * - the sentence itself when the host already wrote one (a string);
 * - `INTERNAL: <message>` for anything else.
 *
 * @example toolErrorResult(error, { tool: "memory_write" }) // "memory_write failed: `title` is 81 characters; the limit is 80."
 * @example toolErrorResult(new CatalogError("KIND_NOT_ALLOWED", "…")) // "KIND_NOT_ALLOWED: …"
 */
export function toolErrorResult(error: unknown, options: { tool?: string } = {}): CallToolResult {
  return { content: [{ type: "text", text: toolErrorText(error, options.tool) }], isError: true };
}

function toolErrorText(error: unknown, tool: string | undefined): string {
  if (typeof error === "string") return tool === undefined ? error : `${tool} failed: ${error}`;
  if (tool !== undefined) return `${tool} failed: ${messageOf(error)}`;
  return `${CodedError.isInstance(error) ? error.code : "INTERNAL"}: ${messageOf(error)}`;
}
