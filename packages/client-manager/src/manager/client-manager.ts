// The manager: holds one ServerSession per configured server, the unified tool registry and
// the event stream; applies config diffs; routes calls through exposure, policy and approval.
// Runtime-neutral: stdio needs a launcher, which `NodeClientManager` (../node) supplies.
import { LIBRARY_VOICE, type HostVoice } from "../host-voice";
import type { OAuthStorage } from "../auth/oauth-types";
import { describeTarget } from "../config/public-view";
import type { CredentialStore, HostConfig, ServerConfig } from "../config/types";
import { withSecretHeaders } from "../config/secret-headers";
import { validateHostConfig } from "../config/validate";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { HostEventEmitter, now, type ServerState } from "../events";
import type { ApprovalGateway } from "../policy/approval";
import type { ToolPolicy } from "../policy/tool-policy";
import { ToolRegistry } from "../registry/tool-registry";
import type { HostTool, UnifiedToolResult } from "../registry/types";
import type { StdioLauncher } from "../transports/types";
import type { CompleteRequest, CompleteResult, LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_RECONNECT, type ReconnectOptions } from "./backoff";
import { DEFAULT_CALL_TIMEOUT_MS, runToolCall, type CallContext, type CallToolOptions } from "./call-tool";
import { applyLoggingLevel, type ForwardingOptions } from "./forwarding";
import { checkNotificationLimit, DEFAULT_NOTIFICATION_LIMIT, NotificationLimiter, type NotificationLimit } from "./notification-limit";
import { ServerContent } from "./server-content";
import { ServerSession, type ElicitationRequest, type ElicitationResponse, type SessionSettings } from "./server-session";
import { serverStatus, type ServerStatus } from "./status";
import { DEFAULT_CLIENT_INFO } from "./client-info";

/** Options of {@link ClientManager}. */
export interface ClientManagerOptions {
  config: HostConfig;
  credentials?: CredentialStore;
  /** Who the manager is in `initialize`; default DEFAULT_CLIENT_INFO (this package's name and version). */
  clientInfo?: { name: string; version: string };
  /** The host's words in the errors a person reads (its login command); default LIBRARY_VOICE. */
  voice?: HostVoice;
  /** Default timeout of one call, unless the server's `timeouts.callMs` says otherwise. Default 50 000 (DEFAULT_CALL_TIMEOUT_MS), below the SDK's 60 s request timeout. */
  callTimeoutMs?: number;
  /** Default connect timeout, unless the server's `timeouts.connectMs` says otherwise. Default 30 000. */
  connectTimeoutMs?: number;
  /** Ping connected servers this often; a failed ping counts as a lost connection. 0 = never. Default 30 000. */
  pingIntervalMs?: number;
  reconnect?: ReconnectOptions;
  /** Answers servers' `elicitation/create` requests; without it the capability is not declared. */
  onElicitation?: (request: ElicitationRequest) => Promise<ElicitationResponse>;
  /** Answers servers' sampling and roots requests (a fronting host passes them to its own client). */
  forwarding?: ForwardingOptions;
  /** Decides every call when given (see ApprovalGateway). */
  approval?: ApprovalGateway;
  /** Starts stdio servers; `NodeClientManager` passes the process-group launcher. */
  stdio?: StdioLauncher;
  /** Variables for `${VAR}` expansion. Default: `process.env` where it exists. */
  env?: Record<string, string | undefined>;
  /**
   * Where OAuth registrations and tokens live (MCP authorization); `ConfigStore` is one. Without
   * it remote servers authenticate with bearer tokens only. A server that needs a person to sign
   * in shows `error` with AUTH_REQUIRED and is not retried until its configuration changes.
   */
  oauth?: OAuthStorage;
  /**
   * How fast each server's relayed notifications (log messages, resource updates) may come, per
   * method; past it they are dropped and counted (`notifications_dropped` events, at most one a
   * second, and `droppedNotifications` in the status). Default DEFAULT_NOTIFICATION_LIMIT.
   */
  notificationLimit?: Partial<NotificationLimit>;
}

interface Entry {
  session: ServerSession;
  fingerprint: string;
}

function defaultEnv(): Record<string, string | undefined> {
  const holder = globalThis as { process?: { env?: Record<string, string | undefined> } };
  return holder.process?.env ?? {};
}

/**
 * Connects to many MCP servers and keeps one live registry of their tools.
 *
 * @example
 * const manager = new NodeClientManager({ config: loadHostConfig(home) });
 * await manager.start();
 * const result = await manager.callTool("mcp__memory__read_graph", {});
 * await manager.close();
 */
