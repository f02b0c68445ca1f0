// Which era each message belongs to, decided once here for every transport. A 2025 client opens
// with `initialize`; a 2026-07-28 client sends the per-request envelope (or `server/discover`).
// Modern requests are checked (envelope, version, methods the revision removed) and answered with
// the revision's errors; `server/discover` is answered here; everything else reaches the SDK's
// Server unchanged, and its results are given their modern form on the way out. A connection
// whose first request was modern stays modern: a request without the envelope there gets -32602.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { hasEnvelopeClaim, readEnvelope, unsupportedVersion, type WireErrorObject } from "./envelope";
import { discoverResult, toModernResult, type ServerIdentity } from "./modern-result";
import { withInputRetry } from "../input/input-retry";

/** The two eras: the 2025 handshake (2025-11-25, 2025-06-18, …) and the stateless 2026-07-28. */
export type ProtocolEra = "legacy" | "modern";

/** Methods 2026-07-28 removed: a modern request for one gets -32601. */
export const REMOVED_IN_MODERN: readonly string[] = ["initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"];

type WireId = string | number;

/** What to do with one inbound message. */
export type InboundDecision =
  | { kind: "deliver"; message: JSONRPCMessage; era: ProtocolEra }
  | { kind: "reply"; message: JSONRPCMessage };

/** Options of an EraRouter. */
export interface EraRouterOptions {
  /** Treat every request as 2026-07-28 (one stateless HTTP request); `initialize` is refused with -32022. */
  modernOnly?: boolean;
}

interface RequestLike {
  id: WireId;
  method: string;
  params?: unknown;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & RequestLike {
  return "method" in message && "id" in message;
}

function errorReply(id: WireId, error: WireErrorObject): JSONRPCMessage {
  return { jsonrpc: "2.0", id, error } as JSONRPCMessage;
}

/** Decides the era of each message of one connection (or of one stateless HTTP request). */
export class EraRouter {
  private pinned: ProtocolEra | undefined;
  private readonly pendingModern = new Map<WireId, string>();

  constructor(
    private readonly identity: ServerIdentity,
    private readonly options: EraRouterOptions = {},
  ) {
    if (options.modernOnly) this.pinned = "modern";
  }

  /** The era this connection settled on, once its first request said. */
  get era(): ProtocolEra | undefined {
    return this.pinned;
  }

  /** Routes one inbound message: deliver it to the Server, or answer it here. */
  inbound(message: JSONRPCMessage): InboundDecision {
    if (!isRequest(message)) return { kind: "deliver", message, era: this.pinned ?? "legacy" };
    const { id, method, params } = message;
    const claims = method === "server/discover" || hasEnvelopeClaim(params);
    if (method === "initialize" && !claims) {
      if (this.options.modernOnly) {
        const requested = (params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
        return { kind: "reply", message: errorReply(id, unsupportedVersion(typeof requested === "string" ? requested : undefined)) };
      }
      this.pinned = "legacy";
      return { kind: "deliver", message, era: "legacy" };
    }
    if (!claims && this.pinned !== "modern") return { kind: "deliver", message, era: "legacy" };
    const envelope = readEnvelope(params);
    if ("error" in envelope) return { kind: "reply", message: errorReply(id, envelope.error) };
    if (REMOVED_IN_MODERN.includes(method)) {
      return { kind: "reply", message: errorReply(id, { code: -32601, message: `Method not found: ${method} is not part of protocol revision ${envelope.protocolVersion}.` }) };
    }
    this.pinned ??= "modern";
    if (method === "server/discover") return { kind: "reply", message: { jsonrpc: "2.0", id, result: discoverResult(this.identity) } as JSONRPCMessage };
    this.pendingModern.set(id, method);
    // A retry's inputResponses/requestState would be stripped by the SDK's params schemas: moved into _meta.
    return { kind: "deliver", message: withInputRetry(message), era: "modern" };
  }

  /** Gives the answer to a modern request its 2026-07-28 form; anything else passes as is. */
  outbound(message: JSONRPCMessage): JSONRPCMessage {
    if (!("id" in message) || "method" in message || message.id === undefined || message.id === null) return message;
    const method = this.pendingModern.get(message.id);
    if (method === undefined) return message;
    this.pendingModern.delete(message.id);
    if (!("result" in message)) return message;
    return { ...message, result: toModernResult(method, message.result as Record<string, unknown>, this.identity) } as JSONRPCMessage;
  }
}
