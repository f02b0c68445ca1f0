// Whether OpenTelemetry export is on, read from OpenTelemetry's standard environment variables
// only (no flag of our own): on when an OTLP endpoint is named (OTEL_EXPORTER_OTLP_ENDPOINT or a
// per-signal one) or OTEL_TRACES_EXPORTER / OTEL_METRICS_EXPORTER says "otlp", and OTEL_SDK_DISABLED
// is not "true". Everything else (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG),
// OTEL_BSP_*, OTEL_EXPORTER_OTLP_HEADERS, …) is read by the SDK pieces themselves.

/** What the environment asks for. */
export interface OtelSettings {
  traces: boolean;
  metrics: boolean;
  /** OTEL_METRIC_EXPORT_INTERVAL in ms (default 60000). */
  metricExportIntervalMs: number;
}

/** A setting the OTLP/HTTP JSON exporters cannot honour; the message names the variable and the fix. */
export class OtelSettingsError extends Error {
  override readonly name = "OtelSettingsError";
}

const SUPPORTED_PROTOCOL = "http/json";

function exportersOf(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== "");
}

function checkProtocol(env: NodeJS.ProcessEnv, name: string): void {
  const value = env[name]?.trim();
  // http/protobuf is the spec's default name; a collector's OTLP/HTTP receiver takes JSON too.
  if (value === undefined || value === "" || value === SUPPORTED_PROTOCOL || value === "http/protobuf") return;
  throw new OtelSettingsError(
    `${name}=${value} is not supported: telemetry is sent as OTLP over HTTP (JSON). Set ${name}=http/json or unset it, and point OTEL_EXPORTER_OTLP_ENDPOINT at the collector's OTLP/HTTP port (usually 4318).`,
  );
}

function checkExporters(name: string, exporters: string[]): void {
  for (const exporter of exporters) {
    if (exporter !== "otlp" && exporter !== "none")
      throw new OtelSettingsError(`${name}=${exporter} is not supported: use "otlp" (OTLP over HTTP) or "none".`);
  }
}

/**
 * The settings from `env`, or undefined when export is off (the default).
 *
 * @example otelSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }) // { traces: true, metrics: true, … }
 */
export function otelSettingsFrom(env: NodeJS.ProcessEnv): OtelSettings | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  const traceExporters = exportersOf(env.OTEL_TRACES_EXPORTER);
  const metricExporters = exportersOf(env.OTEL_METRICS_EXPORTER);
  checkExporters("OTEL_TRACES_EXPORTER", traceExporters);
  checkExporters("OTEL_METRICS_EXPORTER", metricExporters);
  const endpoint = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
  const traces = !traceExporters.includes("none") && (traceExporters.includes("otlp") || endpoint || Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()));
  const metrics = !metricExporters.includes("none") && (metricExporters.includes("otlp") || endpoint || Boolean(env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT?.trim()));
  if (!traces && !metrics) return undefined;
  for (const name of ["OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL"]) checkProtocol(env, name);
  const interval = env.OTEL_METRIC_EXPORT_INTERVAL?.trim();
  const metricExportIntervalMs = interval ? Number(interval) : 60_000;
  if (!Number.isInteger(metricExportIntervalMs) || metricExportIntervalMs < 1)
    throw new OtelSettingsError(`OTEL_METRIC_EXPORT_INTERVAL=${interval} is not a whole number of milliseconds of at least 1; the default is 60000.`);
  return { traces, metrics, metricExportIntervalMs };
}
