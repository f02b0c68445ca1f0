// One Telemetry per process: the MCP operations (server side and client side) measured once and
// written to both places, the in-process MetricsRegistry (always: /metrics) and, when the
// OTEL_* environment turns it on, spans and histograms exported over OTLP/HTTP (otlp/, loaded then).
// Apps call `startTelemetry` once at start-up; server-kit and client-manager reach the same
// instance through `currentTelemetry()`, so a library user who never starts it pays only the
// local metrics.
import { DurationSeries } from "./duration-series";
import { MetricsRegistry, type Metric } from "./metrics-registry";
import { otelSettingsFrom } from "./otel-env";
import { NOT_SET, type BridgeSpan, type OtelBridge, type ServiceIdentity } from "./bridge";
import type { TraceParent } from "./trace-context";
import { firstSeenToolLabels, type ToolLabeler } from "./tool-labels";
import { McpAttribute, MCP_DURATION_BUCKETS_SECONDS, type NetworkTransport, type OperationFacts, type OperationOutcome } from "./semconv";

/** Where an operation was observed. */
export type OperationSide = "server" | "client";

/** Context of an operation beyond its message. */
export interface OperationContext {
  transport: NetworkTransport;
  sessionId?: string | undefined;
  protocolVersion?: string | undefined;
  /** Client side: the configured upstream's name (a Prometheus label; not a convention attribute). */
  upstream?: string | undefined;
}

/** One measured request, from its arrival (or sending) to its answer. */
export interface Operation {
  /** True when the operation has a span (spans are exported). */
  readonly traced: boolean;
  /** Client side: writes traceparent into the outgoing request's params._meta. */
  inject(carrier: Record<string, unknown>): void;
  /** The span's trace context, to parent the calls made for it; undefined without a span. */
  traceParent(): TraceParent | undefined;
  end(outcome: OperationOutcome): void;
}

class MeasuredOperation implements Operation {
  private ended = false;

  constructor(
    private readonly telemetry: Telemetry,
    private readonly side: OperationSide,
    private readonly facts: OperationFacts,
    private readonly context: OperationContext,
    /** performance.now() at the start: the one clock reading the duration and the span share. */
    private readonly started: number,
    private readonly span: BridgeSpan | undefined,
  ) {}

  get traced(): boolean {
    return this.span !== undefined;
  }

  traceParent(): TraceParent | undefined {
    if (!this.span) return undefined;
    // inject writes exactly a TraceParent's fields (traceparent, and tracestate and baggage when the parent had them).
    const parent: Record<string, unknown> = {};
    this.span.inject(parent);
    return typeof parent.traceparent === "string" ? (parent as unknown as TraceParent) : undefined;
  }

  inject(carrier: Record<string, unknown>): void {
    this.span?.inject(carrier);
  }

  end(outcome: OperationOutcome): void {
    if (this.ended) return;
    this.ended = true;
    const endedAt = performance.now();
    this.span?.end(outcome, endedAt);
    this.telemetry.finish(this.side, this.facts, this.context, outcome, (endedAt - this.started) / 1000);
  }
}

/**
 * The process's telemetry. Construct through `startTelemetry` (or `new Telemetry()` for metrics only).
 *
 * @example const operation = currentTelemetry().startOperation("server", facts, { transport: "pipe" }); …; operation.end(outcomeOf(answer));
 */
export class Telemetry {
  readonly metrics: MetricsRegistry;
  private readonly durations: Record<OperationSide, DurationSeries>;
  private readonly refusals: Metric;
  // Each side its own: a server knows the tools it serves, a client the names its upstreams answer to.
  private readonly toolLabels: Record<OperationSide, ToolLabeler> = { server: firstSeenToolLabels(), client: firstSeenToolLabels() };

  /**
   * False when nothing can read a measurement: no OTLP export and no /metrics in this process
   * (`localMetrics: false`). The observers then skip every request, so measuring costs nothing.
   */
  readonly measuring: boolean;
  // False in a process with no /metrics route: the registry's series would never be read.
  private readonly localMetrics: boolean;

  constructor(
    private readonly bridge: OtelBridge | undefined = undefined,
    metrics: MetricsRegistry = new MetricsRegistry(),
    options: { localMetrics?: boolean } = {},
  ) {
    this.metrics = metrics;
    this.localMetrics = options.localMetrics !== false;
    this.measuring = bridge !== undefined || this.localMetrics;
    const server = metrics.histogram({
      name: "mcp_server_operation_duration_seconds",
      help: "MCP requests as observed on the receiver, from arrival to answer (mcp.server.operation.duration).",
      buckets: MCP_DURATION_BUCKETS_SECONDS,
    });
    const client = metrics.histogram({
      name: "mcp_client_operation_duration_seconds",
      help: "MCP requests to upstream servers, from sending to the answer (mcp.client.operation.duration).",
      buckets: MCP_DURATION_BUCKETS_SECONDS,
    });
    this.durations = {
      server: new DurationSeries(server, (_scope, method, tool, errorType) => ({ mcp_method_name: method, gen_ai_tool_name: tool, error_type: errorType })),
      client: new DurationSeries(client, (upstream, method, tool, errorType) => ({ mcp_method_name: method, gen_ai_tool_name: tool, error_type: errorType, upstream })),
    };
    this.refusals = metrics.counter({ name: "mcp_server_refusals_total", help: "Requests answered with a JSON-RPC error or an isError result, by code." });
  }

