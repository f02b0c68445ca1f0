// Why asking the client for input (SEP-2322 input-required results) failed, with a stable code
// each, and the JSON-RPC error each becomes: -32602 for what the client sent (a state that fails
// verification, answers that are not results, past a bound), -32021 for a question the client
// did not declare it can answer, -32603 for a handler that asked where the revision allows no
// question. Neighbours: request-state.ts (the state), client-asking.ts (the rounds).
import { CodedError } from "@foundry-mcp/core";
import type { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { ModernErrorCode } from "../eras/envelope";
import { protocolError } from "../protocol-error";

/** Stable codes of {@link InputRequestError}. */
export const InputErrorCode = {
  /** requestState is not one this server sealed (altered, truncated, or from another server or key). */
  STATE_INVALID: "INPUT_STATE_INVALID",
  /** requestState is older than its time to live. */
  STATE_EXPIRED: "INPUT_STATE_EXPIRED",
  /** requestState belongs to another request (method, target, arguments) or another principal. */
  STATE_MISMATCH: "INPUT_STATE_MISMATCH",
  /** requestState was used already (each answers one question once), or is no longer outstanding. */
  STATE_USED: "INPUT_STATE_USED",
  /** requestState (received or to send) is larger than the bound. */
  STATE_TOO_LARGE: "INPUT_STATE_TOO_LARGE",
  /** inputResponses is not an object of results, or one answer is not the result its question asks for. */
  RESPONSES_INVALID: "INPUT_RESPONSES_INVALID",
  /** inputResponses is larger than the bound. */
  RESPONSES_TOO_LARGE: "INPUT_RESPONSES_TOO_LARGE",
  /** The request asked for input more rounds than the bound. */
  ROUNDS_EXCEEDED: "INPUT_ROUNDS_EXCEEDED",
  /** One round asked more questions than the bound. */
  TOO_MANY_REQUESTS: "INPUT_TOO_MANY_REQUESTS",
  /** The question needs a client capability the request did not declare. */
  CAPABILITY_MISSING: "INPUT_CAPABILITY_MISSING",
  /** The handler asked on a method that cannot ask, or reused a key for another question. */
  NOT_ALLOWED: "INPUT_NOT_ALLOWED",
} as const;

/** One of the {@link InputErrorCode} values. */
export type InputErrorCode = (typeof InputErrorCode)[keyof typeof InputErrorCode];

const WIRE_CODE: Readonly<Record<InputErrorCode, number>> = {
  INPUT_STATE_INVALID: -32602,
  INPUT_STATE_EXPIRED: -32602,
  INPUT_STATE_MISMATCH: -32602,
  INPUT_STATE_USED: -32602,
  INPUT_STATE_TOO_LARGE: -32602,
  INPUT_RESPONSES_INVALID: -32602,
  INPUT_RESPONSES_TOO_LARGE: -32602,
  INPUT_ROUNDS_EXCEEDED: -32602,
  INPUT_TOO_MANY_REQUESTS: -32603,
  INPUT_CAPABILITY_MISSING: ModernErrorCode.MissingRequiredClientCapability,
  INPUT_NOT_ALLOWED: -32603,
};

/** A failure to ask the client for input; `data` goes to the wire beside the code. */
export class InputRequestError extends CodedError<InputErrorCode> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/server-kit.InputRequestError");
  override readonly name = "InputRequestError";

  constructor(
    code: InputErrorCode,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(code, message);
  }

  /** The JSON-RPC error a client gets: the sentence as is, `data.code` the stable code. */
  toWire(): McpError {
    return protocolError(WIRE_CODE[this.code] as ErrorCode, this.message, { ...this.data, code: this.code });
  }
}
