// Era negotiation under the SDK 1.32.2 Client, which only knows the 2025 handshake: when the
// Client sends `initialize`, this transport first asks `server/discover` (with the 2026-07-28
// envelope). A server that offers 2026-07-28 is then spoken to statelessly: the Client gets an
// initialize answer built from the discover result, `notifications/initialized` is dropped, every
// request carries the envelope, and `ping` (removed by the revision) becomes a discover. Any
// other answer to the probe (an error, an HTTP refusal, silence) falls back to the real
// `initialize` on the same transport. A server remembered as 2025-only is not probed again.
// A modern server's input-required results are answered by the Client's own handlers and the
// request retried (input-rounds.ts).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { ClientOperations } from "@foundry-mcp/telemetry";
import { buildEnvelope, MODERN_PROTOCOL_VERSION, SERVER_INFO_KEY, withEnvelope, type RequestEnvelope } from "./envelope";
import { InputRounds } from "./input-rounds";

/** What a connection ended up speaking. */
export type ProtocolEra = "modern" | "legacy";

/** Options of a NegotiatingTransport. */
export interface NegotiationOptions {
  /** Skip the probe (the server was seen speaking only the 2025 handshake). */
  legacyOnly?: boolean;
  /** How long the server/discover probe may take before falling back (ms). */
  probeTimeoutMs: number;
  /**
   * Measures every request written and every answer read (a client span each when exported): called
   * here, on the wire side, so no telemetry layer sits under this one (docs/decisions/0019).
   */
  operations?: ClientOperations;
}

/** SEP-2575's "Unsupported protocol version" error code (HTTP 400, `data.supported` lists the server's versions). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The initialize answer's protocol version the SDK 1.32.2 Client accepts for a modern server. */
const CLIENT_FACING_VERSION = "2025-11-25";

type WireId = string | number;

/** The versions a -32022 "Unsupported protocol version" error lists (`data.supported`), or undefined for any other answer. */
function unsupportedVersion(answer: JSONRPCMessage | undefined): string[] | undefined {
  if (answer === undefined || !("error" in answer)) return undefined;
  const error = answer.error as { code?: unknown; data?: { supported?: unknown } };
  if (error.code !== UNSUPPORTED_PROTOCOL_VERSION) return undefined;
  const supported = error.data?.supported;
  return Array.isArray(supported) ? supported.filter((version): version is string => typeof version === "string") : [];
}

function noCommonVersionMessage(supported: string[]): string {
  const theirs = supported.length > 0 ? supported.join(", ") : "none it would name";
  return `the server supports MCP protocol versions ${theirs}; this client speaks ${[MODERN_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS].join(", ")} (no common version)`;
}

interface Request {
  jsonrpc: "2.0";
  id: WireId;
  method: string;
  params?: Record<string, unknown>;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & Request {
  return "method" in message && "id" in message;
}

/** A transport decorator that negotiates the protocol era with `server/discover` first. */
export class NegotiatingTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private negotiated: ProtocolEra | undefined;
  private envelope: RequestEnvelope | undefined;
  private probe: { id: string; answer: (message: JSONRPCMessage | undefined) => void } | undefined;
  private readonly pings = new Set<WireId>();
  private probes = 0;
  private readonly rounds: InputRounds;

  constructor(
    private readonly inner: Transport,
    private readonly options: NegotiationOptions,
  ) {
    this.rounds = new InputRounds(
      (message) => this.onmessage?.(message),
      (message, sendOptions) => this.toWire(message, sendOptions),
    );
  }

  /** The era negotiated (undefined before initialize). */
  get era(): ProtocolEra | undefined {
    return this.negotiated;
  }

