// What the OTLP exporters read from OpenTelemetry's standard environment once otel-env.ts has said
// export is on: per signal the endpoint, headers and timeout (OTEL_EXPORTER_OTLP_* and the
// _TRACES_/_METRICS_ variants, which win), the span batching bounds (OTEL_BSP_*), the sampler
// (OTEL_TRACES_SAMPLER(+_ARG)) and the resource (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES), read
// the way the OpenTelemetry specification says. A value we cannot honour is an OtelSettingsError
// naming the variable, the bound and the fix.
import { OtelSettingsError } from "../otel-env";
import { samplerFrom, type Sampler } from "./sampler";

/** Where and how one signal is posted. */
export interface SignalTarget {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** Span batching bounds (the batch span processor's OTEL_BSP_* settings). */
export interface BatchBounds {
  maxQueueSize: number;
  maxExportBatchSize: number;
  scheduleDelayMs: number;
  exportTimeoutMs: number;
}

/** Everything the exporters need besides on/off. */
export interface ExportSettings {
  traces: SignalTarget;
  metrics: SignalTarget;
  batch: BatchBounds;
  sampler: Sampler;
  /** Resource attributes from OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME (they win over the program's). */
  resource: Record<string, string>;
}

const DEFAULT_ENDPOINT = "http://localhost:4318";
const DEFAULT_TIMEOUT_MS = 10_000;

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, minimum: number): number {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < minimum)
    throw new OtelSettingsError(`${name}=${value} is not a whole number of at least ${minimum}; unset it for the default ${fallback}.`);
  return parsed;
}

/** `key=value,key2=value2` with percent-encoded values (W3C baggage style), as both variables are written. */
function keyValueList(env: NodeJS.ProcessEnv, name: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const entry of (setting(env, name) ?? "").split(",")) {
    if (entry.trim() === "") continue;
    const equals = entry.indexOf("=");
    const key = equals < 1 ? "" : entry.slice(0, equals).trim();
    if (key === "") throw new OtelSettingsError(`${name} has "${entry.trim()}", not key=value; write it as key1=value1,key2=value2.`);
    try {
      found[key] = decodeURIComponent(entry.slice(equals + 1).trim());
    } catch {
      throw new OtelSettingsError(`${name} has a badly percent-encoded value for ${key}; encode % as %25.`);
    }
  }
  return found;
}

function targetOf(env: NodeJS.ProcessEnv, signal: "TRACES" | "METRICS", path: string): SignalTarget {
  const own = setting(env, `OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`);
  // The signal's own endpoint is used as it is; the shared one gets the signal's path appended.
  const url = own ?? `${(setting(env, "OTEL_EXPORTER_OTLP_ENDPOINT") ?? DEFAULT_ENDPOINT).replace(/\/+$/, "")}${path}`;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(parsed.protocol);
  } catch {
    const name = own === undefined ? "OTEL_EXPORTER_OTLP_ENDPOINT" : `OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`;
    throw new OtelSettingsError(`${name} gives ${url}, not an http:// or https:// URL; point it at the collector's OTLP/HTTP port, e.g. http://127.0.0.1:4318.`);
  }
  const timeoutMs = wholeNumber(env, `OTEL_EXPORTER_OTLP_${signal}_TIMEOUT`, wholeNumber(env, "OTEL_EXPORTER_OTLP_TIMEOUT", DEFAULT_TIMEOUT_MS, 1), 1);
  const headers = { ...keyValueList(env, "OTEL_EXPORTER_OTLP_HEADERS"), ...keyValueList(env, `OTEL_EXPORTER_OTLP_${signal}_HEADERS`) };
  return { url, headers, timeoutMs };
}

function batchBoundsOf(env: NodeJS.ProcessEnv): BatchBounds {
  const maxQueueSize = wholeNumber(env, "OTEL_BSP_MAX_QUEUE_SIZE", 2048, 1);
  const maxExportBatchSize = wholeNumber(env, "OTEL_BSP_MAX_EXPORT_BATCH_SIZE", 512, 1);
  if (maxExportBatchSize > maxQueueSize)
    throw new OtelSettingsError(`OTEL_BSP_MAX_EXPORT_BATCH_SIZE=${maxExportBatchSize} is more than OTEL_BSP_MAX_QUEUE_SIZE=${maxQueueSize}; a batch is taken from the queue, so keep it at most the queue size.`);
  return {
    maxQueueSize,
    maxExportBatchSize,
    scheduleDelayMs: wholeNumber(env, "OTEL_BSP_SCHEDULE_DELAY", 5000, 0),
    exportTimeoutMs: wholeNumber(env, "OTEL_BSP_EXPORT_TIMEOUT", 30_000, 1),
  };
}

function resourceOf(env: NodeJS.ProcessEnv): Record<string, string> {
  const resource = keyValueList(env, "OTEL_RESOURCE_ATTRIBUTES");
  const serviceName = setting(env, "OTEL_SERVICE_NAME");
  if (serviceName !== undefined) resource["service.name"] = serviceName;
  return resource;
}

/**
 * The exporters' settings from `env` (call only when export is on).
 *
 * @example exportSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" }).traces.url // "http://127.0.0.1:4318/v1/traces"
 */
export function exportSettingsFrom(env: NodeJS.ProcessEnv): ExportSettings {
  return {
    traces: targetOf(env, "TRACES", "/v1/traces"),
    metrics: targetOf(env, "METRICS", "/v1/metrics"),
    batch: batchBoundsOf(env),
    sampler: samplerFrom(setting(env, "OTEL_TRACES_SAMPLER"), setting(env, "OTEL_TRACES_SAMPLER_ARG")),
    resource: resourceOf(env),
  };
}