export class ClientManager extends HostEventEmitter {
  private config: HostConfig;
  private readonly entries = new Map<string, Entry>();
  private readonly registry = new ToolRegistry();
  private readonly content: ServerContent;
  private closed = false;
  private callCounter = 0;
  private applying: Promise<void> = Promise.resolve();
  private loggingLevel: LoggingLevel | undefined;
  private readonly callContext: CallContext;
  private readonly notifications: NotificationLimiter;

  constructor(private readonly options: ClientManagerOptions) {
    super();
    this.config = validateHostConfig(options.config);
    const limit = checkNotificationLimit({ ...DEFAULT_NOTIFICATION_LIMIT, ...options.notificationLimit });
    this.notifications = new NotificationLimiter(limit, (report) => this.emit({ type: "notifications_dropped", ...report, at: now() }));
    this.callContext = this.createCallContext();
    this.content = new ServerContent((server) => this.connectedSession(server), (server) => this.callTimeout(server));
  }

  /** Connects every enabled server in parallel; resolves when each first attempt settled. Never rejects for a server's failure. */
  start(): Promise<void> {
    return this.apply(this.config);
  }

  /**
   * Moves to `config`: unchanged servers are untouched, changed ones replaced, removed ones
   * closed and dropped, disabled ones closed and shown as disabled, new ones connected.
   */
  apply(config: HostConfig): Promise<void> {
    if (this.closed) return Promise.reject(new ClientManagerError(ClientManagerErrorCode.MANAGER_CLOSED, "apply() after close(); create a new ClientManager"));
    let validated: HostConfig;
    try {
      validated = validateHostConfig(config);
    } catch (error) {
      return Promise.reject(error);
    }
    const run = this.applying.then(() => this.applyNow(validated));
    this.applying = run.catch(() => undefined);
    return run;
  }

  private fingerprint(name: string, server: ServerConfig): string {
    const token = this.options.credentials?.getToken(name);
    // Signing in (or out) changes the fingerprint, so the next apply reconnects the server.
    const signedIn = Boolean(this.options.oauth?.loadOAuth(name)?.tokens?.access_token);
    return JSON.stringify([this.withCredentialSecrets(name, server), token ?? null, signedIn]);
  }

  // Secrets an import moved to the credentials file (headers, stdio env values) travel with the server's own.
  private withCredentialSecrets(name: string, server: ServerConfig): ServerConfig {
    const credentials = this.options.credentials;
    if (server.transport !== "stdio") return withSecretHeaders(server, credentials?.getHeaders?.(name));
    const env = credentials?.getEnv?.(name);
    return env === undefined ? server : { ...server, env: { ...server.env, ...env } };
  }

  private async applyNow(config: HostConfig): Promise<void> {
    this.config = config;
    const work: Promise<void>[] = [];
    for (const [name, entry] of [...this.entries]) {
      const next = config.servers[name];
      if (next && this.fingerprint(name, next) === entry.fingerprint) continue;
      this.entries.delete(name);
      work.push(this.retire(entry.session, next === undefined));
    }
    await Promise.all(work);
    const starts: Promise<void>[] = [];
    for (const [name, server] of Object.entries(config.servers)) {
      if (this.entries.has(name) || this.closed) continue;
      const session = new ServerSession(name, this.withCredentialSecrets(name, server), this.options.credentials?.getToken(name), this.sessionSettings(server));
      this.entries.set(name, { session, fingerprint: this.fingerprint(name, server) });
      this.emit({ type: "status", server: name, state: session.state, previous: "new", at: now() });
      starts.push(session.start());
    }
    await Promise.all(starts);
  }

  private async retire(session: ServerSession, removed: boolean): Promise<void> {
    await session.stop();
    this.dropTools(session.name);
    if (removed) {
      this.notifications.forget(session.name);
      this.emit({ type: "server_removed", server: session.name, at: now() });
    }
  }

  private dropTools(server: string): void {
    const removed = this.registry.removeServer(server);
    if (removed.length > 0) this.emit({ type: "tools_changed", server, added: [], removed, total: this.registry.list().length, at: now() });
  }

