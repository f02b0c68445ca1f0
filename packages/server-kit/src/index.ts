// @foundry-mcp/server-kit — the one public door. Pieces every Foundry MCP server shares so that
// hostile input gets a JSON-RPC answer instead of silence: a stdio transport that answers
// malformed frames, request schemas that turn bad params into -32602, exact-message errors.
export { LineStdioTransport, MAX_FRAME_BYTES, OUTPUT_NOT_DRAINING } from "./line-stdio-transport";
export type { LineStdioTransportOptions } from "./line-stdio-transport";
export { checkedRequest, describeIssues } from "./checked-request";
export { protocolError } from "./protocol-error";
