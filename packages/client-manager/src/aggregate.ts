// Entry "@foundry-mcp/client-manager/aggregate" (Node): many upstream servers behind one MCP
// server. createDownstreams puts a client manager behind one aggregating server per downstream
// session (tools direct or through a SurfaceFactory, resources and prompts namespaced by server,
// an approval gate on every call, upstream requests passed to the client, list changes
// announced); connect a session to stdio yourself, or serve every session over Streamable HTTP
// with startHttpDownstream. The host's words come from its AggregatorVoice.
export { createDownstreams, STATUS_PROBE_WAIT_MS } from "./aggregate/downstreams";
export type { Downstreams, DownstreamsOptions } from "./aggregate/downstreams";
export { createAggregatingServer } from "./aggregate/aggregating-server";
export type { AggregatingServer, AggregatingServerOptions } from "./aggregate/aggregating-server";
export { startHttpDownstream, MAX_HTTP_SESSIONS, HTTP_SESSION_IDLE_MS } from "./aggregate/http-downstream";
export type { HttpDownstream, HttpDownstreamOptions } from "./aggregate/http-downstream";
export { HttpSessionTransport } from "./aggregate/http-session";
export type { AggregatedManager } from "./aggregate/manager";
export { AGGREGATOR_VOICE, resourceUriOf, parseResourceUriOf } from "./aggregate/voice";
export type { AggregatorVoice } from "./aggregate/voice";
export { APPROVAL_MODES, ALLOWED_BY_MODE, approvalMessage, approveCall, requestFor } from "./aggregate/approvals";
export type { ApprovalOutcome, AskPerson } from "./aggregate/approvals";
export { callThroughGate, directSurface } from "./aggregate/tool-surface";
export type { CallGate, CallResult, CallScope, ListedTool, SurfaceFactory, ToolSurface } from "./aggregate/tool-surface";
export { createRegistryView } from "./aggregate/registry-view";
export type { RegistryView } from "./aggregate/registry-view";
export { statusUriOf, LATENCY_WINDOW } from "./aggregate/status";
export type { ServeStatusDocument, ServeStatusRow } from "./aggregate/status";
export { MAX_SUBSCRIPTIONS } from "./aggregate/downstream-forwarding";
export type { UpstreamRequests } from "./aggregate/upstream-requests";
