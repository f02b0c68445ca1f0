// Export is on only when OpenTelemetry's standard variables ask for it; settings the OTLP/HTTP
// JSON exporters cannot honour are refused with the variable and the fix named.
import { describe, expect, it } from "vitest";
import { otelSettingsFrom } from "../src/otel-env";

describe("otelSettingsFrom", () => {
  it("is off with no OTEL_* variables, and off again with OTEL_SDK_DISABLED=true", () => {
    expect(otelSettingsFrom({})).toBeUndefined();
    expect(otelSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" })).toBeUndefined();
    expect(otelSettingsFrom({ OTEL_SERVICE_NAME: "gw" })).toBeUndefined();
  });

  it("turns on traces and metrics with an endpoint, each alone with its own endpoint or exporter", () => {
    expect(otelSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" })).toEqual({ traces: true, metrics: true, metricExportIntervalMs: 60_000 });
    expect(otelSettingsFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces" })).toEqual({ traces: true, metrics: false, metricExportIntervalMs: 60_000 });
    expect(otelSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_METRICS_EXPORTER: "none", OTEL_METRIC_EXPORT_INTERVAL: "500" })).toEqual({ traces: true, metrics: false, metricExportIntervalMs: 500 });
    expect(otelSettingsFrom({ OTEL_TRACES_EXPORTER: "otlp" })).toEqual({ traces: true, metrics: false, metricExportIntervalMs: 60_000 });
  });

  it("refuses gRPC, other exporters and a bad export interval by name", () => {
    expect(() => otelSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4317", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" })).toThrow(
      "OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: telemetry is sent as OTLP over HTTP (JSON). Set OTEL_EXPORTER_OTLP_PROTOCOL=http/json or unset it, and point OTEL_EXPORTER_OTLP_ENDPOINT at the collector's OTLP/HTTP port (usually 4318).",
    );
    expect(() => otelSettingsFrom({ OTEL_TRACES_EXPORTER: "zipkin" })).toThrow('OTEL_TRACES_EXPORTER=zipkin is not supported: use "otlp" (OTLP over HTTP) or "none".');
    expect(() => otelSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_METRIC_EXPORT_INTERVAL: "soon" })).toThrow(
      "OTEL_METRIC_EXPORT_INTERVAL=soon is not a whole number of milliseconds of at least 1; the default is 60000.",
    );
  });
});
