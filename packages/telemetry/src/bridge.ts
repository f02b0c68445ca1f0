// The seam between Telemetry (telemetry.ts) and the exporting side (otlp/otlp-bridge.ts, built
// only when the OTEL_* environment turns export on): what a span and the exporter look like to
// the rest of the package.

/** A span's or a measurement's attributes. */
export type SpanAttributes = Record<string, string | number | boolean>;

/** A started span as the rest of the package sees it. */
export interface BridgeSpan {
  /** Writes traceparent (and the parent's tracestate and baggage) for this span into `carrier` (a request's params._meta). */
  inject(carrier: Record<string, unknown>): void;
  end(attributes: SpanAttributes, errorMessage: string | undefined): void;
}

/** The exporter, reduced to what Telemetry needs. */
export interface OtelBridge {
  /** `carrier` (the request's params._meta) holds the parent's traceparent, if any. */
  startSpan(kind: "server" | "client", name: string, attributes: SpanAttributes, carrier: Record<string, unknown> | undefined): BridgeSpan | undefined;
  /** `seriesKey` names the attribute set `attributesOf` builds (called only for a series not seen yet). */
  recordDuration(side: "server" | "client", seconds: number, seriesKey: string, attributesOf: () => SpanAttributes): void;
  shutdown(): Promise<void>;
}

/** Who is reporting: the resource's default service.name and service.version. */
export interface ServiceIdentity {
  name: string;
  version: string;
}
