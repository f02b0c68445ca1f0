// JSON-RPC errors whose wire message is exactly the sentence given. The SDK sends an error's
// `message` as is, and McpError prefixes it with "MCP error <code>: "; a server that promises
// exact sentences (SPEC §2's "Unknown resource: <uri>") builds its errors here.
import { type ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** An McpError whose wire message is exactly `message` (and whose `data` is `data`, when given). */
export function protocolError(code: ErrorCode, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}
