// The W3C trace context a span hands on: its own module, so the telemetry core and the
// request-to-span filing (trace-parent.ts) both name it without importing each other.

/** A span's W3C trace context, as it travels in params._meta. */
export interface TraceParent {
  traceparent: string;
  tracestate?: string;
  /** W3C baggage the served request brought, passed on with it. */
  baggage?: string;
}
