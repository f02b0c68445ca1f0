// What the operator's log says about one HTTP request, read from its already parsed JSON-RPC body:
// the method, the tool a tools/call names, the trace id of a W3C traceparent the client put in
// params._meta (or sent as a header), and the request ids a refusal must answer.
import { asJsonObject } from "@foundry-mcp/core";

/** The log fields and the ids of one request body. */
export interface RequestFacts {
  method?: string;
  tool?: string;
  traceId?: string;
  /** Ids of the requests in the body (a batch has several; notifications none). */
  ids: (string | number)[];
}

// version-traceid-parentid-flags; an all-zero trace id is invalid by the W3C spec.
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The trace id of a traceparent value, or undefined when it is not a valid one. */
export function traceIdOf(traceparent: unknown): string | undefined {
  if (typeof traceparent !== "string") return undefined;
  const traceId = TRACEPARENT.exec(traceparent.trim())?.[1];
  return traceId && !/^0+$/.test(traceId) ? traceId : undefined;
}

/** The facts of `body` (one message or a batch: the first message names method and tool). */
export function requestFactsOf(body: unknown, traceparentHeader?: string): RequestFacts {
  const messages = (Array.isArray(body) ? body : [body]).map(asJsonObject).filter((message) => message !== undefined);
  const first = messages[0];
  const params = asJsonObject(first?.params);
  const meta = asJsonObject(params?._meta);
  const facts: RequestFacts = {
    ids: messages.map((message) => message.id).filter((id): id is string | number => typeof id === "string" || typeof id === "number"),
  };
  if (typeof first?.method === "string") facts.method = first.method;
  if (facts.method === "tools/call" && typeof params?.name === "string") facts.tool = params.name;
  const traceId = traceIdOf(meta?.traceparent) ?? traceIdOf(traceparentHeader);
  if (traceId) facts.traceId = traceId;
  return facts;
}
