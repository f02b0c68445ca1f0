// Types of otlp-receiver.mjs for the TypeScript tests that import it.
/** One span as it arrived, flattened. */
export interface ReceivedSpan {
  service: string | undefined;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP SpanKind: 2 server, 3 client. */
  kind: number;
  status: { code?: number; message?: string };
  /** Decimal nanoseconds since the epoch, as sent. */
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: Record<string, unknown>;
}
/** One metric as it arrived. */
export interface ReceivedMetric {
  service: string | undefined;
  name: string;
  unit: string | undefined;
  type: "histogram" | "sum" | "gauge";
  points: Array<{ attributes: Record<string, unknown>; count?: string | number; explicitBounds?: number[] }>;
}
/** A running receiver. */
export interface OtlpReceiver {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  metrics: ReceivedMetric[];
  /** Requests it could not decode (each a sentence). */
  rejected: string[];
  close(): Promise<void>;
}
/** Starts an OTLP/HTTP (JSON) receiver on 127.0.0.1. */
export declare function startOtlpReceiver(): Promise<OtlpReceiver>;