  private sessionSettings(server: ServerConfig): SessionSettings {
    return {
      clientInfo: this.options.clientInfo ?? { ...DEFAULT_CLIENT_INFO },
      voice: this.options.voice ?? LIBRARY_VOICE,
      env: this.options.env ?? defaultEnv(),
      stdio: this.options.stdio,
      connectTimeoutMs: server.timeouts?.connectMs ?? this.options.connectTimeoutMs ?? 30_000,
      pingIntervalMs: this.options.pingIntervalMs ?? 30_000,
      reconnect: { ...DEFAULT_RECONNECT, ...this.options.reconnect },
      onElicitation: this.options.onElicitation,
      onState: (session, previous) => this.onState(session, previous),
      onTools: (session) => this.onTools(session),
      onReconnectScheduled: (session, attempt, delayMs) =>
        this.emit({ type: "reconnect_scheduled", server: session.name, attempt, delayMs, at: now() }),
      onStderr: (session, line) => this.emit({ type: "stderr", server: session.name, line, at: now() }),
      oauth: this.options.oauth,
      forwarding: this.options.forwarding,
      sinks: {
        log: (entry) => {
          if (this.notifications.admit(entry.server, "notifications/message")) this.emit({ type: "log", ...entry, at: now() });
        },
        resourceUpdated: (server, uri) => {
          if (this.notifications.admit(server, "notifications/resources/updated")) this.emit({ type: "resource_updated", server, uri, at: now() });
        },
      },
    };
  }

  private isCurrent(session: ServerSession): boolean {
    return this.entries.get(session.name)?.session === session;
  }

  private onState(session: ServerSession, previous: ServerState): void {
    if (!this.isCurrent(session)) return;
    if (session.state !== "connected") this.dropTools(session.name);
    else if (session.client) void applyLoggingLevel(session.client, this.loggingLevel);
    const event = { type: "status" as const, server: session.name, state: session.state, previous, at: now() };
    this.emit(session.state === "error" && session.lastError ? { ...event, error: session.lastError } : event);
  }

  private onTools(session: ServerSession): void {
    if (!this.isCurrent(session)) return;
    if (session.state !== "connected") return this.dropTools(session.name);
    const change = this.registry.setServerTools(session.name, session.tools, session.config.tools);
    if (change.added.length > 0 || change.removed.length > 0) {
      this.emit({ type: "tools_changed", server: session.name, ...change, total: this.registry.list().length, at: now() });
    }
  }

