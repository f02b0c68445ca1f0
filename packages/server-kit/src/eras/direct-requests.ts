// Requests a server answers on its transport, ahead of the SDK's dispatch. For each request the
// SDK's Server runs three zod parses to tell a request from a response, builds an AbortController
// and a handler context, parses the request a second time in Server's tools/call wrapper and the
// result once more: ~75 µs of a memory_search that ranks in ~120 µs (issue 16, ARCHITECTURE
// "The direct lane"). A route is the same schema and handler a server also registers with the
// SDK, so both dispatchers run one piece of code; what the lane keeps of the SDK's dispatch:
// the request schema's exact -32602, an error's code, message and data as the SDK sends them,
// notifications/cancelled (the answer to a cancelled request is not sent), and a bound on the
// requests in flight. Handlers get no SDK context (no progress, no server→client requests), only
// a DirectRequestContext (the request's abort signal, aborted by notifications/cancelled or the
// connection's close, as the SDK's is; and the extra the transport delivered it with), so only
// routes that need no more belong here. A `quickOnly` route takes just the requests its
// quickParse accepts and leaves the rest to the SDK's dispatch, with its context (an aggregator's
// tools/call: a call with a progress token or an era envelope needs the SDK's).
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

type WireId = string | number;

/** The part of a zod schema the lane uses: the schema given to the SDK's setRequestHandler. */
interface RequestParser<T> {
  parse(value: unknown): T;
}

/** What a direct handler gets beside its request: the part of the SDK's handler context the lane keeps. */
export interface DirectRequestContext {
  /**
   * Aborted when the client cancels the request (notifications/cancelled, with its reason) or the
   * connection closes, as the SDK's `extra.signal`. Made on first read: a handler that never
   * reads it costs no AbortController.
   */
  readonly signal: AbortSignal;
  /** The extra the transport delivered the request with (e.g. its telemetry filing, for traceParentOf). */
  readonly extra: MessageExtraInfo | undefined;
}

/** One request method: its schema and handler, as also registered with the SDK's Server. */
export interface DirectRoute<T = unknown> {
  readonly schema: RequestParser<T>;
  // A method, so a route for one request type fits DirectRoutes (method parameters are bivariant).
  handle(request: T, context: DirectRequestContext): Promise<object> | object;
  /**
   * A hand-written check of the common shape that returns exactly what `schema.parse` would
   * (e.g. {@link plainToolCall}), or undefined to let the schema decide. A zod parse runs more
   * code than the rest of the lane together, and that code is cold again on every call of a
   * process that waits between calls: ~35 µs of a foundry-server search, interleaved with other
   * processes, against ~4 µs in a hot loop.
   */
  quickParse?(message: JSONRPCMessage): T | undefined;
  /**
   * Only the requests `quickParse` accepts are answered here; the others go to the SDK's dispatch,
   * whose handler context they may need (progress, server→client requests). Default false: the
   * lane answers every request of the method.
   */
  readonly quickOnly?: boolean;
}

/** Methods answered on the transport, by name. */
export type DirectRoutes = Readonly<Record<string, DirectRoute>>;

/** Most direct requests in flight at once by default; past it a request is refused. */
export const DEFAULT_MAX_DIRECT_IN_FLIGHT = 1024;

interface CancelledParams {
  requestId?: unknown;
  reason?: unknown;
}

/** One request in flight on the lane: its context, and whether the client cancelled it. */
class LaneRequest implements DirectRequestContext {
  cancelled = false;
  private controller: AbortController | undefined;
  private reason: unknown;

  constructor(readonly extra: MessageExtraInfo | undefined) {}

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.cancelled) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}

/** The error object the SDK's Protocol sends for a handler's throw: same code, message and data. */
function wireError(error: unknown): { code: number; message: string; data?: unknown } {
  const fields = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = typeof fields.code === "number" && Number.isSafeInteger(fields.code) ? fields.code : -32603;
  const message = typeof fields.message === "string" ? fields.message : typeof error === "string" ? error : "Internal error";
  return fields.data === undefined ? { code, message } : { code, message, data: fields.data };
}

/** Answers the requests whose method has a route, and keeps their in-flight ids. */
export class DirectRequests {
  private readonly inFlight = new Map<WireId, LaneRequest>();

  constructor(
    private readonly routes: DirectRoutes,
    private readonly maxInFlight = DEFAULT_MAX_DIRECT_IN_FLIGHT,
  ) {}

  /**
   * Takes `message` when it is a request with a route (returns true); anything else is left for
   * the SDK (false), and a cancellation is noted too. `reply` gets each answer, with `cancelled`
   * true when the client cancelled the request meanwhile (the answer is then not to be sent).
   * `extra` is what the transport delivers the message with, handed to the handler.
   */
  take(message: JSONRPCMessage, reply: (answer: JSONRPCMessage, cancelled: boolean) => void, extra?: MessageExtraInfo): boolean {
    if (!("method" in message)) return false;
    if (!("id" in message)) {
      if (message.method === "notifications/cancelled") this.cancel(message.params as CancelledParams | undefined);
      return false; // the SDK sees every notification too
    }
    const route = Object.hasOwn(this.routes, message.method) ? this.routes[message.method] : undefined;
    if (!route) return false;
    const quick = route.quickParse?.(message);
    if (quick === undefined && route.quickOnly) return false;
    const id = message.id as WireId;
    if (this.inFlight.has(id)) {
      reply({ jsonrpc: "2.0", id, error: { code: -32600, message: `Invalid Request: request id ${JSON.stringify(id)} is already in flight; use a new id for each request.` } }, false);
      return true;
    }
    if (this.inFlight.size >= this.maxInFlight) {
      reply({ jsonrpc: "2.0", id, error: { code: -32000, message: `Too many requests in flight: ${this.maxInFlight} (the server's bound); wait for answers before sending more.` } }, false);
      return true;
    }
    const request = new LaneRequest(extra);
    this.inFlight.set(id, request);
    void this.answer(route, message, quick, id, request).then((answer) => {
      this.inFlight.delete(id);
      reply(answer, request.cancelled);
    });
    return true;
  }

  /** The connection closed: every handler still running sees its signal aborted (as the SDK's do). */
  abortAll(): void {
    for (const request of this.inFlight.values()) request.abort(undefined);
  }

  private async answer(route: DirectRoute, message: JSONRPCMessage, quick: unknown, id: WireId, context: LaneRequest): Promise<JSONRPCMessage> {
    try {
      const result = await route.handle(quick ?? route.schema.parse(message), context);
      return { jsonrpc: "2.0", id, result } as JSONRPCMessage;
    } catch (error) {
      return { jsonrpc: "2.0", id, error: wireError(error) };
    }
  }

  private cancel(params: CancelledParams | undefined): void {
    const requestId = params?.requestId;
    if (typeof requestId === "string" || typeof requestId === "number") this.inFlight.get(requestId)?.abort(params?.reason);
  }
}
