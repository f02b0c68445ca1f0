// What both sides' operation observers keep for one connection: the requests waiting for their
// answer (bounded, pending-operations.ts) and the protocol version the connection settled on.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { negotiatedVersion } from "../semconv";
import { PendingOperations } from "./pending-operations";

export abstract class ConnectionOperations {
  protected readonly pending = new PendingOperations();
  protected protocolVersion: string | undefined;

  /** An answer passed: it ends its request's operation (initialize's also settles the version). */
  protected answered(message: JSONRPCMessage): void {
    // The 2025 era settles the version in initialize's answer; later requests carry it as attribute.
    this.protocolVersion = negotiatedVersion(message) ?? this.protocolVersion;
    this.pending.answer(message);
  }

  /** The connection closed: what is still waiting ends as `transport_closed`. */
  closed(): void {
    this.pending.abandonAll("transport_closed");
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }
}
