// What foya needs from the client manager, as @foundry-mcp/client-manager's own types (no copies
// that could drift): commands/, serve/ and demo/ are written against HostManager, a Pick of the
// package's ClientManager plus the two things host/manager.ts adds (reload, onEvent). The shapes
// below the manager are foya's own: what `foya mcp add` takes and how the CLI edits FOYA_HOME.
import type {
  ClientManager,
  ElicitationRequest,
  ElicitationResponse,
  HostEvent,
  ImportOptions,
  PublicServerConfig,
  ServerConfig,
} from "@foundry-mcp/client-manager";

export type {
  HostEvent,
  HostPrompt,
  HostResource,
  HostTool,
  PromptResult,
  ResourceReadResult,
  ServerState,
  ServerStatus,
  UnifiedToolResult,
} from "@foundry-mcp/client-manager";

/** The manager as foya uses it. */
export interface HostManager
  extends Pick<
    ClientManager,
    "start" | "status" | "tools" | "callTool" | "listResources" | "readResource" | "listPrompts" | "getPrompt" | "close"
  > {
  /** Re-reads the configuration files and applies the difference (serve's live following). */
  reload(): Promise<void>;
  /** Every event of the manager's stream, with its full type (status, tools_changed, call_*, …). */
  onEvent(listener: (event: HostEvent) => void): void;
}

/** A server as `foya mcp add` describes it. */
export type ServerSpec =
  | { transport: "stdio"; command: string; args: string[]; env: Record<string, string>; cwd?: string; enabled: boolean }
  | { transport: "streamable_http" | "sse"; url: string; headers: Record<string, string>; enabled: boolean };

/**
 * The public view of one configured server as foya lists it: every configured field (tool
 * filters, timeouts, description included), `enabled` spelled out, `has_token` instead of a token.
 */
export type PublicServer = PublicServerConfig & { enabled: boolean };

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
