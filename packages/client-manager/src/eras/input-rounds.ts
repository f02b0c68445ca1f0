// The client side of input-required results (MCP 2026-07-28, SEP-2322) under the SDK 1.32.2
// Client, which knows only server→client requests: when a modern server answers tools/call,
// prompts/get or resources/read with `resultType: "input_required"`, each of its input requests
// is handed to the Client as if the server had sent it (so the handlers the manager registered —
// elicitation, sampling, roots — answer it), and the original request is sent again with a new
// id, the answers as `inputResponses` and the server's `requestState` echoed unchanged, until a
// final answer comes; that answer reaches the Client under the original id. Rounds are bounded.
// Used by negotiating-transport.ts.
import type { TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isJsonObject } from "@foundry-mcp/core";

type WireId = string | number;

/** Requests a modern server may answer with input-required. */
const ASKING_METHODS = new Set(["tools/call", "prompts/get", "resources/read"]);

/** Input-required rounds one request may take before it fails. */
export const MAX_INPUT_ROUNDS = 10;
/** Requests remembered at once; past it the oldest is forgotten (its answer then passes as is). */
const MAX_TRACKED = 1024;

interface Attempt {
  originalId: WireId;
  request: { jsonrpc: "2.0"; id: WireId; method: string; params?: Record<string, unknown> };
  options: TransportSendOptions | undefined;
  rounds: number;
}

interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}


/** Removes and returns what `map` holds under the id of `message` when it is a response (result or error). */
function takeByResponse<T>(map: Map<WireId, T>, message: JSONRPCMessage): { id: WireId; value: T } | undefined {
  if (!("id" in message) || "method" in message || message.id === undefined || message.id === null) return undefined;
  const id = message.id as WireId;
  const value = map.get(id);
  if (value === undefined) return undefined;
  map.delete(id);
  return { id, value };
}

/** Answers input-required results through the Client's own handlers and retries. */
export class InputRounds {
  private readonly attempts = new Map<WireId, Attempt>();
  /** Current wire id of each original request that is being retried. */
  private readonly retried = new Map<WireId, WireId>();
  private readonly questions = new Map<WireId, (answer: JSONRPCMessage) => void>();
  private nextId = 0;

  constructor(
    /** Hands a message to the Client (a question, or the final answer). */
    private readonly toClient: (message: JSONRPCMessage) => void,
    /** Sends a message to the server. */
    private readonly toServer: (message: JSONRPCMessage, options?: TransportSendOptions) => Promise<void>,
  ) {}

  /** Outgoing: remembers a request that may be answered input-required; rewrites a cancellation of one being retried. */
  outgoing(message: JSONRPCMessage, options?: TransportSendOptions): JSONRPCMessage {
    if ("method" in message && "id" in message && ASKING_METHODS.has(message.method)) {
      if (this.attempts.size >= MAX_TRACKED) this.attempts.delete(this.attempts.keys().next().value as WireId);
      this.attempts.set(message.id, { originalId: message.id, request: message as Attempt["request"], options, rounds: 0 });
    } else if ("method" in message && message.method === "notifications/cancelled") {
      const requestId = (message.params as { requestId?: WireId } | undefined)?.requestId;
      const current = requestId === undefined ? undefined : this.retried.get(requestId);
      if (current !== undefined) return { ...message, params: { ...message.params, requestId: current } } as JSONRPCMessage;
    }
    return message;
  }

  /** Outgoing: true when `message` is the Client's answer to one of our questions (not for the server). */
  answersQuestion(message: JSONRPCMessage): boolean {
    const question = takeByResponse(this.questions, message);
    question?.value(message);
    return question !== undefined;
  }

  /** Incoming: true when this module took the message (an input-required result it now works on). */
  incoming(message: JSONRPCMessage): boolean {
    const taken = takeByResponse(this.attempts, message);
    if (!taken) return false;
    const { id, value: attempt } = taken;
    const result = "result" in message ? (message.result as Record<string, unknown>) : undefined;
    if (result?.resultType !== "input_required") {
      this.retried.delete(attempt.originalId);
      this.toClient(id === attempt.originalId ? message : ({ ...message, id: attempt.originalId } as JSONRPCMessage));
      return true;
    }
    void this.answerRound(attempt, result).catch((error: unknown) => this.fail(attempt, error instanceof Error ? error.message : String(error)));
    return true;
  }

  private async answerRound(attempt: Attempt, result: Record<string, unknown>): Promise<void> {
    if (attempt.rounds >= MAX_INPUT_ROUNDS) throw new Error(`the server asked for input ${attempt.rounds} times for one request (the limit is ${MAX_INPUT_ROUNDS})`);
    const asked = isJsonObject(result.inputRequests) ? (result.inputRequests as Record<string, InputRequest>) : {};
    const entries = await Promise.all(Object.entries(asked).map(async ([key, question]) => [key, await this.ask(question)] as const));
    const inputResponses = Object.fromEntries(entries);
    const retryId = `input-retry-${++this.nextId}`;
    const params = { ...attempt.request.params, inputResponses, ...(typeof result.requestState === "string" ? { requestState: result.requestState } : {}) };
    const retry = { ...attempt.request, id: retryId, params };
    this.attempts.set(retryId, { ...attempt, request: attempt.request, rounds: attempt.rounds + 1 });
    this.retried.set(attempt.originalId, retryId);
    await this.toServer(retry as JSONRPCMessage, attempt.options);
  }

  /** One input request put to the Client's handler; its result, or a thrown error naming the method. */
  private ask(question: InputRequest): Promise<unknown> {
    const id = `input-request-${++this.nextId}`;
    return new Promise((resolve, reject) => {
      this.questions.set(id, (answer) => {
        if ("result" in answer) resolve(answer.result);
        else reject(new Error(`the client could not answer the server's ${question.method}: ${(answer as { error?: { message?: string } }).error?.message ?? "no answer"}`));
      });
      this.toClient({ jsonrpc: "2.0", id, method: question.method, params: question.params ?? {} } as JSONRPCMessage);
    });
  }

  /** Forgets everything (the connection closed). */
  clear(): void {
    this.attempts.clear();
    this.retried.clear();
    this.questions.clear();
  }

  private fail(attempt: Attempt, reason: string): void {
    this.retried.delete(attempt.originalId);
    this.toClient({ jsonrpc: "2.0", id: attempt.originalId, error: { code: -32603, message: `Input required: ${reason}.` } } as JSONRPCMessage);
  }
}
