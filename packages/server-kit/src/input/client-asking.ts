// The one handler-facing way to ask a client for input, in both eras: wrap a request handler with
// ClientAsking.handler and it gets an AskClient beside the request. A 2025-era request asks with
// real server→client requests (LegacyAsker); a 2026-07-28 request (it carries the envelope, so
// DualEraTransport routed it) asks through input-required results (ModernRound), whose
// requestState this object seals with its key and, with `singleUse`, whose nonce it remembers (each
// state answers one question once). One instance per server, or one shared: a gateway that runs as
// several instances gives them all the same `stateKey` (and, with `singleUse`, one `nonces` store).
import { AjvValidatorProvider, type ValidatorProvider } from "@foundry-mcp/core";
import { hasEnvelopeClaim } from "../eras/envelope";
import { LegacyAsker, type AskClient, type AskingServer, type HandlerExtra } from "./ask-client";
import { InputRequestError } from "./input-error";
import { ModernRound, type InputRequiredResult, type RoundEnding, type RoundSettings } from "./modern-round";
import { stateKeyOf } from "./request-state";
import { MemoryStateNonces, type StateNonceStore } from "./state-nonces";

/** Options of {@link ClientAsking}; every bound has a default. */
export interface ClientAskingOptions {
  /** The HMAC key of requestState (at least 32 bytes); default: random per process. */
  stateKey?: string | Uint8Array;
  /** How long a requestState is accepted after it was issued (default 10 minutes: a person answers). */
  stateTtlMs?: number;
  /** Input-required results one request may get before its next question is refused (default 10). */
  maxRounds?: number;
  /** Largest `inputResponses` of one retry, in bytes of JSON (default 256 KiB). */
  maxResponseBytes?: number;
  /** Largest requestState sent or accepted (default 512 KiB). */
  maxStateBytes?: number;
  /** Questions one round may ask (default 16). */
  maxInputRequests?: number;
  /** 2025 era: how long a question waits for the client's answer (default 10 minutes). */
  answerTimeoutMs?: number;
  /** Who the request runs for (a token's subject, a workspace); a state is refused for anyone else. */
  principal?: (extra: HandlerExtra) => string | undefined;
  /** The clock of state expiry (tests). */
  now?: () => number;
  /** Checks accepted elicitation content against its requested schema (default: core's ajv provider). */
  validator?: ValidatorProvider;
  /**
   * Each requestState answers its questions once, and a retry's answers count only for the
   * questions its state asked (default false). Turn it on where an answer is a person's consent
   * (an approval): a replayed approved retry then runs nothing, and an approval sent without
   * being asked is not taken. Off, the server follows SEP-2322's SHOULD and uses valid answers
   * to its questions wherever they arrive, and a state may be retried (as any stateless server's).
   */
  singleUse?: boolean;
  /**
   * With `singleUse`: where the nonces of outstanding states live (default: this process's memory,
   * at most `maxOutstandingStates`). Instances that share a `stateKey` must share this too.
   */
  nonces?: StateNonceStore;
  /** Outstanding states the default store remembers (default 10,000); past it the oldest is forgotten. */
  maxOutstandingStates?: number;
}

const MINUTE = 60_000;

/** A request as a handler sees it. */
interface RequestLike {
  method: string;
  params?: Record<string, unknown>;
}

/**
 * Lets request handlers ask the client for input in either era.
 *
 * @example
 * const asking = new ClientAsking();
 * server.setRequestHandler(CallToolRequestSchema, asking.handler(server, async (request, extra, ask) => {
 *   const answer = await ask.elicit("name", { message: "Your name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } });
 *   return { content: [{ type: "text", text: `Hello, ${String(answer.content?.name)}` }] };
 * }));
 */
export class ClientAsking {
  private readonly settings: RoundSettings;
  private readonly answerTimeoutMs: number;
  private readonly principal: ClientAskingOptions["principal"];

  constructor(options: ClientAskingOptions = {}) {
    let validator = options.validator;
    this.settings = {
      key: stateKeyOf(options.stateKey),
      stateTtlMs: options.stateTtlMs ?? 10 * MINUTE,
      maxRounds: options.maxRounds ?? 10,
      maxResponseBytes: options.maxResponseBytes ?? 256 * 1024,
      maxStateBytes: options.maxStateBytes ?? 512 * 1024,
      maxInputRequests: options.maxInputRequests ?? 16,
      now: options.now ?? Date.now,
      validator: () => (validator ??= new AjvValidatorProvider({ checkSchemas: false })),
      nonces: options.singleUse === true ? (options.nonces ?? new MemoryStateNonces(options.maxOutstandingStates)) : undefined,
    };
    this.answerTimeoutMs = options.answerTimeoutMs ?? 10 * MINUTE;
    this.principal = options.principal;
  }

  /**
   * `run` as an SDK request handler that can ask the client through its third argument. In
   * 2026-07-28 the answer is the handler's result, an input-required result, or the revision's
   * error (-32602 for a bad retry, -32021 for a capability the request did not declare).
   */
  handler<R extends RequestLike, T>(server: AskingServer, run: (request: R, extra: HandlerExtra, ask: AskClient) => Promise<T>): (request: R, extra: HandlerExtra) => Promise<T | InputRequiredResult> {
    // Not async: a 2025 request's answer is `run`'s own promise, with no wrapper promise per call.
    return (request, extra) => {
      if (!hasEnvelopeClaim(request.params)) return run(request, extra, new LegacyAsker(server, extra, this.answerTimeoutMs));
      return this.modern(request, extra, run);
    };
  }

  // A 2026-07-28 request: its round of input requests, or the revision's error.
  private async modern<R extends RequestLike, T>(request: R, extra: HandlerExtra, run: (request: R, extra: HandlerExtra, ask: AskClient) => Promise<T>): Promise<T | InputRequiredResult> {
    let round: ModernRound;
    try {
      round = ModernRound.open(request.method, request.params, this.principal?.(extra), this.settings);
    } catch (error) {
      throw InputRequestError.isInstance(error) ? error.toWire() : error;
    }
    type Outcome = { kind: "complete"; value: T } | { kind: "thrown"; error: unknown } | RoundEnding;
    const ran: Promise<Outcome> = run(request, extra, round).then(
      (value) => ({ kind: "complete", value }),
      (error: unknown) => ({ kind: "thrown", error }),
    );
    const outcome = await Promise.race([ran, round.ended]);
    if (outcome.kind === "complete") return outcome.value;
    if (outcome.kind === "thrown") throw outcome.error;
    if (outcome.kind === "failed") throw outcome.error.toWire();
    return outcome.result;
  }
}
