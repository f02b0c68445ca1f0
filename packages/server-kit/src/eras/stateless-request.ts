// One 2026-07-28 request answered with no connection state: a fresh Server (from the caller's
// factory) is connected to a channel that carries exactly this request, through the EraRouter
// pinned to the modern era, and closed once the answer is out. Any gateway instance can answer
// any request this way; nothing outlives the request.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { DualEraTransport } from "./dual-era-transport";
import type { ServerIdentity } from "./modern-result";

/** The part of the SDK's Server used here. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/** Carries one inbound message to the Server and hands back the answer to it. */
class OneRequestChannel implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private answered?: (message: JSONRPCMessage) => void;
  readonly answer: Promise<JSONRPCMessage>;

  constructor(
    private readonly id: string | number | undefined,
    private readonly onNotification?: (message: JSONRPCMessage) => void,
  ) {
    this.answer = new Promise((resolve) => (this.answered = resolve));
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if ("id" in message && message.id === this.id && !("method" in message)) this.answered?.(message);
    // Progress goes to the request's stream when it has one; a JSON answer has none: dropped.
    else if ("method" in message && !("id" in message) && message.method === "notifications/progress") this.onNotification?.(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  deliver(message: JSONRPCMessage): void {
    this.onmessage?.(message);
  }
}

/**
 * The answer to one modern request (undefined for a notification), from a Server built for it;
 * `onNotification` receives the request's progress notifications while it runs.
 *
 * @example const answer = await answerStatelessRequest(() => createSessionServer(gateway, credential), identity, body);
 */
export async function answerStatelessRequest(
  createServer: () => ConnectableServer,
  identity: ServerIdentity,
  message: JSONRPCMessage,
  signal?: AbortSignal,
  onNotification?: (notification: JSONRPCMessage) => void,
): Promise<JSONRPCMessage | undefined> {
  const id = "id" in message && !("result" in message) && !("error" in message) ? message.id : undefined;
  const channel = new OneRequestChannel(id, onNotification);
  const server = createServer();
  await server.connect(new DualEraTransport(channel, identity, { modernOnly: true }));
  try {
    channel.deliver(message);
    if (id === undefined) return undefined;
    const aborted = new Promise<JSONRPCMessage>((resolve) => {
      signal?.addEventListener("abort", () => resolve({ jsonrpc: "2.0", id, error: { code: -32000, message: "Request cancelled: the client went away." } } as JSONRPCMessage), { once: true });
    });
    return await Promise.race([channel.answer, aborted]);
  } finally {
    await server.close().catch(() => undefined);
  }
}
