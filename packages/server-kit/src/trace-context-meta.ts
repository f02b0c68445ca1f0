// W3C trace context as it travels in a request's `params._meta` (the MCP semantic conventions'
// propagation): `traceparent`, `tracestate` and `baggage`, each a string. A traced client sends
// such a `_meta` on every request, so the hand-written checks that spare the common request the
// SDK's zod schemas (jsonrpc-frames.ts isPlainRequest, eras/plain-tool-call.ts) accept it: the
// schemas keep it unchanged (`_meta` is a loose object whose known keys are progressToken and the
// related task), and nothing on the server reads it but the telemetry observer, on the wire.

/** The W3C trace context a request may carry in `params._meta`. */
export interface TraceContextMeta {
  traceparent?: string;
  tracestate?: string;
  baggage?: string;
}

// baggage travels with traceparent in OpenTelemetry's propagators, and telemetry passes it on
// upstream as it does tracestate.
function isTraceContextKey(key: string): key is keyof TraceContextMeta {
  return key === "traceparent" || key === "tracestate" || key === "baggage";
}

/**
 * Whether `meta` (already known to be a JSON object with no own `__proto__`) holds nothing but
 * trace context strings; an empty object does too.
 */
export function holdsOnlyTraceContext(meta: Record<string, unknown>): meta is TraceContextMeta & Record<string, unknown> {
  for (const key of Object.keys(meta)) if (!isTraceContextKey(key) || typeof meta[key] !== "string") return false;
  return true;
}
