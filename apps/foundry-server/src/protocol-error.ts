// JSON-RPC errors made at the app's edge (unknown resource, unknown tool). The SDK sends an
// error's `message` as is, and McpError prefixes it with "MCP error <code>: ", so the exact wire
// sentences of SPEC §2 are restored here.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** An McpError whose wire message is exactly `message`. */
export function protocolError(code: ErrorCode, message: string): McpError {
  const error = new McpError(code, message);
  error.message = message;
  return error;
}

/** -32602 `Unknown resource: <uri>`. */
export function unknownResource(uri: string): McpError {
  return protocolError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
}

/** -32602 for a tools/call naming a tool this server does not have. */
export function unknownTool(name: string, known: readonly string[]): McpError {
  return protocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Tools: ${known.join(", ")}.`);
}
