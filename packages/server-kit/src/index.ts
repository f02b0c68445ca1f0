// @foundry-mcp/server-kit — the one public door. Pieces every Foundry MCP server shares so that
// hostile input gets a JSON-RPC answer instead of silence: a stdio transport that answers
// malformed frames, request schemas that turn bad params into -32602, exact-message errors, and
// the one wire mapper (protocol sentences, the isError result shape).
export { LineStdioTransport, MAX_FRAME_BYTES, OUTPUT_NOT_DRAINING } from "./line-stdio-transport";
export type { LineStdioTransportOptions } from "./line-stdio-transport";
export { checkedRequest, describeIssues } from "./checked-request";
export { checkMessage, type CheckedMessage } from "./jsonrpc-frames";
export { protocolError } from "./protocol-error";
export { createHttpEdge, hostAllowList, jsonRpcError, readLimitedBody, sameSecret, sendJson, DEFAULT_MAX_BODY_BYTES } from "./http-edge";
export type { AdmittedRequest, HttpEdge, HttpEdgeOptions } from "./http-edge";
export { toolErrorResult, toWireError, unknownPrompt, unknownResource, unknownTool } from "./wire-errors";
export { ServerKitError, ServerKitErrorCode } from "./errors";
// Both protocol eras on one endpoint: the 2025 handshake through the SDK's Server, 2026-07-28
// (stateless, per-request _meta, server/discover, resultType, cache hints) through the era router.
export { DualEraTransport, type DualEraTransportOptions } from "./eras/dual-era-transport";
export { DEFAULT_MAX_DIRECT_IN_FLIGHT, type DirectRequestContext, type DirectRoute, type DirectRoutes } from "./eras/direct-requests";
export { plainToolCall, type PlainToolCall } from "./eras/plain-tool-call";
export type { TraceContextMeta } from "./trace-context-meta";
export { EraRouter, REMOVED_IN_MODERN, type EraRouterOptions, type InboundDecision, type ProtocolEra } from "./eras/era-router";
export {
  META_KEYS,
  MODERN_PROTOCOL_VERSION,
  MODERN_PROTOCOL_VERSIONS,
  ModernErrorCode,
  readEnvelope,
  unsupportedVersion,
  type RequestEnvelope,
  type WireErrorObject,
} from "./eras/envelope";
export { CACHEABLE_METHODS, NO_CACHE, discoverResult, modernCapabilities, toModernResult, type CacheHint, type ServerIdentity } from "./eras/modern-result";
export { answerStatelessRequest, type ConnectableServer } from "./eras/stateless-request";
export { checkRoutingHeaders, isModernHttpRequest, modernHttpStatus, type RoutingHeaders } from "./eras/http-headers";
export { answerModernPost, isModernPost, routingHeadersOf, serveModernPost, type ModernAnswerer } from "./eras/modern-http";
export { SharedModernServer } from "./eras/shared-modern-server";
// The host's one handler object, and the whole MCP endpoint over HTTP around it: edge, both eras,
// 2025 sessions restored from the host's store per request, resumable SSE streams.
export { createAppServer, type AppCall, type McpApp, type ProgressSender } from "./app-server";
export { createMcpHttpEndpoint, type EndpointFailure, type McpHttpEndpoint, type McpHttpEndpointOptions } from "./sessions/mcp-http-endpoint";
export type { LegacyWording } from "./sessions/legacy-http";
export type { LoggedStreamEvent, SessionCredential, SessionLookup, SessionRefusal, SessionRows, StoredSession, StreamEventRows } from "./sessions/session-rows";
// Those rows and events as SQL over the host's store (any object with a SqlRunner's methods).
export { sqlFor } from "./sessions/sql-runner";
export type { SqlQueries, SqlRunner, SqlTag, SqlText } from "./sessions/sql-runner";
export { SqlSessionStore } from "./sessions/sql-session-store";
export type { SessionDetails, SqlSession, SqlSessionLimits, SqlSessionLookup, SqlSessionOpening, TokenTable } from "./sessions/sql-session-store";
export { SqlSessionRows } from "./sessions/sql-session-rows";
export type { SessionCapWording, SqlSessionRowsOptions } from "./sessions/sql-session-rows";
export { DEFAULT_STREAM_EVENT_LIMITS, SqlStreamEventLog, StreamLogFullError } from "./sessions/sql-stream-events";
export type { StreamEventLimits, StreamLogFullErrorClass } from "./sessions/sql-stream-events";
// Asking the client for input (elicitation, sampling, roots) in both eras: real server→client
// requests in 2025, input-required results with a sealed requestState in 2026-07-28 (SEP-2322).
export { ClientAsking, type ClientAskingOptions } from "./input/client-asking";
export type { AskCapability, AskClient, AskingServer, HandlerExtra } from "./input/ask-client";
export { INPUT_METHODS, type InputRequest, type InputRequiredResult } from "./input/modern-round";
export { InputErrorCode, InputRequestError } from "./input/input-error";
export { DEFAULT_MAX_OUTSTANDING_STATES, MemoryStateNonces, type StateNonceStore } from "./input/state-nonces";
// The operator's side (issue #33): /healthz and /readyz, graceful drain, the structured log.
export { createHttpOperations, parseDrainSeconds, DEFAULT_DRAIN_SECONDS, MAX_DRAIN_SECONDS, SHUTTING_DOWN_CODE } from "./operations/http-operations";
export type { DrainReport, HttpOperations, HttpOperationsOptions } from "./operations/http-operations";
export { HEALTH_PATHS, READINESS_CHECK_TIMEOUT_MS } from "./operations/health-routes";
export type { ReadinessCheck } from "./operations/health-routes";
export { requestFactsOf, traceIdOf } from "./operations/request-facts";
export type { RequestFacts } from "./operations/request-facts";
export { createStructuredLog, parseLogFormat, routeStderrThroughLog, LOG_FORMATS, MAX_BUFFERED_LOG_CHARS, MAX_LOG_FIELD_CHARS, MAX_LOG_LINE_BYTES } from "./operations/structured-log";
export type { LogFields, LogFormat, LogLevel, StructuredLog, StructuredLogOptions } from "./operations/structured-log";