  /** One line per configured server, sorted by name. */
  status(): ServerStatus[] {
    return [...this.entries.values()]
      .map(({ session }) => serverStatus(session, this.registry.toolsOf(session.name), this.notifications.droppedOf(session.name)))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Every registered tool of every connected server. */
  tools(): HostTool[] {
    return this.registry.list();
  }

  /** The tools one step may show the model: the registry filtered by `policy`. */
  expose(policy?: ToolPolicy): HostTool[] {
    const tools = this.registry.list();
    return policy ? policy.filter(tools) : tools;
  }

  private connectedSession(server: string): ServerSession {
    const entry = this.entries.get(server);
    if (!entry) {
      const known = [...this.entries.keys()].sort().join(", ") || "none";
      throw new ClientManagerError(ClientManagerErrorCode.SERVER_NOT_FOUND, `No server named "${server}"; configured: ${known}`, { server });
    }
    if (entry.session.state !== "connected" || !entry.session.client) throw this.unavailable(entry.session);
    return entry.session;
  }

  private unavailable(session: ServerSession): ClientManagerError {
    const detail = session.state === "error" ? `is in error since ${session.lastErrorAt}: ${session.lastError}` : `is ${session.state}`;
    return new ClientManagerError(ClientManagerErrorCode.SERVER_UNAVAILABLE, `Server "${session.name}" ${detail}; its tools are unavailable until it connects`, { server: session.name });
  }

  private callTimeout(server: string): number {
    return this.config.servers[server]?.timeouts?.callMs ?? this.options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  }

  /**
   * Calls a host tool. Always resolves: refusals, timeouts and server failures come back as
   * `isError` results with an `errorCode`. A lost connection resends only read-only/idempotent tools.
   */
  callTool(hostName: string, args: Record<string, unknown> = {}, options: CallToolOptions = {}): Promise<UnifiedToolResult> {
    return runToolCall(this.callContext, hostName, args, options);
  }

  // What runToolCall needs, made once in the constructor (not a set of closures per call).
  private createCallContext(): CallContext {
    const closed = (): boolean => this.closed;
    return {
      get closed() {
        return closed();
      },
      registry: this.registry,
      approval: this.options.approval,
      session: (server) => this.entries.get(server)?.session,
      unavailable: (session) => this.unavailable(session).message,
      timeoutFor: (server) => this.callTimeout(server),
      target: (server) => {
        const config = this.config.servers[server];
        return config ? { transport: this.entries.get(server)?.session.transport ?? config.transport, target: describeTarget(config) } : { transport: "", target: "" };
      },
      nextCallId: () => ++this.callCounter,
      emit: (event) => this.emit(event),
    };
  }

  /** Resources of one server, or of every connected server when `server` is omitted. */
  listResources(server?: string) {
    return this.content.listResources(server, this.connectedNames());
  }

  /** Reads one resource by URI; the result names server, URI and MIME type. */
  readResource(server: string, uri: string) {
    return this.content.readResource(server, uri);
  }

  /** Prompts of one server, or of every connected server. */
  listPrompts(server?: string) {
    return this.content.listPrompts(server, this.connectedNames());
  }

  /** Renders a prompt with arguments. It changes no policy, approval mode or allow-list. */
  getPrompt(server: string, name: string, args?: Record<string, string>) {
    return this.content.getPrompt(server, name, args);
  }

  /** Argument completions (`completion/complete`) of one server's prompt or resource template; CAPABILITY_MISSING when it offers none. */
  complete(server: string, params: CompleteRequest["params"]): Promise<CompleteResult> {
    return this.content.complete(server, params);
  }

  /** Connected servers that declare the `completions` capability, sorted. */
  completionServers(): string[] {
    return this.connectedSessions()
      .filter((session) => session.client?.getServerCapabilities()?.completions !== undefined)
      .map((session) => session.name)
      .sort();
  }

  /** Resource templates of one server, or of every connected server. */
  listResourceTemplates(server?: string) {
    return this.content.listResourceTemplates(server, this.connectedNames());
  }

  /** Subscribes to one resource's updates (events of type `resource_updated`); the server must support it. */
  subscribeResource(server: string, uri: string): Promise<void> {
    return this.content.setSubscription(server, uri, true);
  }

  /** Ends a subscription made with {@link subscribeResource}. */
  unsubscribeResource(server: string, uri: string): Promise<void> {
    return this.content.setSubscription(server, uri, false);
  }

  /**
   * Asks every connected server that declared logging for messages at `level` and above, now and
   * after every (re)connect. Their messages arrive as events of type `log`.
   */
  async setLoggingLevel(level: LoggingLevel): Promise<void> {
    this.loggingLevel = level;
    await Promise.all(this.connectedSessions().map((session) => (session.client ? applyLoggingLevel(session.client, level) : undefined)));
  }

  /** Tells every connected server that the roots changed (`notifications/roots/list_changed`). */
  async notifyRootsChanged(): Promise<void> {
    if (!this.options.forwarding?.onListRoots) return;
    await Promise.all(this.connectedSessions().map((session) => session.client?.sendRootsListChanged().catch(() => undefined)));
  }

  /**
   * Probes every connected remote server now, so that a status read right after tells the truth
   * about one that died without a word (a 2026-07-28 server keeps no stream that would break).
   * Resolves when every probe settled or after `waitMs`, whichever is first; a refused
   * connection settles at once, a server that hangs is seen when its ping times out.
   */
  async probeRemoteServers(waitMs = 1000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref?.();
    });
    await Promise.race([Promise.all(this.connectedSessions().map((session) => session.probeRemote())), bound]);
    clearTimeout(timer);
  }

  private connectedSessions(): ServerSession[] {
    return [...this.entries.values()].map(({ session }) => session).filter((session) => session.state === "connected" && session.client !== undefined);
  }

  private connectedNames(): string[] {
    return [...this.entries.values()].filter(({ session }) => session.state === "connected").map(({ session }) => session.name).sort();
  }

  /** Resolves when `server` is connected (true), or false after `timeoutMs`. */
  waitForConnected(server: string, timeoutMs = 10_000): Promise<boolean> {
    return this.entries.get(server)?.session.waitForConnected(timeoutMs) ?? Promise.resolve(false);
  }

  /** Closes every session and ends every stdio server's process group. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    // Stop first (aborting connects in flight), then let a pending apply() settle, then again
    // for anything it created before it saw `closed`.
    const stopAll = () => Promise.all([...this.entries.values()].map(({ session }) => session.stop()));
    await stopAll();
    await this.applying;
    await stopAll();
    for (const name of this.entries.keys()) this.dropTools(name);
    this.entries.clear();
    this.notifications.flush();
  }
}
