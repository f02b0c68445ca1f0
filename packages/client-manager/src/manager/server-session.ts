// One configured server's life: open the session, initialize, list tools (all pages), count
// resources and prompts, follow list_changed, watch health, and reconnect with backoff after a
// failure until stopped (SPEC §3 Lifecycle). The manager owns the registry; this reports to it.
import type { HostVoice } from "../host-voice";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ElicitRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { expandServerConfig } from "../config/expand";
import { describeTarget } from "../config/public-view";
import type { ServerConfig, TransportKind } from "../config/types";
import { messageOf } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { ServerState } from "../events";
import type { McpToolDefinition } from "../registry/tool-registry";
import type { StdioLauncher } from "../transports/types";
import { reconnectDelay, type ReconnectOptions } from "./backoff";
import { ConnectNoise, describeConnectTimeout } from "./connect-evidence";
import { informativeStderrLine } from "./diagnostics";
import { DirectToolCalls } from "./direct-tool-calls";
import { deliverProgressBeforeResponses, forwardingCapabilities, installForwarding, type ForwardingOptions, type ForwardingSinks } from "./forwarding";
import { countResourcesAndPrompts, listAllTools } from "./listing";
import { NegotiatingTransport } from "../eras/negotiating-transport";
import { ClientOperations } from "@foundry-mcp/telemetry";
import { createRemoteTransport, describeRemoteError, oauthRefusal, remoteHeaders, shouldFallBackToSse } from "./remote-transport";
import type { OAuthStorage } from "../auth/oauth-types";
import { refreshIfExpiring } from "../auth/refresh-tokens";
import { StoredOAuthProvider } from "../auth/stored-oauth-provider";

/** An elicitation request from a server, as the host's `onElicitation` callback sees it. */
export interface ElicitationRequest {
  server: string;
  message: string;
  mode: "form" | "url";
  requestedSchema?: Record<string, unknown>;
  url?: string;
}

/** The host's answer; with `accept`, omitted fields get the schema's defaults. */
export interface ElicitationResponse {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, string | number | boolean | string[]>;
}

/** Everything a session needs from its manager. */
export interface SessionSettings {
  clientInfo: { name: string; version: string };
  /** The host's words in the errors a person reads (its login command). */
  voice: HostVoice;
  env: Record<string, string | undefined>;
  stdio: StdioLauncher | undefined;
  connectTimeoutMs: number;
  pingIntervalMs: number;
  reconnect: ReconnectOptions;
  onElicitation: ((request: ElicitationRequest) => Promise<ElicitationResponse>) | undefined;
  onState: (session: ServerSession, previous: ServerState) => void;
  onTools: (session: ServerSession) => void;
  onReconnectScheduled: (session: ServerSession, attempt: number, delayMs: number) => void;
  onStderr: (session: ServerSession, line: string) => void;
  /** Where OAuth registrations and tokens live; without it remote servers use bearer tokens only. */
  oauth: OAuthStorage | undefined;
  /** Sampling and roots callbacks of the host (see forwarding.ts). */
  forwarding: ForwardingOptions | undefined;
  /** Where upstream log messages and resource updates go. */
  sinks: ForwardingSinks;
}

// Errors that retrying cannot fix: reconnecting would only repeat them.
/** How {@link ServerSession.awaitReconnect} ended. */
export type ReconnectOutcome = "connected" | "failed" | "not_retried" | "timed_out" | "stopped";

const PERMANENT = new Set<string>([
  ClientManagerErrorCode.VARIABLE_MISSING,
  ClientManagerErrorCode.CONFIG_INVALID,
  ClientManagerErrorCode.STDIO_UNSUPPORTED,
  ClientManagerErrorCode.TOO_MANY_TOOLS,
  ClientManagerErrorCode.AUTH_REQUIRED,
  ClientManagerErrorCode.AUTH_FAILED,
]);

/** The live state of one configured server. */
export class ServerSession {
  state: ServerState;
  lastError: string | undefined;
  lastErrorAt: string | undefined;
  tools: McpToolDefinition[] = [];
  resourceCount = 0;
  promptCount = 0;
  transport: TransportKind;
  readonly target: string;
  client: Client | undefined;
  /** Plain tool calls on the live client's transport without its request path, when the server speaks the 2025 handshake (direct-tool-calls.ts). */
  directCalls: DirectToolCalls | undefined;
  serverInfo: { name: string; version: string } | undefined;
  /** What the server spoke on the last connection: `2026-07-28` or the 2025 version initialize agreed on. */
  protocolVersion: string | undefined;
  /** Remembered: the server answered the last probe with the 2025 handshake only, so it is not probed again. */
  private legacyOnly = false;
  /** The direct calls of the client openClient returned last. */
  private opened: DirectToolCalls | undefined;
  /** The loss being handled (fail()), until its reconnect is scheduled. */
  private failing: Promise<void> | undefined;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private waiters = new Set<() => void>();
  private lastStderr: string[] = [];
  private opening: Transport | undefined;
  private inFlight: Promise<void> | undefined;
  private readonly noise: ConnectNoise;
  private connectAborted: Error | undefined;
  private probing: Promise<boolean> | undefined;

