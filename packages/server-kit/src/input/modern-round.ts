// One 2026-07-28 request that may ask its client for input (SEP-2322). The revision has no
// server→client requests: a handler's unanswered question ends the request with an
// input-required result (the questions, keyed, and a sealed requestState), and the client's retry
// — a new request with `inputResponses` and the state echoed — runs the handler again from the
// start, when the same questions find their answers. A question is answered from the state (what
// earlier rounds used) or the retry's responses; questions asked together (Promise.all) go out in
// one round; an answer missing from a retry is asked again. The abandoned run's promise never
// settles, so no catch block in the handler (or in a library under it) can swallow the ending.
import { ClientCapabilitiesSchema, CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ClientCapabilities, CreateMessageRequestParamsBase, CreateMessageResult, ElicitRequestParams, ElicitResult, ListRootsResult } from "@modelcontextprotocol/sdk/types.js";
import type { ValidatorProvider } from "@foundry-mcp/core";
import { describeIssues } from "../checked-request";
import { isJsonObject } from "@foundry-mcp/core";
import { META_KEYS } from "../eras/envelope";
import { declares, missingCapability, type AskCapability, type AskClient } from "./ask-client";
import { InputErrorCode, InputRequestError } from "./input-error";
import { readInputRetry } from "./input-retry";
import { digest, openRequestState, requestTarget, sealRequestState, type RequestStatePayload } from "./request-state";
import { newStateNonce, type StateNonceStore } from "./state-nonces";

/** The requests on which the revision lets a server answer input-required. */
export const INPUT_METHODS: readonly string[] = ["tools/call", "prompts/get", "resources/read"];

/** The bounds and the key one round works with (ClientAsking's resolved options). */
export interface RoundSettings {
  key: Buffer;
  stateTtlMs: number;
  maxRounds: number;
  maxResponseBytes: number;
  maxStateBytes: number;
  maxInputRequests: number;
  now: () => number;
  validator: () => ValidatorProvider;
  /** Set when states are single-use (ClientAskingOptions.singleUse); undefined, they may be retried. */
  nonces: StateNonceStore | undefined;
}

/** An input request as the result carries it. */
export interface InputRequest {
  method: string;
  params: Record<string, unknown>;
}

/** The result that ends a round: what the client is asked, and the state to echo. */
export interface InputRequiredResult {
  [key: string]: unknown;
  resultType: "input_required";
  inputRequests: Record<string, InputRequest>;
  requestState: string;
}

/** How a round ended before its handler did. */
export type RoundEnding = { kind: "input"; result: InputRequiredResult } | { kind: "failed"; error: InputRequestError };