  /** The protocol version in use: 2026-07-28, or the one initialize agreed on (set by the Client). */
  protocolVersion: string | undefined;

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message) => this.receive(message);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.options.operations?.closed();
      this.onclose?.();
    };
    await this.inner.start();
  }

  async close(): Promise<void> {
    this.probe?.answer(undefined);
    this.rounds.clear();
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = this.negotiated === "modern" ? MODERN_PROTOCOL_VERSION : version;
    this.options.operations?.setProtocolVersion(this.protocolVersion);
    this.inner.setProtocolVersion?.(this.protocolVersion);
  }

  // Every message written passes here, measured when it is a request.
  private toWire(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const operations = this.options.operations;
    if (!operations) return this.inner.send(message, options);
    return this.inner.send(operations.sending(message, this.inner.sessionId), options).catch((error: unknown) => {
      operations.sendFailed(message);
      throw error;
    });
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.negotiated === undefined && isRequest(message) && message.method === "initialize") return this.negotiate(message, options);
    if (this.negotiated !== "modern") return this.toWire(message, options);
    const envelope = this.envelope as RequestEnvelope;
    if ("method" in message && message.method === "notifications/initialized") return;
    if (isRequest(message)) {
      if (message.method === "ping") {
        this.pings.add(message.id);
        return this.toWire({ jsonrpc: "2.0", id: message.id, method: "server/discover", params: { _meta: envelope } } as JSONRPCMessage, options);
      }
      return this.toWire(this.rounds.outgoing({ ...message, params: withEnvelope(message.params, envelope) } as JSONRPCMessage, options), options);
    }
    if (this.rounds.answersQuestion(message)) return;
    return this.toWire(this.rounds.outgoing(message, options), options);
  }

  private receive(message: JSONRPCMessage): void {
    this.options.operations?.received(message);
    if (this.probe && "id" in message && message.id === this.probe.id && !("method" in message)) {
      this.probe.answer(message);
      return;
    }
    if ("id" in message && !("method" in message) && message.id !== undefined && this.pings.delete(message.id as WireId) && "result" in message) {
      this.onmessage?.({ jsonrpc: "2.0", id: message.id, result: {} } as JSONRPCMessage);
      return;
    }
    if (this.negotiated === "modern" && this.rounds.incoming(message)) return;
    this.onmessage?.(message);
  }

  private async negotiate(initialize: Request, options?: TransportSendOptions): Promise<void> {
    if (this.options.legacyOnly) {
      this.negotiated = "legacy";
      return this.toWire(initialize as JSONRPCMessage, options);
    }
    const params = initialize.params ?? {};
    const envelope = buildEnvelope(params.capabilities, params.clientInfo);
    let answer = await this.discover(envelope);
    // SEP-2575: a server that refuses the version with -32022 lists what it supports; ask again
    // once when that list holds ours, speak 2025 when it holds a 2025 version, else say so.
    const refusal = unsupportedVersion(answer);
    if (refusal !== undefined) {
      if (refusal.includes(MODERN_PROTOCOL_VERSION)) answer = await this.discover(envelope);
      else if (!refusal.some((version) => SUPPORTED_PROTOCOL_VERSIONS.includes(version))) throw new Error(noCommonVersionMessage(refusal));
    }
    const discovered = answer !== undefined && "result" in answer ? (answer.result as Record<string, unknown>) : undefined;
    const supported = (discovered?.supportedVersions as unknown[] | undefined) ?? [];
    if (discovered === undefined || !supported.includes(MODERN_PROTOCOL_VERSION)) {
      this.negotiated = "legacy";
      return this.toWire(initialize as JSONRPCMessage, options);
    }
    this.negotiated = "modern";
    this.envelope = envelope;
    const meta = (discovered._meta ?? {}) as Record<string, unknown>;
    const serverInfo = discovered.serverInfo ?? meta[SERVER_INFO_KEY] ?? { name: "unknown", version: "0" };
    const result = {
      protocolVersion: CLIENT_FACING_VERSION,
      capabilities: discovered.capabilities ?? {},
      serverInfo,
      ...(typeof discovered.instructions === "string" ? { instructions: discovered.instructions } : {}),
    };
    // Answered after send() returns, as a real server's answer would be.
    queueMicrotask(() => this.onmessage?.({ jsonrpc: "2.0", id: initialize.id, result } as JSONRPCMessage));
  }

  /** The discover answer (result or error), or undefined when the server refused over HTTP or kept silent. */
  private async discover(envelope: RequestEnvelope): Promise<JSONRPCMessage | undefined> {
    const id = `discover-probe-${++this.probes}`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = new Promise<JSONRPCMessage | undefined>((resolve) => {
      this.probe = { id, answer: resolve };
      timer = setTimeout(() => resolve(undefined), this.options.probeTimeoutMs);
    });
    try {
      await this.toWire({ jsonrpc: "2.0", id, method: "server/discover", params: { _meta: envelope } } as JSONRPCMessage);
      return await answered;
    } catch {
      // A 2025-only HTTP server refuses a request outside a session (400/404): fall back.
      return undefined;
    } finally {
      clearTimeout(timer);
      this.probe = undefined;
    }
  }
}