  constructor(
    readonly name: string,
    readonly config: ServerConfig,
    private readonly token: string | undefined,
    private readonly settings: SessionSettings,
  ) {
    this.state = config.enabled === false ? "disabled" : "connecting";
    this.transport = config.transport;
    this.target = describeTarget(config);
    this.noise = new ConnectNoise(name);
  }

  /** First connection attempt; resolves when it settled (connected or error), never rejects. */
  async start(): Promise<void> {
    if (this.state === "disabled") return;
    await this.runAttempt();
  }

  private runAttempt(): Promise<void> {
    const attempt = this.attemptConnect().finally(() => {
      if (this.inFlight === attempt) this.inFlight = undefined;
    });
    this.inFlight = attempt;
    return attempt;
  }

  private setState(state: ServerState, error?: unknown): void {
    const previous = this.state;
    this.state = state;
    if (error !== undefined) {
      this.lastError = this.describeError(error);
      this.lastErrorAt = new Date().toISOString();
    }
    this.settings.onState(this, previous);
    if (state === "connected" || state === "error" || state === "disabled") for (const wake of [...this.waiters]) wake();
  }

  private describeError(error: unknown): string {
    let message = describeRemoteError(error, this.settings.voice) ?? messageOf(error);
    message = this.noise.annotate(message);
    const stderr = informativeStderrLine(this.lastStderr);
    if (this.config.transport === "stdio" && stderr && !message.includes(stderr)) message += ` (stderr: ${stderr.slice(0, 200)})`;
    return message;
  }

  private buildTransport(kind: TransportKind): Transport {
    const config = expandServerConfig(this.name, this.config, this.settings.env);
    if (config.transport === "stdio") {
      if (!this.settings.stdio) {
        throw new ClientManagerError(
          ClientManagerErrorCode.STDIO_UNSUPPORTED,
          `Server "${this.name}" uses stdio, but this ClientManager has no stdio launcher; use NodeClientManager from "@foundry-mcp/client-manager/node"`,
          { server: this.name },
        );
      }
      this.lastStderr = [];
      return this.settings.stdio({
        server: this.name,
        command: config.command,
        args: config.args ?? [],
        env: config.env ?? {},
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
        onStderr: (line) => {
          this.lastStderr = [...this.lastStderr.slice(-19), line];
          this.settings.onStderr(this, line);
        },
      });
    }
    return createRemoteTransport(kind === "stdio" ? "streamable_http" : kind, config.url, remoteHeaders(config.headers, this.token), this.oauthProvider());
  }

  /**
   * The OAuth provider of a remote server: when `oauth` is configured, when OAuth state is
   * stored, or when no static credential is (a 401 then asks for `login`, not a bearer token).
   */
  private oauthProvider(): StoredOAuthProvider | undefined {
    const storage = this.settings.oauth;
    if (!storage || this.config.transport === "stdio") return undefined;
    const hasStatic = Boolean(this.token) || Object.keys(this.config.headers ?? {}).some((key) => key.toLowerCase() === "authorization");
    if (this.config.oauth === undefined && storage.loadOAuth(this.name) === undefined && hasStatic) return undefined;
    // Expanded: a private_key_jwt key is a ${VAR} in the config.
    const expanded = expandServerConfig(this.name, this.config, this.settings.env);
    const auth = expanded.oauth;
    return new StoredOAuthProvider({ server: this.name, auth, storage, mode: { kind: "background" }, clientName: this.settings.clientInfo.name, voice: this.settings.voice });
  }

