// The seam between Telemetry (telemetry.ts) and the exporting side (otlp/otlp-bridge.ts, built
// only when the OTEL_* environment turns export on): what a span and the exporter look like to
// the rest of the package.
import type { AttributeWriter, NetworkTransport, OperationFacts } from "./semconv";

/** A span's or a measurement's attributes. */
export type SpanAttributes = Record<string, string | number | boolean>;

/** How an operation ended, as its span records it (the convention's error.type and status code). */
export interface SpanEnding {
  errorType?: string | undefined;
  statusCode?: string | undefined;
  message?: string | undefined;
}

/** A started span as the rest of the package sees it. */
export interface BridgeSpan extends AttributeWriter {
  /** False for a span the sampler dropped: its attributes would go nowhere. */
  readonly recording: boolean;
  /** Writes traceparent (and the parent's tracestate and baggage) for this span into `carrier` (a request's params._meta). */
  inject(carrier: Record<string, unknown>): void;
  /** Ends the span at `endedAt` (performance.now() milliseconds: the operation's own clock read). */
  end(ending: SpanEnding, endedAt: number): void;
}

/** The exporter, reduced to what Telemetry needs. */
export interface OtelBridge {
  /**
   * The span of the operation `facts` describes, named and with the convention's attributes it
   * shares with the duration histogram written (semconv.ts; the per-request ones are the caller's
   * to set). `facts.meta` (the request's params._meta) holds the parent's traceparent, if any;
   * `startedAt` is the operation's start (performance.now() milliseconds), so a span reads no
   * clock of its own.
   */
  startSpan(kind: "server" | "client", facts: OperationFacts, transport: NetworkTransport, protocolVersion: string | undefined, startedAt: number): BridgeSpan | undefined;
  /** Records one operation's duration in the histogram series its attribute values name. */
  recordDuration(side: "server" | "client", seconds: number, series: DurationSeriesValues): void;
  shutdown(): Promise<void>;
}

/** Stands for an attribute the operation does not have (no attribute value is this string). */
export const NOT_SET = "\u0001";

/** A series value as the attribute value it stands for: undefined for NOT_SET. */
export const givenValue = (value: string): string | undefined => (value === NOT_SET ? undefined : value);

/** The operation a series' values describe (NOT_SET where absent; no per-request facts), to write its convention attributes from. */
export function seriesFacts(method: string, toolName: string, promptName: string, protocolVersion: string): OperationFacts {
  return { method, toolName: givenValue(toolName), promptName: givenValue(promptName), protocolVersion: givenValue(protocolVersion), requestId: undefined, resourceUri: undefined, meta: undefined };
}

/**
 * What a duration histogram's series is made of, in this order: the values of its attributes
 * (the convention's low-cardinality ones; the tool as its metric label), NOT_SET where absent.
 * The exporter builds the attributes from them once per series (otlp/duration-histograms.ts).
 */
export type DurationSeriesValues = readonly [
  method: string,
  transport: NetworkTransport,
  toolLabel: string,
  promptName: string,
  protocolVersion: string,
  errorType: string,
  statusCode: string,
];

/** Who is reporting: the resource's default service.name and service.version. */
export interface ServiceIdentity {
  name: string;
  version: string;
}
