// What a request handler uses to ask its client for input — an elicitation (a person answers a
// form), a sampling request (the client's model answers), or the client's roots — the same calls
// in both eras. In the 2025 era each is the real server→client request, related to the request
// being handled (so over Streamable HTTP it travels on that request's stream); in 2026-07-28 it
// becomes part of an input-required result (modern-round.ts). Neighbours: client-asking.ts.
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  ClientCapabilities,
  CreateMessageRequestParamsBase,
  CreateMessageResult,
  ElicitRequestParams,
  ElicitResult,
  ListRootsResult,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { InputErrorCode, InputRequestError } from "./input-error";

/** The request context the SDK hands a server's request handler. */
export type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** The client capabilities an input request needs. */
export type AskCapability = "elicitation" | "sampling" | "roots";

/** Asks the client of one request for input, in either era. */
export interface AskClient {
  /** The era of the request: the 2025 handshake (real requests) or 2026-07-28 (input-required results). */
  readonly era: "legacy" | "modern";
  /** Input-required results this request got before (0 on a first request and in the 2025 era). */
  readonly round: number;
  /** Whether the client declared what a question of this kind needs (ask only then). */
  can(capability: AskCapability): boolean;
  /**
   * The client's answer to an elicitation, under `key` (unique within the request). In 2026-07-28 an
   * unanswered question ends this run with an input-required result; the retry runs the handler
   * again from the start, and this call then returns the answer. So ask before acting.
   */
  elicit(key: string, params: ElicitRequestParams): Promise<ElicitResult>;
  /** The client's model's answer to a sampling request, under `key`. */
  createMessage(key: string, params: CreateMessageRequestParamsBase): Promise<CreateMessageResult>;
  /** The client's roots, under `key`. */
  listRoots(key: string): Promise<ListRootsResult>;
}

/** -32021 naming the capability a question needs (both eras). */
export function missingCapability(capability: AskCapability, method: string, detail?: string): InputRequestError {
  const needed = detail === undefined ? capability : `${capability}.${detail}`;
  return new InputRequestError(
    InputErrorCode.CAPABILITY_MISSING,
    `Missing required client capability: ${needed}. The server needs to send ${method}, and the request did not declare ${needed} in its client capabilities.`,
    { requiredCapabilities: { [capability]: detail === undefined ? {} : { [detail]: {} } } },
  );
}

/** Whether `capabilities` cover `capability` (an empty `elicitation` object means form mode). */
export function declares(capabilities: ClientCapabilities | undefined, capability: AskCapability, detail?: string): boolean {
  const declared = capabilities?.[capability] as Record<string, unknown> | undefined;
  if (declared === undefined || declared === null) return false;
  if (detail === undefined) return true;
  if (capability === "elicitation" && detail === "form" && Object.keys(declared).length === 0) return true;
  return declared[detail] !== undefined;
}

/** What the 2025 asker needs of the SDK Server. */
export type AskingServer = Pick<Server, "getClientCapabilities" | "elicitInput" | "createMessage" | "listRoots">;

/** The 2025 era: each question is the SDK's own server→client request, related to this request. */
export class LegacyAsker implements AskClient {
  readonly era = "legacy";
  readonly round = 0;

  constructor(
    private readonly server: AskingServer,
    private readonly extra: HandlerExtra,
    private readonly timeoutMs: number,
  ) {}

  can(capability: AskCapability): boolean {
    return declares(this.server.getClientCapabilities(), capability);
  }

  private options() {
    return { relatedRequestId: this.extra.requestId, signal: this.extra.signal, timeout: this.timeoutMs };
  }

  async elicit(_key: string, params: ElicitRequestParams): Promise<ElicitResult> {
    const mode = params.mode ?? "form";
    if (!declares(this.server.getClientCapabilities(), "elicitation", mode)) throw missingCapability("elicitation", "elicitation/create", mode).toWire();
    return this.server.elicitInput(params, this.options());
  }

  async createMessage(_key: string, params: CreateMessageRequestParamsBase): Promise<CreateMessageResult> {
    if (!this.can("sampling")) throw missingCapability("sampling", "sampling/createMessage").toWire();
    return this.server.createMessage(params, this.options());
  }

  async listRoots(_key: string): Promise<ListRootsResult> {
    if (!this.can("roots")) throw missingCapability("roots", "roots/list").toWire();
    return this.server.listRoots(undefined, this.options());
  }
}
