// Shapes of the unified registry: host tools, unified results, resources and prompts.
// Runtime-neutral plain data shared by the manager, the adapters and the policy.

/** MCP tool annotations as the server sent them (hints, not guarantees). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** An MCP tool adapted into the host registry. */
export interface HostTool {
  /** `mcp__<server>__<tool>`, unique, fits ^[a-zA-Z0-9_-]{1,64}$. */
  hostName: string;
  server: string;
  /** The tool's name on its server. */
  tool: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
}

/** One content block of an MCP result (text, image, audio, resource link, embedded resource). */
export type ContentBlock = { type: string; [key: string]: unknown };

/** The unified result of every host tool call, successful or not. */
export interface UnifiedToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  server: string;
  tool: string;
  hostName: string;
  durationMs: number;
  /** Set when the failure is the host's (refused, timeout, server down), not the tool's own. */
  errorCode?: string;
  /** True when the call was sent again after a reconnect (read-only or idempotent tools only). */
  resent?: boolean;
}

/** A resource listed by a server, tagged with its source. */
export interface HostResource {
  server: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A resource template (RFC 6570 `uriTemplate`) listed by a server, tagged with its source. */
export interface HostResourceTemplate {
  server: string;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A resource read: external data, named by its source. */
export interface ResourceReadResult {
  server: string;
  uri: string;
  mimeType?: string;
  contents: Array<{ uri: string; mimeType?: string; text?: string; blob?: string; [key: string]: unknown }>;
}

/** A prompt listed by a server. */
export interface HostPrompt {
  server: string;
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
}

/** A prompt rendered with arguments: an input template, never a system instruction. */
export interface PromptResult {
  server: string;
  name: string;
  description?: string;
  messages: Array<{ role: string; content: ContentBlock }>;
}
