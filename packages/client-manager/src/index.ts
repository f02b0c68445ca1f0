// Public entry of @foundry-mcp/client-manager (runtime-neutral): config model, registry,
// policy, approval, events, adapters and the ClientManager with Streamable HTTP and SSE.
// Stdio servers and home-folder files live behind "@foundry-mcp/client-manager/node".
export { ClientManager } from "./manager/client-manager";
export type { ClientManagerOptions } from "./manager/client-manager";
export { DEFAULT_NOTIFICATION_LIMIT, type NotificationLimit } from "./manager/notification-limit";
export { DEFAULT_CLIENT_INFO } from "./manager/client-info";
export { DEFAULT_CALL_TIMEOUT_MS } from "./manager/call-tool";
export type { CallToolOptions, CallProgress } from "./manager/call-tool";
export { deliverProgressBeforeResponses } from "./manager/forwarding";
export type { ForwardingOptions, SamplingRequest, UpstreamLog } from "./manager/forwarding";
export type { ServerStatus } from "./manager/status";
export type { ElicitationRequest, ElicitationResponse } from "./manager/server-session";
export { reconnectDelay, DEFAULT_RECONNECT } from "./manager/backoff";
export { MAX_TOOLS_PER_SERVER } from "./manager/listing";
export { MAX_NOISE_LINES_WHILE_CONNECTING } from "./manager/connect-evidence";
export type { ReconnectOptions } from "./manager/backoff";

export { validateHostConfig, validateServerConfig, isValidServerName, isEnabled, serverNameProblem, MAX_SERVER_NAME_LENGTH } from "./config/validate";
export { expandVariables, expandServerConfig, hasVariableReference } from "./config/expand";
export type { ExpansionContext } from "./config/expand";
export { importServers, importInputs, sanitizeServerName } from "./config/import";
export type { ImportResult, ImportOptions, ImportFormat, ImportInput } from "./config/import";
export { publicServers, describeTarget } from "./config/public-view";
export type {
  HostConfig,
  ServerConfig,
  StdioServerConfig,
  RemoteServerConfig,
  ServerTimeouts,
  ServerToolFilter,
  TransportKind,
  CredentialStore,
  PublicServerConfig,
  AuthKind,
} from "./config/types";

export {
  hostToolName,
  hostToolPrefix,
  parseUpstreamPromptName,
  parseUpstreamResourceUri,
  serverOfHostToolName,
  shortHash,
  upstreamPromptName,
  upstreamResourceUri,
  shortToolNames,
  HOST_TOOL_NAME_PATTERN,
  HOST_TOOL_NAMES,
  CLIENT_TOOL_NAME_LIMIT,
} from "./registry/naming";
export type { ToolNaming } from "./registry/naming";
export { matchesGlob } from "./registry/glob";
export { ToolRegistry, passesToolFilter } from "./registry/tool-registry";
export type { McpToolDefinition, RegistryChange } from "./registry/tool-registry";
export { toolListText, toolListTokens } from "./registry/tool-list-cost";
export type { ToolListEntry } from "./registry/tool-list-cost";
export { toOpenAITools, toAnthropicTools, toGeminiTools } from "./registry/adapters";
export type { OpenAIFunctionTool, AnthropicTool, GeminiTool } from "./registry/adapters";
export type {
  HostTool,
  ToolAnnotations,
  UnifiedToolResult,
  ContentBlock,
  HostResource,
  HostResourceTemplate,
  ResourceReadResult,
  HostPrompt,
  PromptResult,
} from "./registry/types";

export { ToolPolicy } from "./policy/tool-policy";
export type { ToolPolicyOptions, PolicyDecision } from "./policy/tool-policy";
export { ApprovalGateway } from "./policy/approval";
export type { ApprovalMode, ApprovalRequest, ApprovalDecision, ApprovalGatewayOptions } from "./policy/approval";

export { HostEventEmitter } from "./events";
export type { HostEvent, HostEventName, ServerState } from "./events";
export type { StdioLauncher, StdioLaunchOptions, StdioTransport } from "./transports/types";

export { StoredOAuthProvider, needsLoginMessage } from "./auth/stored-oauth-provider";
export { LIBRARY_VOICE } from "./host-voice";
export type { HostVoice } from "./host-voice";
export type { OAuthProviderMode, StoredOAuthProviderOptions } from "./auth/stored-oauth-provider";
export { refreshIfExpiring, REFRESH_SKEW_MS } from "./auth/refresh-tokens";
export type { OAuthGrant, OAuthServerConfig, OAuthStorage, StoredOAuthState, StoredOAuthTokens } from "./auth/oauth-types";

export { ClientManagerError, ClientManagerErrorCode } from "./errors";
