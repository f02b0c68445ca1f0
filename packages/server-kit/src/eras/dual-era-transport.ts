// A transport decorator that lets one SDK `Server` (1.32.2, which knows only the 2025 handshake)
// serve both eras on the same connection: inbound messages pass through the EraRouter (which
// answers server/discover and the revision's errors itself), outbound answers to modern requests
// get their 2026-07-28 form. Wrap LineStdioTransport for stdio, or a one-request channel for
// stateless HTTP (stateless-request.ts). Methods given as `direct` routes are answered here,
// after the router and ahead of the SDK's dispatch (direct-requests.ts). Each request of either
// era is measured here, on the wire side, by a ServerOperations observer (@foundry-mcp/telemetry)
// this transport calls itself: no telemetry layer is stacked on the path (docs/decisions/0019).
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { ServerOperations, type NetworkTransport } from "@foundry-mcp/telemetry";
import { LineStdioTransport } from "../line-stdio-transport";
import { closeProtocol } from "../protocol-close";
import { DirectRequests, type DirectRoutes } from "./direct-requests";
import { EraRouter, type EraRouterOptions, type ProtocolEra } from "./era-router";
import type { ServerIdentity } from "./modern-result";

/** Options of a DualEraTransport. */
export interface DualEraTransportOptions extends EraRouterOptions {
  /** Methods answered on the transport itself; each route is also registered with the SDK's Server. */
  direct?: DirectRoutes;
  /** Most direct requests in flight at once (default 1024); past it one is refused with -32000. */
  maxDirectInFlight?: number;
  /** The convention's network.transport: `pipe` (default for LineStdioTransport) or `tcp` (default otherwise). */
  networkTransport?: NetworkTransport;
}

/**
 * Serves both eras over `inner`.
 *
 * @example await server.connect(new DualEraTransport(new LineStdioTransport(), { serverInfo, capabilities, instructions }));
 */
export class DualEraTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly router: EraRouter;
  private readonly direct: DirectRequests | undefined;
  private readonly operations: ServerOperations;

  constructor(
    private readonly inner: Transport,
    identity: ServerIdentity,
    options: DualEraTransportOptions = {},
  ) {
    const { direct, maxDirectInFlight, networkTransport, ...routerOptions } = options;
    this.operations = new ServerOperations({ transport: networkTransport ?? (inner instanceof LineStdioTransport ? "pipe" : "tcp") });
    this.router = new EraRouter(identity, routerOptions);
    this.direct = direct ? new DirectRequests(direct, maxDirectInFlight) : undefined;
  }

  /** The era the connection settled on (undefined before its first request). */
  get era(): ProtocolEra | undefined {
    return this.router.era;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      const delivered = this.operations.received(message, extra, this.inner.sessionId);
      const decision = this.router.inbound(message);
      if (decision.kind === "reply") {
        this.toWire(decision.message).catch((error: unknown) => this.onerror?.(error as Error));
        return;
      }
      if (this.direct?.take(decision.message, this.replyDirect, delivered)) return;
      this.onmessage?.(decision.message, delivered);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => {
      this.direct?.abortAll();
      this.operations.closed();
      closeProtocol(() => this.onclose?.());
    };
    await this.inner.start();
  }

  // A cancelled request's answer still passes the router, which then forgets the request.
  private readonly replyDirect = (answer: JSONRPCMessage, cancelled: boolean): void => {
    const outbound = this.router.outbound(answer);
    if (!cancelled) this.toWire(outbound).catch((error: unknown) => this.onerror?.(error as Error));
  };

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    await this.toWire(this.router.outbound(message), options);
  }

  // Every message written passes here: an answer ends its request's measurement.
  private toWire(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.operations.sent(message);
    return this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.operations.setProtocolVersion(version);
    this.inner.setProtocolVersion?.(version);
  }
}
