// The OpenTelemetry side, loaded only when otel-env.ts says export is on. Every @opentelemetry
// package is reached through a dynamic import() here and nowhere else, so a process with
// telemetry off never loads one (the apps keep them external: see the apps' tsup configs), and
// foundry-server's one-file bundle still runs with no node_modules beside it while it is off.
// Spans go out through the OTLP/HTTP JSON trace exporter behind a BatchSpanProcessor, metrics
// through a PeriodicExportingMetricReader. No context manager is registered: on Node 20 the
// AsyncLocalStorage one installs promise hooks that tax every promise in the process (foya's relay
// CPU +22% with export off but the hooks on). A span's parent always travels explicitly instead,
// as a W3C traceparent in params._meta: the client's on a server span, the served request's
// (trace-parent.ts, passed down the call path) on a client span.
import type { Context, Histogram, Span, Tracer } from "@opentelemetry/api";
import type { OtelSettings } from "./otel-env";
import { OTEL_INSTALL_COMMAND } from "./otel-packages";
import { MCP_DURATION_BUCKETS_SECONDS } from "./semconv";

/**
 * A span's or a measurement's attributes. Our own type, not @opentelemetry/api's: the package's
 * declarations then name no OpenTelemetry package, which a library user need not install.
 */
export type SpanAttributes = Record<string, string | number | boolean>;

/** A started span as the rest of the package sees it. */
export interface BridgeSpan {
  /** Writes traceparent/tracestate for this span into `carrier` (a request's params._meta). */
  inject(carrier: Record<string, unknown>): void;
  end(attributes: SpanAttributes, errorMessage: string | undefined): void;
}

/** The loaded SDK, reduced to what Telemetry needs. */
export interface OtelBridge {
  /** `carrier` (the request's params._meta) holds the parent's traceparent, if any. */
  startSpan(kind: "server" | "client", name: string, attributes: SpanAttributes, carrier: Record<string, unknown> | undefined): BridgeSpan | undefined;
  recordDuration(side: "server" | "client", seconds: number, attributes: SpanAttributes): void;
  shutdown(): Promise<void>;
}

/** Who is reporting: the resource's default service.name and service.version. */
export interface ServiceIdentity {
  name: string;
  version: string;
}

const CARRIER_GETTER = {
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
  get: (carrier: Record<string, unknown>, key: string) => {
    const value = carrier[key];
    return typeof value === "string" ? value : undefined;
  },
};

const CARRIER_SETTER = {
  set: (carrier: Record<string, unknown>, key: string, value: string) => {
    carrier[key] = value;
  },
};

async function importOrExplain<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new Error(
      `OpenTelemetry export is on (OTEL_* environment) but ${name} could not be loaded: ${(error as Error).message}. The OpenTelemetry packages are optional peer dependencies, not installed with this program: install them where it is installed with \`${OTEL_INSTALL_COMMAND}\`, or unset OTEL_EXPORTER_OTLP_ENDPOINT / set OTEL_SDK_DISABLED=true.`,
      { cause: error },
    );
  }
}

/**
 * Loads the SDK and starts the providers.
 *
 * @example const bridge = await loadOtel(settings, { name: "amicited-gateway", version: "0.1.0" });
 */
export async function loadOtel(settings: OtelSettings, service: ServiceIdentity): Promise<OtelBridge> {
  const api = await importOrExplain("@opentelemetry/api", () => import("@opentelemetry/api"));
  const core = await importOrExplain("@opentelemetry/core", () => import("@opentelemetry/core"));
  const resources = await importOrExplain("@opentelemetry/resources", () => import("@opentelemetry/resources"));
  const propagator = new core.CompositePropagator({ propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()] });
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over the program's own name.
  const resource = resources
    .resourceFromAttributes({ "service.name": service.name, "service.version": service.version })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));

  let tracer: Tracer | undefined;
  let shutdownTraces = async (): Promise<void> => undefined;
  if (settings.traces) {
    const tracing = await importOrExplain("@opentelemetry/sdk-trace-base", () => import("@opentelemetry/sdk-trace-base"));
    const exporter = await importOrExplain("@opentelemetry/exporter-trace-otlp-http", () => import("@opentelemetry/exporter-trace-otlp-http"));
    // The sampler (OTEL_TRACES_SAMPLER, default parentbased_always_on) and the batch settings
    // (OTEL_BSP_*) come from the environment through the SDK itself.
    const provider = new tracing.BasicTracerProvider({
      resource,
      spanProcessors: [new tracing.BatchSpanProcessor(new exporter.OTLPTraceExporter())],
    });
    tracer = provider.getTracer("@foundry-mcp/telemetry", service.version);
    shutdownTraces = () => provider.shutdown();
  }

  const histograms: Partial<Record<"server" | "client", Histogram>> = {};
  let shutdownMetrics = async (): Promise<void> => undefined;
  if (settings.metrics) {
    const sdkMetrics = await importOrExplain("@opentelemetry/sdk-metrics", () => import("@opentelemetry/sdk-metrics"));
    const exporter = await importOrExplain("@opentelemetry/exporter-metrics-otlp-http", () => import("@opentelemetry/exporter-metrics-otlp-http"));
    const provider = new sdkMetrics.MeterProvider({
      resource,
      readers: [
        new sdkMetrics.PeriodicExportingMetricReader({
          exporter: new exporter.OTLPMetricExporter(),
          exportIntervalMillis: settings.metricExportIntervalMs,
          exportTimeoutMillis: Math.min(30_000, settings.metricExportIntervalMs),
        }),
      ],
    });
    const meter = provider.getMeter("@foundry-mcp/telemetry", service.version);
    const advice = { explicitBucketBoundaries: [...MCP_DURATION_BUCKETS_SECONDS] };
    histograms.server = meter.createHistogram("mcp.server.operation.duration", {
      unit: "s",
      description: "MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.",
      advice,
    });
    histograms.client = meter.createHistogram("mcp.client.operation.duration", {
      unit: "s",
      description: "The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.",
      advice,
    });
    shutdownMetrics = () => provider.shutdown();
  }

  // The span's context keeps what the parent's carrier brought besides it (baggage), so inject passes it on.
  const wrap = (span: Span, parent: Context): BridgeSpan => {
    const spanContext: Context = api.trace.setSpan(parent, span);
    return {
      inject: (carrier) => propagator.inject(spanContext, carrier, CARRIER_SETTER),
      end: (attributes, errorMessage) => {
        span.setAttributes(attributes);
        if (attributes["error.type"] !== undefined)
          span.setStatus({ code: api.SpanStatusCode.ERROR, ...(errorMessage === undefined ? {} : { message: errorMessage }) });
        span.end();
      },
    };
  };

  return {
    startSpan(kind, name, attributes, carrier) {
      if (!tracer) return undefined;
      // The parent is the traceparent in params._meta (the convention): on a server span the
      // client's, on a client span the served request's span, which the caller put there
      // (TraceParent); without one the span starts a trace.
      const parent = carrier ? propagator.extract(api.ROOT_CONTEXT, carrier, CARRIER_GETTER) : api.ROOT_CONTEXT;
      const span = tracer.startSpan(name, { kind: kind === "server" ? api.SpanKind.SERVER : api.SpanKind.CLIENT, attributes }, parent);
      return wrap(span, parent);
    },
    recordDuration(side, seconds, attributes) {
      histograms[side]?.record(seconds, attributes);
    },
    async shutdown() {
      await Promise.allSettled([shutdownTraces(), shutdownMetrics()]);
    },
  };
}