  /**
   * Sets how a called tool name becomes the gen_ai_tool_name metric label: an app that knows its
   * tools maps every other name to OTHER_TOOL_LABEL, so clients cannot add series at will.
   * `side` is the side it labels (default the server's: the names clients send).
   */
  labelToolsWith(labeler: ToolLabeler, side: OperationSide = "server"): void {
    this.toolLabels[side] = labeler;
  }

  /** True when spans and OTLP metrics are exported. */
  get exporting(): boolean {
    return this.bridge !== undefined;
  }

  /**
   * Starts measuring one request. `facts.meta` (params._meta) names the span's parent: on the
   * server side the client's traceparent, on the client side the served request's (TraceParent).
   */
  startOperation(side: OperationSide, facts: OperationFacts, context: OperationContext): Operation {
    const started = performance.now();
    // The exporter names the span and writes the attributes its duration histogram shares (encoded once per series).
    const span = this.bridge?.startSpan(side, facts, context.transport, context.protocolVersion, started);
    if (span?.recording) {
      // Written straight into the span's encoding: no attribute object per span.
      if (facts.requestId !== undefined) span.setAttribute(McpAttribute.REQUEST_ID, facts.requestId);
      if (context.sessionId !== undefined) span.setAttribute(McpAttribute.SESSION_ID, context.sessionId);
      if (facts.resourceUri !== undefined) span.setAttribute(McpAttribute.RESOURCE_URI, facts.resourceUri);
    }
    return new MeasuredOperation(this, side, facts, context, started, span);
  }

  /** @internal Called by an operation's end. */
  finish(side: OperationSide, facts: OperationFacts, context: OperationContext, outcome: OperationOutcome, seconds: number): void {
    const toolLabel = facts.toolName === undefined ? undefined : this.toolLabels[side](facts.toolName);
    if (this.localMetrics) {
      this.durations[side].of(side === "client" ? (context.upstream ?? "") : "", facts.method, toolLabel ?? "", outcome.errorType ?? "").observe(seconds);
      if (side === "server" && outcome.errorType !== undefined) this.refusals.inc({ code: outcome.refusalCode ?? outcome.errorType });
    }
    if (!this.bridge) return;
    // Metric attributes are the low-cardinality ones (no request id, session id or URI), named by
    // their values: the exporter builds them only for a series it has not seen (no key string or
    // attribute object per operation).
    this.bridge.recordDuration(side, seconds, [
      facts.method,
      context.transport,
      toolLabel ?? NOT_SET,
      facts.promptName ?? NOT_SET,
      facts.protocolVersion ?? context.protocolVersion ?? NOT_SET,
      outcome.errorType ?? NOT_SET,
      outcome.statusCode ?? NOT_SET,
    ]);
  }

  /** Flushes and stops the exporters (call before the process exits). */
  async shutdown(): Promise<void> {
    await this.bridge?.shutdown();
  }
}

const GLOBAL_KEY = Symbol.for("@foundry-mcp/telemetry.current");
type TelemetryGlobal = { [GLOBAL_KEY]?: Telemetry };

/** The process's Telemetry (a metrics-only one until `startTelemetry` ran). */
export function currentTelemetry(): Telemetry {
  const holder = globalThis as TelemetryGlobal;
  return (holder[GLOBAL_KEY] ??= new Telemetry());
}

/** Options of startTelemetry. */
export interface StartTelemetryOptions {
  service: ServiceIdentity;
  /** The environment to read OTEL_* from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * False for a process that serves no /metrics (a stdio server): with OTLP export off as well,
   * nothing could read a measurement, so requests are not measured at all. Default true.
   */
  localMetrics?: boolean;
}

/**
 * Reads the OTEL_* environment, starts the OTLP exporters when it asks for export and makes the
 * result `currentTelemetry()`. Throws OtelSettingsError on a setting it cannot honour.
 *
 * @example const telemetry = await startTelemetry({ service: { name: "amicited-gateway", version } });
 */
export async function startTelemetry(options: StartTelemetryOptions): Promise<Telemetry> {
  const env = options.env ?? process.env;
  const settings = otelSettingsFrom(env);
  const metrics = (globalThis as TelemetryGlobal)[GLOBAL_KEY]?.metrics ?? new MetricsRegistry();
  const bridge = settings ? (await import("./otlp/otlp-bridge")).startOtlpExport(settings, options.service, env, metrics) : undefined;
  const telemetry = new Telemetry(bridge, metrics, { localMetrics: options.localMetrics !== false });
  (globalThis as TelemetryGlobal)[GLOBAL_KEY] = telemetry;
  return telemetry;
}