interface ResultParser {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

const kindOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`);
const START_OVER = "send the request again without requestState and inputResponses to start over";
// A fresh promise per abandoned question: one shared pending promise would keep every abandoned run alive.
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** The asker of one modern request; `ended` settles when a question ends the request early. */
export class ModernRound implements AskClient {
  readonly era = "modern";
  readonly round: number;
  readonly ended: Promise<RoundEnding>;
  private settle!: (ending: RoundEnding) => void;
  private ending: RoundEnding | undefined;
  private scheduled = false;
  private readonly asked: Record<string, InputRequest> = {};
  private readonly used: Record<string, unknown> = {};
  private readonly capabilities: ClientCapabilities | undefined;

  private constructor(
    private readonly method: string,
    private readonly target: string,
    private readonly principal: string | undefined,
    private readonly carried: Record<string, unknown>,
    private readonly fresh: Record<string, unknown>,
    private readonly settings: RoundSettings,
    meta: Record<string, unknown> | undefined,
    previousRounds: number,
  ) {
    this.round = previousRounds;
    this.ended = new Promise((resolve) => (this.settle = resolve));
    const declared = meta?.[META_KEYS.clientCapabilities];
    const parsed = ClientCapabilitiesSchema.safeParse(declared);
    this.capabilities = parsed.success ? parsed.data : (declared as ClientCapabilities | undefined);
  }

  /** The round of `method` with `params`: its retry checked (throws InputRequestError for a bad one). */
  static open(method: string, params: Record<string, unknown> | undefined, principal: string | undefined, settings: RoundSettings): ModernRound {
    const retry = readInputRetry(params);
    let fresh: Record<string, unknown> = {};
    if ("inputResponses" in retry) {
      const responses = retry.inputResponses;
      if (!isJsonObject(responses)) {
        throw new InputRequestError(InputErrorCode.RESPONSES_INVALID, `Invalid params: inputResponses must be an object mapping each input request's key to the client's result; got ${kindOf(responses)}.`);
      }
      const size = Buffer.byteLength(JSON.stringify(responses));
      if (size > settings.maxResponseBytes) {
        throw new InputRequestError(InputErrorCode.RESPONSES_TOO_LARGE, `Invalid params: inputResponses is ${size} bytes; the limit is ${settings.maxResponseBytes}. Answer only the input requests the server sent.`, { limit: settings.maxResponseBytes });
      }
      fresh = responses;
    }
    const target = requestTarget(method, params);
    const principalDigest = principal === undefined ? undefined : digest(principal);
    const state = "requestState" in retry ? ModernRound.verify(retry.requestState, method, target, principalDigest, settings) : undefined;
    const meta = isJsonObject(params?._meta) ? params._meta : undefined;
    // Single-use states take answers only to the questions the state's round asked: an approval the
    // server never asked for is ignored. Otherwise every valid answer to a question counts (SEP-2322).
    const solicited = settings.nonces === undefined ? fresh : Object.fromEntries((state?.asked ?? []).filter((key) => Object.hasOwn(fresh, key)).map((key) => [key, fresh[key]]));
    return new ModernRound(method, target, principalDigest, state?.answers ?? {}, solicited, settings, meta, state?.round ?? 0);
  }

  private static verify(state: unknown, method: string, target: string, principal: string | undefined, settings: RoundSettings): RequestStatePayload {
    if (typeof state !== "string") {
      throw new InputRequestError(InputErrorCode.STATE_INVALID, `Invalid params: requestState must be the string the server sent; got ${kindOf(state)}.`);
    }
    if (state.length > settings.maxStateBytes) {
      throw new InputRequestError(InputErrorCode.STATE_TOO_LARGE, `Invalid params: requestState is ${state.length} bytes; the limit is ${settings.maxStateBytes}. Echo the state exactly as sent, or ${START_OVER}.`, { limit: settings.maxStateBytes });
    }
    const payload = openRequestState(state, settings.key);
    if (payload.expires < settings.now()) {
      throw new InputRequestError(InputErrorCode.STATE_EXPIRED, `Invalid params: requestState expired (a state is good for ${Math.round(settings.stateTtlMs / 1000)} s); ${START_OVER}.`);
    }
    if (payload.method !== method || payload.target !== target) {
      throw new InputRequestError(InputErrorCode.STATE_MISMATCH, `Invalid params: requestState belongs to another request (another method, name, URI or arguments); send it only with the retry of the request it came with, or ${START_OVER}.`);
    }
    if (payload.principal !== principal) {
      throw new InputRequestError(InputErrorCode.STATE_MISMATCH, `Invalid params: requestState was issued to another principal; ${START_OVER}.`);
    }
    // Last, so that a state refused for another reason stays usable for its real retry.
    if (settings.nonces !== undefined && !settings.nonces.consume(payload.nonce, settings.now())) {
      throw new InputRequestError(InputErrorCode.STATE_USED, `Invalid params: requestState was used already (each one answers its questions once, so a replayed retry runs nothing); ${START_OVER}.`);
    }
    return payload;
  }

  can(capability: AskCapability): boolean {
    return declares(this.capabilities, capability);
  }

  elicit(key: string, params: ElicitRequestParams): Promise<ElicitResult> {
    const mode = params.mode ?? "form";
    return this.ask(key, "elicitation/create", params, ElicitResultSchema, "elicitation", mode, (answer) => this.checkContent(key, params, answer as ElicitResult));
  }

  createMessage(key: string, params: CreateMessageRequestParamsBase): Promise<CreateMessageResult> {
    return this.ask(key, "sampling/createMessage", params, CreateMessageResultSchema, "sampling");
  }

  listRoots(key: string): Promise<ListRootsResult> {
    return this.ask(key, "roots/list", {}, ListRootsResultSchema, "roots");
  }

  private ask<T>(key: string, method: string, params: object, schema: ResultParser, capability: AskCapability, detail?: string, check?: (answer: unknown) => string | undefined): Promise<T> {
    if (this.ending) return never();
    if (!INPUT_METHODS.includes(this.method)) {
      return this.fail(new InputRequestError(InputErrorCode.NOT_ALLOWED, `Internal error: a ${this.method} request cannot ask the client for input in protocol revision 2026-07-28 (only ${INPUT_METHODS.join(", ")} can).`));
    }
    if (!declares(this.capabilities, capability, capability === "elicitation" ? detail : undefined)) return this.fail(missingCapability(capability, method, capability === "elicitation" && detail !== "form" ? detail : undefined));
    const earlier = this.asked[key];
    if (earlier !== undefined && earlier.method !== method) {
      return this.fail(new InputRequestError(InputErrorCode.NOT_ALLOWED, `Internal error: the input request key "${key}" was used for ${earlier.method} and ${method}; give each question its own key.`));
    }
    const answer = Object.hasOwn(this.carried, key) ? this.carried[key] : Object.hasOwn(this.fresh, key) ? this.fresh[key] : undefined;
    if (answer === undefined) {
      this.asked[key] = { method, params: { ...params } as Record<string, unknown> };
      this.scheduleEnding();
      return never();
    }
    const parsed = schema.safeParse(answer);
    const problem = parsed.success ? check?.(parsed.data) : describeIssues(parsed.error.issues);
    if (problem !== undefined) {
      return this.fail(new InputRequestError(InputErrorCode.RESPONSES_INVALID, `Invalid params: inputResponses.${key} is not a valid ${method} result: ${problem}.`, { key }));
    }
    this.used[key] = answer;
    return Promise.resolve((parsed as { data: unknown }).data as T);
  }

  /** An accepted form's content against the schema the question sent (as the SDK checks it in 2025). */
  private checkContent(key: string, params: ElicitRequestParams, answer: ElicitResult): string | undefined {
    const schema = (params as { requestedSchema?: Record<string, unknown> }).requestedSchema;
    if (answer.action !== "accept" || answer.content === undefined || schema === undefined) return undefined;
    const result = this.settings.validator().getValidator(schema).validate(answer.content);
    return result.valid ? undefined : `its content does not match the requested schema of "${key}": ${result.errors.join(" ")}`;
  }

  private fail<T>(error: InputRequestError): Promise<T> {
    this.end({ kind: "failed", error });
    return never();
  }

  private end(ending: RoundEnding): void {
    if (this.ending) return;
    this.ending = ending;
    this.settle(ending);
  }

  // Questions asked in the same turn (Promise.all) join one round: the ending waits one macrotask.
  private scheduleEnding(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.endWithQuestions());
  }

  private endWithQuestions(): void {
    const { settings } = this;
    const count = Object.keys(this.asked).length;
    if (count > settings.maxInputRequests) {
      return void this.fail(new InputRequestError(InputErrorCode.TOO_MANY_REQUESTS, `Internal error: one round asked the client ${count} questions; the limit is ${settings.maxInputRequests}.`, { limit: settings.maxInputRequests }));
    }
    if (this.round >= settings.maxRounds) {
      return void this.fail(
        new InputRequestError(InputErrorCode.ROUNDS_EXCEEDED, `Invalid params: this request asked for input ${this.round} time${this.round === 1 ? "" : "s"} without getting what it needs (the limit is ${settings.maxRounds} rounds); ${START_OVER}.`, { limit: settings.maxRounds }),
      );
    }
    const now = settings.now();
    const payload: RequestStatePayload = { method: this.method, target: this.target, round: this.round + 1, expires: now + settings.stateTtlMs, answers: this.used, asked: Object.keys(this.asked), nonce: newStateNonce() };
    if (this.principal !== undefined) payload.principal = this.principal;
    const requestState = sealRequestState(payload, settings.key);
    if (requestState.length > settings.maxStateBytes) {
      return void this.fail(
        new InputRequestError(InputErrorCode.STATE_TOO_LARGE, `Invalid params: the answers this request keeps (${requestState.length} bytes sealed) exceed the requestState limit of ${settings.maxStateBytes} bytes; answer with less.`, { limit: settings.maxStateBytes }),
      );
    }
    settings.nonces?.issue(payload.nonce, payload.expires, now);
    this.end({ kind: "input", result: { resultType: "input_required", inputRequests: this.asked, requestState } });
  }
}
