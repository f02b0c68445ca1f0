// Export by our own recorder and OTLP/HTTP JSON encoder, no OpenTelemetry SDK: a span is a plain
// record while it runs (span-recorder.ts) and its OTLP JSON bytes once it ended, in a bounded queue
// that posts them in batches (batch-queue.ts, encoded-spans.ts, OTEL_BSP_* bounds), and the duration histograms are aggregated here and posted
// every OTEL_METRIC_EXPORT_INTERVAL. The SDK's Span objects, span processors and serialiser cost
// a relayed call about 70 µs of CPU (issue 33's profile); this path keeps only what the
// conventions need. What the operator can tune is read from the standard variables
// (export-settings.ts). Failures and drops are counted on /metrics, never thrown at a request.
import type { OtelBridge, ServiceIdentity } from "../bridge";
import type { MetricsRegistry } from "../metrics-registry";
import type { OtelSettings } from "../otel-env";
import { MCP_DURATION_BUCKETS_SECONDS } from "../semconv";
import { BatchQueue } from "./batch-queue";
import { DurationHistogram } from "./duration-histograms";
import { exportSettingsFrom } from "./export-settings";
import { encodeHistograms, spanText, spansBody, type Reporter } from "./otlp-json";
import { otlpPoster, type RequestBody } from "./otlp-http";
import { SpanRecorder } from "./span-recorder";

/** The instrumentation scope named in every export. */
export const SCOPE_NAME = "@foundry-mcp/telemetry";

/** Most attribute sets one OTLP histogram keeps. */
const MAX_HISTOGRAM_SERIES = 2000;

/**
 * Starts exporting as `settings` and `env` say.
 *
 * @example const bridge = startOtlpExport(settings, { name: "foya", version }, process.env, registry);
 */
export function startOtlpExport(settings: OtelSettings, service: ServiceIdentity, env: NodeJS.ProcessEnv, metrics: MetricsRegistry): OtelBridge {
  const exportSettings = exportSettingsFrom(env);
  const reporter: Reporter = {
    resource: { "service.name": service.name, "service.version": service.version, "telemetry.sdk.language": "nodejs", ...exportSettings.resource },
    scope: { name: SCOPE_NAME, version: service.version },
  };
  const dropped = metrics.counter({ name: "foundry_otel_spans_dropped_total", help: "Spans not exported because the export queue held OTEL_BSP_MAX_QUEUE_SIZE spans." });
  const failures = metrics.counter({ name: "foundry_otel_export_failures_total", help: "OTLP export requests that failed (collector unreachable, non-2xx answer or timeout), by signal." });
  // Only the exported signals' endpoints: their schemes decide which of node:http and node:https load.
  const postTo = otlpPoster([...(settings.traces ? [exportSettings.traces] : []), ...(settings.metrics ? [exportSettings.metrics] : [])]);
  const post = (signal: "traces" | "metrics", body: RequestBody, timeoutMs?: number) =>
    postTo(exportSettings[signal], body, timeoutMs).catch(() => failures.inc({ signal }));

  let recorder: SpanRecorder | undefined;
  let queue: BatchQueue | undefined;
  if (settings.traces) {
    const timeoutMs = Math.min(exportSettings.traces.timeoutMs, exportSettings.batch.exportTimeoutMs);
    const body = spansBody(reporter);
    const spanQueue = new BatchQueue(exportSettings.batch, (batch) => post("traces", body(batch.bytes()), timeoutMs), () => dropped.inc());
    queue = spanQueue;
    // A span is encoded as it ends: only its bytes wait for the batch (encoded-spans.ts says why).
    recorder = new SpanRecorder(exportSettings.sampler, (record) => spanQueue.add(spanText(record)));
  }

  let histograms: Record<"server" | "client", DurationHistogram> | undefined;
  let exportMetrics = async (): Promise<void> => undefined;
  let timer: NodeJS.Timeout | undefined;
  if (settings.metrics) {
    const onDropped = (name: string) => () => metrics.noteDroppedSeries(name);
    const made = {
      server: new DurationHistogram(
        "mcp.server.operation.duration",
        "MCP request or notification duration as observed on the receiver from the time it was received until the result or ack is sent.",
        MCP_DURATION_BUCKETS_SECONDS,
        MAX_HISTOGRAM_SERIES,
        onDropped("mcp.server.operation.duration"),
      ),
      client: new DurationHistogram(
        "mcp.client.operation.duration",
        "The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.",
        MCP_DURATION_BUCKETS_SECONDS,
        MAX_HISTOGRAM_SERIES,
        onDropped("mcp.client.operation.duration"),
      ),
    };
    histograms = made;
    const startMs = Date.now();
    exportMetrics = async () => {
      const records = [made.server.snapshot(), made.client.snapshot()];
      if (records.every((record) => record.points.length === 0)) return;
      await post("metrics", encodeHistograms(reporter, records, startMs, Date.now()), Math.min(exportSettings.metrics.timeoutMs, settings.metricExportIntervalMs));
    };
    timer = setInterval(() => void exportMetrics(), settings.metricExportIntervalMs).unref();
  }

  return {
    startSpan: (kind, facts, transport, protocolVersion, startedAt) => recorder?.startSpan(kind, facts, transport, protocolVersion, startedAt),
    recordDuration(side, seconds, series) {
      histograms?.[side].record(seconds, series);
    },
    async shutdown() {
      clearInterval(timer);
      await Promise.allSettled([queue?.flush(), exportMetrics()]);
    },
  };
}
