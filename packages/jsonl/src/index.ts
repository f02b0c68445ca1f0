// @foundry-mcp/jsonl — the one public door: bounded, linear newline-delimited JSON framing for
// every stdio reader of the project (server-kit's LineStdioTransport, client-manager's stdio
// transport), and the reader of an over-size frame's id.
export { JsonLineFramer, DEFAULT_MAX_FRAME_BYTES, FRAME_EDGE_BYTES, formatFrameBound } from "./line-framer";
export type { Frame, LineFrame, OversizeFrame, JsonLineFramerOptions } from "./line-framer";
export { readFrameEdges } from "./frame-edges";
export type { FrameEdges, FrameKind, JsonRpcId } from "./frame-edges";
