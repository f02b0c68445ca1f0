// One 2025-era Streamable HTTP session of an aggregating server over HTTP, on node:http directly. The SDK's
// own server transport turns every Node request into a web Request (and its answer back) and
// opens an SSE stream per POST; that cost about as much as the whole relay. Here a POST's
// answer goes out as plain JSON when nothing else must travel with it, and turns into an SSE
// stream only when a message related to the request (progress, an elicitation or sampling
// request) comes first. Messages related to no request go to the session's GET stream, if open.
// Its requests are measured by the ServerOperations observer it is given, called here rather
// than stacked as a layer (docs/decisions/0019).
import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import { ServerOperations } from "@foundry-mcp/telemetry";
import { checkMessage, jsonRpcError, sendJson } from "@foundry-mcp/server-kit";
import { AGGREGATOR_VOICE } from "./voice";

type WireId = string | number;

/** The answer under way to one POST: the ids it still waits for, and how it is going out. */
interface PostAnswer {
  res: http.ServerResponse;
  waiting: Set<WireId>;
  answers: JSONRPCMessage[];
  batch: boolean;
  streaming: boolean;
}

function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: WireId; method: string } {
  return "method" in message && "id" in message;
}

function sseEvent(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** A Server's transport for one HTTP session; the downstream hands it the session's requests. */
export class HttpSessionTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly sessionId = randomUUID();
  private readonly operations = new ServerOperations({ transport: "tcp" });

  private readonly answers = new Map<WireId, PostAnswer>();
  private standalone?: http.ServerResponse;
  private closed = false;

  /** `speaker`: the aggregator as its sentences name it (AggregatorVoice.process). */
  constructor(private readonly speaker: string = AGGREGATOR_VOICE.process) {}

  async start(): Promise<void> {}

  /** Serves one POST whose body the edge parsed. */
  handlePost(req: http.IncomingMessage, res: http.ServerResponse, body: unknown): void {
    const accept = req.headers.accept ?? "";
    if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
      return sendJson(res, 406, jsonRpcError(-32000, "Not Acceptable: the client must accept both application/json and text/event-stream"));
    }
    const version = req.headers["mcp-protocol-version"];
    if (typeof version === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return sendJson(res, 400, jsonRpcError(-32000, `Bad Request: unsupported protocol version ${version} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`));
    }
    const batch = Array.isArray(body);
    const checked = this.check(batch ? (body as unknown[]) : [body]);
    if ("refusals" in checked) return sendJson(res, 400, batch ? checked.refusals : checked.refusals[0]);
    const messages = checked.messages;
    const requests = messages.filter(isRequest);
    if (requests.length === 0) {
      res.writeHead(202, { "mcp-session-id": this.sessionId }).end();
    } else {
      const answer: PostAnswer = { res, waiting: new Set(requests.map((request) => request.id)), answers: [], batch, streaming: false };
      for (const id of answer.waiting) this.answers.set(id, answer);
      // A client that hangs up before its answer cancels what it asked, as it would with notifications/cancelled.
      res.once("close", () => {
        if (res.writableFinished) return;
        for (const id of answer.waiting) {
          this.answers.delete(id);
          this.deliver({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: "the client closed its request" } });
        }
        answer.waiting.clear();
      });
    }
    for (const message of messages) this.deliver(message);
  }

  private deliver(message: JSONRPCMessage): void {
    this.onmessage?.(message, this.operations.received(message, undefined, this.sessionId));
  }

  // Every message of a POST must be one the SDK's Protocol can take, and a request's id must not
  // be waiting already: the Protocol drops a malformed message without a word, and a second
  // request under a waiting id would take over the first one's answer, so either would leave
  // a POST open until the client gives up. Refused as a whole, before any of it runs.
  private check(values: unknown[]): { messages: JSONRPCMessage[] } | { refusals: object[] } {
    const messages: JSONRPCMessage[] = [];
    const refusals: object[] = [];
    const ids = new Set<WireId>();
    for (const value of values) {
      const result = checkMessage(value);
      if (!result.ok) {
        refusals.push(jsonRpcError(-32600, result.error, result.id));
        continue;
      }
      const message = result.message;
      if (isRequest(message) && (this.answers.has(message.id) || ids.has(message.id))) {
        refusals.push(jsonRpcError(-32600, `Invalid Request: id ${JSON.stringify(message.id)} is already used by a request of this session that has no answer yet; use a new id.`, message.id));
        continue;
      }
      if (isRequest(message)) ids.add(message.id);
      messages.push(message);
    }
    return refusals.length > 0 ? { refusals } : { messages };
  }

  /** Opens the session's stream for messages related to no request (one at a time: 409 else). */
  handleGet(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!(req.headers.accept ?? "").includes("text/event-stream")) {
      return sendJson(res, 406, jsonRpcError(-32000, "Not Acceptable: the client must accept text/event-stream"));
    }
    if (this.standalone) return sendJson(res, 409, jsonRpcError(-32000, "Conflict: this session already has a GET stream open"));
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", "mcp-session-id": this.sessionId });
    res.flushHeaders();
    this.standalone = res;
    res.once("close", () => {
      if (this.standalone === res) this.standalone = undefined;
    });
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.operations.sent(message);
    if (this.closed) return;
    const isAnswer = !("method" in message) && "id" in message && message.id !== null;
    const related = isAnswer ? (message.id as WireId) : options?.relatedRequestId;
    const answer = related === undefined ? undefined : this.answers.get(related);
    if (!answer) {
      // Unrelated (or its request's client is gone): the GET stream, else dropped like the SDK does without an event store.
      if (!isAnswer) this.standalone?.write(sseEvent(message));
      return;
    }
    if (!isAnswer) {
      this.stream(answer).write(sseEvent(message));
      return;
    }
    answer.waiting.delete(related as WireId);
    this.answers.delete(related as WireId);
    if (answer.streaming) {
      answer.res.write(sseEvent(message));
      if (answer.waiting.size === 0) answer.res.end();
      return;
    }
    answer.answers.push(message);
    if (answer.waiting.size > 0) return;
    const body = JSON.stringify(answer.batch ? answer.answers : answer.answers[0]);
    answer.res.writeHead(200, { "content-type": "application/json", "mcp-session-id": this.sessionId }).end(body);
  }

  setProtocolVersion(version: string): void {
    this.operations.setProtocolVersion(version);
  }

  // Switches a POST's answer to SSE (once), writing out any answers held for a batch.
  private stream(answer: PostAnswer): http.ServerResponse {
    if (!answer.streaming) {
      answer.streaming = true;
      answer.res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "mcp-session-id": this.sessionId });
      for (const held of answer.answers.splice(0)) answer.res.write(sseEvent(held));
    }
    return answer.res;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const answer of new Set(this.answers.values())) {
      if (answer.res.headersSent) answer.res.end();
      else sendJson(answer.res, 503, jsonRpcError(-32000, `Session closed: ${this.speaker} is shutting down or the session ended`));
    }
    this.answers.clear();
    this.standalone?.end();
    this.standalone = undefined;
    this.operations.closed();
    this.onclose?.();
  }
}
