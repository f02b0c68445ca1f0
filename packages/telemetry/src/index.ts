// @foundry-mcp/telemetry — the one public door: MCP operations measured by the OpenTelemetry MCP
// semantic conventions (spans and duration histograms over OTLP/HTTP, on only when the standard
// OTEL_* variables ask, the SDK loaded then and only then) and the same measurements on a
// Prometheus /metrics route that needs no OpenTelemetry package.
export { Telemetry, currentTelemetry, startTelemetry } from "./telemetry";
export type { Operation, OperationContext, OperationSide, StartTelemetryOptions } from "./telemetry";
export { firstSeenToolLabels, MAX_DEFAULT_TOOL_LABELS, OTHER_TOOL_LABEL } from "./tool-labels";
export type { ToolLabeler } from "./tool-labels";
export { MetricsRegistry, Metric, DEFAULT_MAX_SERIES_PER_METRIC } from "./metrics-registry";
export type { BoundSeries, Labels, MetricKind, MetricOptions } from "./metrics-registry";
export { createMetricsRoute, METRICS_PATH } from "./metrics-endpoint";
export type { MetricsRoute, MetricsRouteOptions } from "./metrics-endpoint";
export { otelSettingsFrom, OtelSettingsError } from "./otel-env";
export type { OtelSettings } from "./otel-env";
export type { ServiceIdentity } from "./bridge";
export { McpAttribute, MCP_DURATION_BUCKETS_SECONDS, MCP_SEMCONV_VERSION, operationFacts, outcomeOf, spanNameOf } from "./semconv";
export type { NetworkTransport, OperationFacts, OperationOutcome } from "./semconv";
export { ServerOperations } from "./observers/server-operations";
export type { ServerOperationsOptions } from "./observers/server-operations";
export { ClientOperations } from "./observers/client-operations";
export type { ClientOperationsOptions } from "./observers/client-operations";
export { TracedServerTransport } from "./transports/traced-server-transport";
export type { TracedServerOptions } from "./transports/traced-server-transport";
export { TracedClientTransport } from "./transports/traced-client-transport";
export type { TracedClientOptions } from "./transports/traced-client-transport";
export { traceParentOf } from "./trace-parent";
export type { TraceParent } from "./trace-context";
export { MAX_PENDING_OPERATIONS } from "./observers/pending-operations";
