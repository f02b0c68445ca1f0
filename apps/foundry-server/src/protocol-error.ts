// The app's own JSON-RPC errors (unknown resource, unknown tool), with the exact wire sentences
// of SPEC §2; protocolError comes from @foundry-mcp/server-kit.
import { ErrorCode, type McpError } from "@modelcontextprotocol/sdk/types.js";
import { protocolError } from "@foundry-mcp/server-kit";
/** -32602 `Unknown resource: <uri>`. */
export function unknownResource(uri: string): McpError {
  return protocolError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
}

/** -32602 for a tools/call naming a tool this server does not have. */
export function unknownTool(name: string, known: readonly string[]): McpError {
  return protocolError(ErrorCode.InvalidParams, `Unknown tool: ${name}. Tools: ${known.join(", ")}.`);
}