  private createClient(): Client {
    const elicit = this.settings.onElicitation;
    const client = new Client(this.settings.clientInfo, {
      capabilities: { ...forwardingCapabilities(this.settings.forwarding), ...(elicit ? { elicitation: { form: { applyDefaults: true } } } : {}) },
    });
    client.onerror = (error) => this.onTransportError(client, error);
    installForwarding(client, this.name, this.settings.forwarding, this.settings.sinks);
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      if (this.client === client) void this.refreshTools(client);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void this.refreshCounts(client));
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => void this.refreshCounts(client));
    if (elicit) {
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        const params = request.params as Record<string, unknown>;
        const answer = await elicit({
          server: this.name,
          message: String(params.message ?? ""),
          mode: params.mode === "url" ? "url" : "form",
          ...(params.requestedSchema ? { requestedSchema: params.requestedSchema as Record<string, unknown> } : {}),
          ...(typeof params.url === "string" ? { url: params.url } : {}),
        });
        return answer.action === "accept" ? { action: "accept", content: { ...(answer.content ?? {}) } } : { action: answer.action };
      });
    }
    return client;
  }

  // Transport errors are evidence, not noise: stdout garbage while connecting is counted (and a
  // flood fails the connect at once); a remote transport's error (its event stream dropped, a
  // reconnect refused) triggers a ping now rather than at the next interval, so a dead server
  // shows as an error within a second instead of staying "connected" until then.
  private onTransportError(client: Client, error: Error): void {
    if (this.state === "connecting" && this.config.transport === "stdio") {
      const abort = this.noise.note(error);
      if (abort && this.opening && !this.connectAborted) {
        this.connectAborted = abort;
        void this.opening.close().catch(() => undefined);
      }
      return;
    }
    if (this.client === client) void this.probeRemote();
  }

  private async openClient(kind: TransportKind): Promise<Client> {
    const client = this.createClient();
    if (this.config.transport !== "stdio") {
      const provider = this.oauthProvider();
      if (provider) await refreshIfExpiring(provider, expandServerConfig(this.name, this.config, this.settings.env).url);
    }
    // server/discover first (2026-07-28), the initialize handshake as fallback (eras/). Every
    // request on the wire is a client operation (duration; a span when exported, traceparent passed on).
    const transport = new NegotiatingTransport(this.buildTransport(kind), {
      legacyOnly: this.legacyOnly || kind === "sse",
      probeTimeoutMs: Math.min(this.settings.connectTimeoutMs, 5000),
      operations: new ClientOperations({ transport: this.config.transport === "stdio" ? "pipe" : "tcp", upstream: this.name }),
    });
    this.opening = transport;
    try {
      await client.connect(transport, { timeout: this.settings.connectTimeoutMs });
      this.legacyOnly = transport.era === "legacy";
      this.protocolVersion = transport.protocolVersion;
      deliverProgressBeforeResponses(transport);
      // Modern servers' answers may be input rounds (eras/input-rounds.ts), which need the Client's handlers.
      this.opened = transport.era === "legacy" ? new DirectToolCalls(transport) : undefined;
      return client;
    } catch (error) {
      await client.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
      throw this.connectAborted ?? oauthRefusal(this.name, error, this.settings.voice) ?? error;
    } finally {
      if (this.opening === transport) this.opening = undefined;
    }
  }

  private async attemptConnect(): Promise<void> {
    if (this.stopped) return;
    if (this.state !== "connecting") this.setState("connecting");
    this.noise.reset();
    this.connectAborted = undefined;
    let client: Client | undefined;
    try {
      try {
        client = await this.openClient(this.config.transport);
        this.transport = this.config.transport;
      } catch (error) {
        const canFallBack = this.config.transport === "streamable_http" && this.config.sseFallback !== false && shouldFallBackToSse(error);
        if (!canFallBack) throw error;
        client = await this.openClient("sse");
        this.transport = "sse";
      }
      if (this.stopped) {
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      this.directCalls = this.opened;
      const active = client;
      client.onclose = () => {
        if (this.client === active) void this.fail(new Error(`Connection to "${this.name}" closed`));
      };
      const version = client.getServerVersion();
      this.serverInfo = version ? { name: version.name, version: version.version } : undefined;
      this.setTools(await listAllTools(client, this.settings.connectTimeoutMs, this.name));
      await this.refreshCounts(client);
      if (this.stopped || this.client !== client) return;
      this.attempt = 0;
      this.noise.reset();
      this.setState("connected");
      this.settings.onTools(this);
      this.startPing(client);
    } catch (error) {
      if (client && this.client === client) {
        this.client = undefined;
        this.directCalls = undefined;
      }
      await client?.close().catch(() => undefined);
      if (this.stopped) return;
      this.setState("error", describeConnectTimeout(error, this.name, this.settings.connectTimeoutMs));
      if (!(ClientManagerError.isInstance(error) && PERMANENT.has(error.code))) this.scheduleReconnect();
    }
  }

  private async refreshCounts(client: Client): Promise<void> {
    const counts = await countResourcesAndPrompts(client, this.settings.connectTimeoutMs);
    this.resourceCount = counts.resources;
    this.promptCount = counts.prompts;
  }

  private setTools(tools: McpToolDefinition[]): void {
    this.tools = tools;
    if (this.directCalls) this.directCalls.requiredTaskTools = new Set(tools.filter((tool) => tool.execution?.taskSupport === "required").map((tool) => tool.name));
  }

  private async refreshTools(client: Client): Promise<void> {
    try {
      const tools = await listAllTools(client, this.settings.connectTimeoutMs, this.name);
      if (this.client !== client || this.state !== "connected") return;
      this.setTools(tools);
      this.settings.onTools(this);
    } catch (error) {
      if (this.client === client) await this.fail(error);
    }
  }

  private startPing(client: Client): void {
    if (this.settings.pingIntervalMs <= 0) return;
    this.pingTimer = setInterval(() => void this.checkHealth(client), this.settings.pingIntervalMs);
    this.pingTimer.unref?.();
  }

  /**
   * Checks a connected remote server now, one probe at a time (a second caller shares the first's).
   * A stdio server needs none: its process exit is seen at once. A remote one answering 2026-07-28
   * keeps no stream open, so without a probe its death would show only at the next ping.
   */
  probeRemote(): Promise<boolean> {
    if (this.config.transport === "stdio" || this.state !== "connected") return Promise.resolve(this.state === "connected");
    this.probing ??= this.checkHealth().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** Pings the server; a failed ping counts as a lost connection. */
  async checkHealth(client = this.client): Promise<boolean> {
    if (!client || this.client !== client) return false;
    try {
      await client.ping({ timeout: Math.min(this.settings.connectTimeoutMs, 5000) });
      return true;
    } catch (error) {
      if (this.client === client) await this.fail(new Error(`Server "${this.name}" stopped answering: ${messageOf(error)}`));
      return false;
    }
  }

  /** The session is lost: drop it (ending its processes), show the error, retry later. */
  async fail(error: unknown): Promise<void> {
    // A second report of the same loss (the close, then the call it failed) waits for the first
    // one's drop, so that its reconnect is scheduled before the caller asks for it.
    if (this.failing) return this.failing;
    this.failing = (async () => {
      if (await this.drop(error)) this.scheduleReconnect();
    })().finally(() => {
      this.failing = undefined;
    });
    return this.failing;
  }

  /** Authorization was withdrawn mid-session: drop the session and wait for a login, no retries. */
  async requireLogin(error: ClientManagerError): Promise<void> {
    await this.drop(error);
  }

  // Ends the live session and shows `error`; false when there was none (stopped, or already dropped).
  private async drop(error: unknown): Promise<boolean> {
    const client = this.client;
    if (this.stopped || client === undefined) return false;
    this.client = undefined;
    this.directCalls = undefined;
    clearInterval(this.pingTimer);
    this.tools = [];
    this.setState("error", error);
    this.settings.onTools(this);
    await client.close().catch(() => undefined);
    return true;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer !== undefined) return;
    const maxAttempts = this.settings.reconnect.maxAttempts ?? Number.POSITIVE_INFINITY;
    if (this.attempt >= maxAttempts) return;
    const delayMs = reconnectDelay(this.attempt, this.settings.reconnect);
    this.attempt += 1;
    this.settings.onReconnectScheduled(this, this.attempt, delayMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.runAttempt();
    }, delayMs);
    this.reconnectTimer.unref?.();
  }

  /**
   * After a lost connection: waits for the next reconnect attempt to settle. `connected` when it
   * succeeded; `failed` when it failed (the caller should not sit out its whole timeout while a
   * dead server is retried); `not_retried` when no attempt is pending (reconnect off or attempts
   * used up); `timed_out` / `stopped` otherwise.
   */
  awaitReconnect(timeoutMs: number, signal?: AbortSignal): Promise<ReconnectOutcome> {
    const settled = (): ReconnectOutcome | undefined => {
      if (this.state === "connected") return "connected";
      if (this.stopped || this.state === "disabled") return "stopped";
      if (this.state === "error") return this.reconnectTimer === undefined && this.inFlight === undefined ? "not_retried" : undefined;
      return undefined;
    };
    const now = settled();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (value: ReconnectOutcome) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        signal?.removeEventListener("abort", onAbort);
        resolve(value);
      };
      // Woken on every settled state: an `error` now means the attempt we waited for failed.
      const check = () => done(this.stopped ? "stopped" : this.state === "error" ? "failed" : (settled() ?? "failed"));
      const onAbort = () => done("stopped");
      const timer = setTimeout(() => done("timed_out"), timeoutMs);
      this.waiters.add(check);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Resolves true once connected, false on timeout or stop. */
  waitForConnected(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.state === "connected") return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        signal?.removeEventListener("abort", onAbort);
        resolve(value);
      };
      const check = () => {
        if (this.state === "connected") done(true);
        else if (this.stopped) done(false);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiters.add(check);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Stops for good: no more reconnects, session closed, child process group ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    this.directCalls = undefined;
    this.tools = [];
    for (const wake of [...this.waiters]) wake();
    await this.opening?.close().catch(() => undefined);
    await client?.close().catch(() => undefined);
    await this.inFlight?.catch(() => undefined);
  }

  get isStopped(): boolean {
    return this.stopped;
  }
}
