// What foya needs from the client manager, stated once. commands/, serve/ and demo/ are written
// against these shapes; host/manager.ts is the one place that builds the real ClientManager of
// @foundry-mcp/client-manager and hands it over as a HostManager.
import type { ElicitationRequest, ElicitationResponse, ImportOptions, ServerConfig } from "@foundry-mcp/client-manager";

/** The connection state of one configured server. */
export type ServerState = "connecting" | "connected" | "error" | "disabled";

/** One row of `status()`. */
export interface ServerStatus {
  name: string;
  state: ServerState;
  tools: number;
  resources: number;
  prompts: number;
  lastError?: string;
  lastErrorAt?: string;
  transport: string;
  /** The command line or URL the server runs at (never a token). */
  target: string;
  /** Estimated tokens of this server's tool definitions in a model's context. */
  toolTokens?: number;
}

/** MCP tool annotations as upstream servers send them. */
export interface ToolHints {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A tool in the unified registry, under its collision-free host name. */
export interface HostTool {
  hostName: string;
  server: string;
  tool: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolHints;
}

/** The unified result of one call. */
export interface UnifiedResult {
  content: Array<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError: boolean;
  server: string;
  tool: string;
  durationMs: number;
  /** Set when the host made the error (refused, timeout, server down), not the tool. */
  errorCode?: string;
}

/** A resource as listed by one server. */
export interface ResourceEntry {
  server: string;
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A resource read, naming its source. */
export interface ResourceRead {
  server: string;
  uri: string;
  contents: Array<{ uri: string; mimeType?: string; text?: string; blob?: string }>;
}

/** A prompt as listed by one server. */
export interface PromptEntry {
  server: string;
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
}

/** A prompt rendered with arguments. */
export interface PromptRender {
  server: string;
  name: string;
  description?: string;
  messages: Array<{ role: string; content: Record<string, unknown> }>;
}

/** One event of the manager's stream; `type` says which (state, tools_changed, call, …). */
export interface HostEvent {
  type: string;
  server?: string;
  [key: string]: unknown;
}

/** The manager as foya uses it. */
export interface HostManager {
  start(): Promise<void>;
  /** Re-reads the configuration files and applies the difference (serve's live following). */
  reload(): Promise<void>;
  status(): ServerStatus[];
  tools(): HostTool[];
  /** Always resolves; host-side failures are isError results with an errorCode. */
  callTool(hostName: string, args: Record<string, unknown>): Promise<UnifiedResult>;
  listResources(server?: string): Promise<ResourceEntry[]>;
  readResource(server: string, uri: string): Promise<ResourceRead>;
  listPrompts(server?: string): Promise<PromptEntry[]>;
  getPrompt(server: string, name: string, args?: Record<string, string>): Promise<PromptRender>;
  onEvent(listener: (event: HostEvent) => void): void;
  close(): Promise<void>;
}

/** A server as `foya mcp add` describes it. */
export type ServerSpec =
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string; enabled: boolean }
  | { transport: "streamable_http" | "sse"; url: string; headers: Record<string, string>; enabled: boolean };

/** The public view of one configured server: never a token, `has_token` instead. */
export interface PublicServer {
  name: string;
  transport: string;
  enabled: boolean;
  has_token: boolean;
  /** How the server is authorized: none, a bearer token, or OAuth (tokens never shown). */
  auth: "none" | "bearer" | "oauth";
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
  url?: string;
  headers?: Record<string, string>;
}

/** The configuration files of one FOYA_HOME, as the CLI edits them. */
export interface ConfigPort {
  readonly home: string;
  list(): PublicServer[];
  add(name: string, spec: ServerSpec, token?: string): void;
  remove(name: string): void;
  setEnabled(name: string, enabled: boolean): void;
  /**
   * Imports another client's configuration (Claude Desktop, Claude Code, Cursor, VS Code): the
   * servers added (as written to mcp.json), what was changed, what was refused and why, and the
   * servers whose secrets went to the credentials file. `dryRun` writes nothing.
   */
  importServers(json: unknown, options: ImportOptions & { dryRun?: boolean }): ImportReport;
}

/** What an import did (or, dry, would do); never a secret. */
export interface ImportReport {
  format: string;
  added: string[];
  servers: Record<string, ServerConfig>;
  warnings: string[];
  refused: Array<{ name: string; reason: string }>;
  tokensStored: string[];
  secretsStored: string[];
}

/** How commands get a manager: over the saved configuration, optionally only some servers. */
export interface ManagerOptions {
  home: string;
  /** Only these servers (others are left out, not even shown). */
  only?: string[];
  /** One-shot commands do not retry; serve does. */
  reconnect: boolean;
  /** Answers upstream servers' elicitation requests (serve forwards them to its client). */
  onElicitation?: (request: ElicitationRequest) => Promise<ElicitationResponse>;
}
