// What gives a Server built for one HTTP request the state of the session the request belongs
// to: `restoreSession` hands the session's initialize (protocol version, client capabilities and
// clientInfo, as stored when the session opened) to the Server's own initialize handling, as
// parsed by the SDK's schema, before the request's own messages arrive. So any instance answers
// tools/list or tools/call of any session without a new handshake, and without keeping a Server
// per session (docs/decisions/0021: it no longer replays the initialize as messages through the
// Server's transport, whose dispatch cost ~3% of the gateway's CPU per request). The transport
// decorator tells when every request it delivered has been answered, so the caller closes the
// Server then and not before (a cut stream's call goes on), and cancels what is still running when
// a JSON answer's client hangs up. Each request on the wire is measured by the ServerOperations
// observer it is given, called here rather than stacked as a layer (docs/decisions/0019).
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { InitializeRequestSchema, type InitializeRequest, type JSONRPCMessage, type MessageExtraInfo, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import type { ServerOperations } from "@foundry-mcp/telemetry";
import { describeIssues } from "../checked-request";
import { ServerKitError, ServerKitErrorCode } from "../errors";
import { closeProtocol } from "../protocol-close";
import type { StoredSession } from "./session-rows";

/** The SDK Server's initialize handling (the handler it registers for `initialize`): it keeps the client's capabilities and info. */
type InitializingServer = { _oninitialize(request: InitializeRequest): Promise<unknown> };

/** The @modelcontextprotocol/sdk version server-kit depends on (package.json; a test keeps them equal). */
export const SUPPORTED_SDK_VERSION = "1.32.2";

// `_oninitialize` is the SDK's private method, so a Server from another SDK copy or version may
// lack it; a guard says so by name instead of a TypeError deep in a request.
const sdkUnsupported = (): ServerKitError =>
  new ServerKitError(
    ServerKitErrorCode.SDK_UNSUPPORTED,
    "@modelcontextprotocol/sdk's Server has no _oninitialize, the initialize handling restoreSession gives a stored 2025 session " +
      `to (so its requests need no new handshake): install @modelcontextprotocol/sdk ${SUPPORTED_SDK_VERSION}, the version ` +
      "@foundry-mcp/server-kit depends on (pin it exactly, or with an override), and build the Server from that copy.",
  );

/**
 * Gives `server` (connected, no client message delivered yet) the session's initialize, as the
 * SDK's request handler would: the request parsed by its schema (which also normalizes older
 * capability shapes), then its initialize handling and `oninitialized`. Throws ServerKitError
 * SDK_UNSUPPORTED when the Server has no such handling (an SDK other than
 * {@link SUPPORTED_SDK_VERSION}), and SESSION_NOT_RESTORED when the stored row fails the SDK's schema.
 * @example await server.connect(restored); await restoreSession(server, session);
 */
export async function restoreSession(server: Server, session: StoredSession): Promise<void> {
  const parsed = InitializeRequestSchema.safeParse({
    method: "initialize",
    params: { protocolVersion: session.protocolVersion, capabilities: session.clientCapabilities, clientInfo: session.clientInfo },
  });
  if (!parsed.success)
    throw new ServerKitError(
      ServerKitErrorCode.SESSION_NOT_RESTORED,
      `session ${session.id} could not be restored: its stored initialize fails the SDK's schema (${describeIssues(parsed.error.issues)}). Initialize a new session.`,
      { cause: parsed.error },
    );
  const request = parsed.data;
  const initializing = server as unknown as InitializingServer;
  if (typeof initializing._oninitialize !== "function") throw sdkUnsupported();
  await initializing._oninitialize(request);
  server.oninitialized?.();
}

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } =>
  "method" in message && "id" in message;
const isAnswer = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } =>
  "id" in message && !("method" in message);

/** Wraps `inner`, the wire transport of one request. */
export class RestoredSessionTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly pending = new Set<RequestId>();
  private whenIdle?: () => void;

  constructor(
    private readonly inner: Transport,
    private readonly operations: ServerOperations,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      if (isRequest(message)) this.pending.add(message.id);
      this.onmessage?.(message, this.operations.received(message, extra, this.inner.sessionId));
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.operations.closed();
      closeProtocol(() => this.onclose?.());
    };
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.operations.sent(message);
    try {
      await this.inner.send(message, options);
    } finally {
      if (isAnswer(message) && this.pending.delete(message.id) && this.pending.size === 0) this.whenIdle?.();
    }
  }

  /**
   * Cancels every request still running (its client hung up on a JSON answer, which nothing can
   * resume): the Server aborts their handlers and sends no answer, so they stop counting as pending.
   */
  cancelPending(reason: string): void {
    const running = [...this.pending];
    this.pending.clear();
    for (const requestId of running)
      this.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason } });
    this.whenIdle?.();
  }

  /** Resolves once every request delivered so far has been answered (or cancelled). */
  idle(): Promise<void> {
    if (this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.whenIdle = resolve));
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.operations.setProtocolVersion(version);
    this.inner.setProtocolVersion?.(version);
  }
}
