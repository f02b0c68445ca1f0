// The exporter reads OpenTelemetry's standard variables as the specification says (issue 33: our
// own OTLP exporter replaced the SDK's, so these rules are ours to keep): the shared endpoint gets
// the signal's path, a signal's own endpoint is used as given, headers and resource attributes are
// percent-decoded key=value lists, the built-in samplers by name, and a bad value names itself.
import { describe, expect, it } from "vitest";
import { exportSettingsFrom } from "../src/otlp/export-settings";
import { samplerFrom } from "../src/otlp/sampler";
import { parentFrom } from "../src/otlp/span-ids";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

describe("exportSettingsFrom", () => {
  it("appends /v1/traces and /v1/metrics to the shared endpoint and takes a signal's own endpoint as it is", () => {
    const settings = exportSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/", OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: "https://m:443/custom" });
    expect(settings.traces.url).toBe("http://c:4318/v1/traces");
    expect(settings.metrics.url).toBe("https://m:443/custom");
    expect(exportSettingsFrom({}).traces.url).toBe("http://localhost:4318/v1/traces");
  });

  it("merges headers (the signal's win), reads timeouts, batch bounds and the resource", () => {
    const settings = exportSettingsFrom({
      OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20abc,x-tenant=one",
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: "x-tenant=two",
      OTEL_EXPORTER_OTLP_TIMEOUT: "2000",
      OTEL_EXPORTER_OTLP_METRICS_TIMEOUT: "500",
      OTEL_BSP_MAX_QUEUE_SIZE: "100",
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "10",
      OTEL_BSP_SCHEDULE_DELAY: "50",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=prod,service.name=from-attributes",
      OTEL_SERVICE_NAME: "from-name",
    });
    expect(settings.traces.headers).toEqual({ authorization: "Bearer abc", "x-tenant": "two" });
    expect(settings.metrics.headers).toEqual({ authorization: "Bearer abc", "x-tenant": "one" });
    expect([settings.traces.timeoutMs, settings.metrics.timeoutMs]).toEqual([2000, 500]);
    expect(settings.batch).toEqual({ maxQueueSize: 100, maxExportBatchSize: 10, scheduleDelayMs: 50, exportTimeoutMs: 30_000 });
    expect(settings.resource).toEqual({ "deployment.environment": "prod", "service.name": "from-name" });
  });

  it("refuses what it cannot honour, naming the variable and the fix", () => {
    expect(() => exportSettingsFrom({ OTEL_BSP_MAX_QUEUE_SIZE: "0" })).toThrow("OTEL_BSP_MAX_QUEUE_SIZE=0 is not a whole number of at least 1; unset it for the default 2048.");
    expect(() => exportSettingsFrom({ OTEL_BSP_MAX_QUEUE_SIZE: "10", OTEL_BSP_MAX_EXPORT_BATCH_SIZE: "20" })).toThrow(
      "OTEL_BSP_MAX_EXPORT_BATCH_SIZE=20 is more than OTEL_BSP_MAX_QUEUE_SIZE=10; a batch is taken from the queue, so keep it at most the queue size.",
    );
    expect(() => exportSettingsFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      "OTEL_EXPORTER_OTLP_ENDPOINT gives collector:4318/v1/traces, not an http:// or https:// URL; point it at the collector's OTLP/HTTP port, e.g. http://127.0.0.1:4318.",
    );
    expect(() => exportSettingsFrom({ OTEL_EXPORTER_OTLP_HEADERS: "novalue" })).toThrow('OTEL_EXPORTER_OTLP_HEADERS has "novalue", not key=value; write it as key1=value1,key2=value2.');
    expect(() => exportSettingsFrom({ OTEL_TRACES_SAMPLER: "sometimes" })).toThrow(
      "OTEL_TRACES_SAMPLER=sometimes is not supported: use one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio (default parentbased_always_on).",
    );
    expect(() => exportSettingsFrom({ OTEL_TRACES_SAMPLER: "traceidratio", OTEL_TRACES_SAMPLER_ARG: "2" })).toThrow(
      "OTEL_TRACES_SAMPLER_ARG=2 is not a probability between 0 and 1 (e.g. 0.25 samples a quarter of traces); unset it for 1.",
    );
  });
});

describe("samplerFrom", () => {
  it("follows a parent's sampled flag when parent-based, and the root sampler without a parent", () => {
    const byDefault = samplerFrom(undefined, undefined);
    expect([byDefault(TRACE, undefined), byDefault(TRACE, true), byDefault(TRACE, false)]).toEqual([true, true, false]);
    const parentOff = samplerFrom("parentbased_always_off", undefined);
    expect([parentOff(TRACE, undefined), parentOff(TRACE, true)]).toEqual([false, true]);
    const always = samplerFrom("always_on", undefined);
    expect(always(TRACE, false)).toBe(true);
    expect(samplerFrom("always_off", undefined)(TRACE, true)).toBe(false);
  });

  it("samples a trace id by ratio the same way every time, by its last 52 bits", () => {
    const quarter = samplerFrom("traceidratio", "0.25");
    expect(quarter(`${"f".repeat(19)}0000000000000`, undefined)).toBe(true);
    expect(quarter(`${"0".repeat(19)}3ffffffffffff`, undefined)).toBe(true);
    expect(quarter(`${"0".repeat(19)}4000000000000`, undefined)).toBe(false);
    expect(samplerFrom("parentbased_traceidratio", "0")(TRACE, true)).toBe(true);
    expect(samplerFrom("parentbased_traceidratio", "0")(TRACE, undefined)).toBe(false);
  });
});

describe("parentFrom", () => {
  it("reads a W3C traceparent with its tracestate and baggage", () => {
    expect(parentFrom({ traceparent: `00-${TRACE}-00f067aa0ba902b7-01`, tracestate: "k=v", baggage: "tenant=acme" })).toEqual({
      traceId: TRACE,
      spanId: "00f067aa0ba902b7",
      sampled: true,
      tracestate: "k=v",
      baggage: "tenant=acme",
    });
    expect(parentFrom({ traceparent: `01-${TRACE}-00f067aa0ba902b7-00-later` })?.sampled).toBe(false);
  });

  it("ignores a malformed or invalid one (the span then starts a trace)", () => {
    for (const traceparent of [
      `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`,
      `00-${"0".repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE}-${"0".repeat(16)}-01`,
      `ff-${TRACE}-00f067aa0ba902b7-01`,
      `00-${TRACE}-00f067aa0ba902b7-01-extra`,
      `00-${TRACE}-00f067aa0ba902b7`,
      42,
    ])
      expect(parentFrom({ traceparent }), String(traceparent)).toBeUndefined();
  });
});
