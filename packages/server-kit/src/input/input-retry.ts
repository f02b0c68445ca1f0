// The two fields a 2026-07-28 client's retry carries beside the request's own params
// (`inputResponses`, `requestState`, SEP-2322). The SDK 1.32.2 request schemas strip params they
// do not know before a handler sees them, but keep `_meta` whole, so the era router moves both
// fields under one private `_meta` key on the way in (and drops that key when a client sent it
// itself); ClientAsking reads them there. Neighbours: eras/era-router.ts, client-asking.ts.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { isJsonObject } from "@foundry-mcp/core";

/** The private `_meta` key the retry fields travel under, inside this process only. */
export const INPUT_RETRY_META_KEY = "dev.foundry-mcp/input-retry";

/** What a retry carried; each field as the client sent it (checked by ClientAsking). */
export interface InputRetry {
  inputResponses?: unknown;
  requestState?: unknown;
}

/** `message` with its retry fields (if any) under {@link INPUT_RETRY_META_KEY}; a modern request only. */
export function withInputRetry(message: JSONRPCMessage): JSONRPCMessage {
  const params = (message as { params?: unknown }).params;
  if (!isJsonObject(params) || !isJsonObject(params._meta)) return message;
  const { [INPUT_RETRY_META_KEY]: smuggled, ...meta } = params._meta;
  const retry: InputRetry = {};
  if (Object.hasOwn(params, "inputResponses")) retry.inputResponses = params.inputResponses;
  if (Object.hasOwn(params, "requestState")) retry.requestState = params.requestState;
  const carries = Object.keys(retry).length > 0;
  if (!carries && smuggled === undefined) return message;
  return { ...message, params: { ...params, _meta: carries ? { ...meta, [INPUT_RETRY_META_KEY]: retry } : meta } } as JSONRPCMessage;
}

/** The retry fields the router moved into `_meta` (empty when the request is not a retry). */
export function readInputRetry(params: unknown): InputRetry {
  if (!isJsonObject(params) || !isJsonObject(params._meta)) return {};
  const retry = params._meta[INPUT_RETRY_META_KEY];
  return isJsonObject(retry) ? retry : {};
}
