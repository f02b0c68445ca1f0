// What a relayed call's spans cost was cut (issue 33, foya's relay with export on): a span reads no
// clock of its own (the operation's start and end readings serve the duration histogram and the
// span alike), timestamps are written to the microsecond, a relay's client span finds its parent
// in the traceparent minted just before without parsing it again, and a request's operation rides
// on its own requestInfo object instead of a WeakMap entry. These pin what a user relies on through
// those changes: one duration for span and histogram, parents read exactly as before (and a header
// that is not the minted one still validated), one trace context per request of an HTTP batch, and
// the caller's objects left as they were. Real OTLP/HTTP receiver on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { MetricsRegistry } from "../src/metrics-registry";
import { ClientOperations } from "../src/observers/client-operations";
import { ServerOperations } from "../src/observers/server-operations";
import { startOtlpExport } from "../src/otlp/otlp-bridge";
import { unixNanos } from "../src/otlp/otlp-json";
import { parentFrom, traceparentOf } from "../src/otlp/span-ids";
import { operationFacts } from "../src/semconv";
import { startTelemetry, Telemetry } from "../src/telemetry";
import { traceParentOf } from "../src/trace-parent";

let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";

describe("span timestamps", () => {
  it("are decimal nanoseconds to the microsecond", () => {
    expect(unixNanos(1733400000123 + 0.4567)).toBe("1733400000123457000");
    expect(unixNanos(1733400000123)).toBe("1733400000123000000");
    expect(unixNanos(1733400000123 + 0.9996)).toBe("1733400000124000000");
  });

  it("give the span the same duration the histogram records, inside the call's wall-clock window", async () => {
    const service = "one-clock-test";
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: service };
    const telemetry = new Telemetry(startOtlpExport({ traces: true, metrics: true, metricExportIntervalMs: 60_000 }, { name: "t", version: "1" }, env, new MetricsRegistry()));
    const facts = operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo" } });
    if (!facts) throw new Error("not a request");
    const before = BigInt(Math.floor(performance.timeOrigin + performance.now())) * 1_000_000n;
    const operation = telemetry.startOperation("server", facts, { transport: "pipe" });
    await new Promise((resolve) => setImmediate(resolve));
    operation.end({});
    const after = BigInt(Math.ceil(performance.timeOrigin + performance.now())) * 1_000_000n;
    await telemetry.shutdown();
    const span = receiver.spans.find((candidate) => candidate.service === service);
    const histogram = receiver.metrics.find((metric) => metric.service === service && metric.name === "mcp.server.operation.duration");
    const point = histogram?.points[0] as { sum?: number } | undefined;
    if (!span || point?.sum === undefined) throw new Error("the span or the histogram did not arrive");
    const start = BigInt(span.startTimeUnixNano);
    const end = BigInt(span.endTimeUnixNano);
    expect(start >= before && end <= after && end >= start).toBe(true);
    // Both ends rounded to the microsecond: the two durations agree within one.
    expect(Math.abs(Number(end - start) - point.sum * 1e9)).toBeLessThanOrEqual(1000);
  });
});

describe("a parent read from params._meta", () => {
  it("is the span whose traceparent was just minted, with the carrier's own tracestate and baggage", () => {
    const minted = traceparentOf(TRACE, SPAN, true);
    expect(parentFrom({ traceparent: minted, tracestate: "vendor=1", baggage: "" })).toEqual({ traceId: TRACE, spanId: SPAN, sampled: true, tracestate: "vendor=1", baggage: undefined });
    const unsampled = traceparentOf(TRACE, SPAN, false);
    expect(parentFrom({ traceparent: unsampled })?.sampled).toBe(false);
    // An equal header that arrived as another string is the same parent.
    expect(parentFrom({ traceparent: `00-${TRACE}-${SPAN}-00` })).toEqual(parentFrom({ traceparent: unsampled }));
  });

  it("is still validated when it is not the header minted last", () => {
    traceparentOf(TRACE, SPAN, true);
    expect(parentFrom({ traceparent: "" })).toBeUndefined();
    expect(parentFrom({ traceparent: `00-${TRACE.toUpperCase()}-${SPAN}-01` })).toBeUndefined();
    expect(parentFrom({ traceparent: `00-${"0".repeat(32)}-${SPAN}-01` })).toBeUndefined();
    expect(parentFrom({ traceparent: `ff-${TRACE}-${SPAN}-01` })).toBeUndefined();
    expect(parentFrom({ traceparent: ` 00-${TRACE}-${"1".repeat(16)}-01 ` })).toEqual({ traceId: TRACE, spanId: "1".repeat(16), sampled: true, tracestate: undefined, baggage: undefined });
  });
});

describe("a request's trace context handed to its handler", () => {
  it("is each request's own when an HTTP batch shares one requestInfo, and the transport's objects stay untouched", async () => {
    const telemetry = await startTelemetry({ service: { name: "batch-filing-test", version: "1" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: "none" } });
    const observer = new ServerOperations({ transport: "tcp" });
    const shared = { requestInfo: { headers: { "x-batch": "1" } }, authInfo: { token: "t", clientId: "c", scopes: [] } };
    const request = (id: number) => ({ jsonrpc: "2.0" as const, id, method: "tools/call", params: { name: "echo", _meta: { traceparent: `00-${TRACE}-${SPAN}-01` } } });
    const first = observer.received(request(1), shared, undefined);
    const second = observer.received(request(2), shared, undefined);
    const [firstTrace, secondTrace] = [traceParentOf(first), traceParentOf(second)];
    expect(firstTrace?.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    expect(secondTrace?.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    expect(firstTrace?.traceparent).not.toBe(secondTrace?.traceparent);
    expect(first?.requestInfo?.headers).toEqual({ "x-batch": "1" });
    expect(first?.authInfo).toBe(shared.authInfo);
    expect(Object.getOwnPropertySymbols(shared.requestInfo)).toEqual([]);
    expect(JSON.stringify(first?.requestInfo)).toBe('{"headers":{"x-batch":"1"}}');
    // A request delivered with no extra (stdio) gets one of its own.
    expect(traceParentOf(observer.received(request(3), undefined, undefined))?.traceparent).toMatch(/^00-/);
    await telemetry.shutdown();
  });
});

describe("an upstream request sent with export on", () => {
  it("leaves with the client span's traceparent and the caller's _meta entries, the caller's objects unchanged", async () => {
    const telemetry = await startTelemetry({ service: { name: "inject-test", version: "1" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: "none" } });
    const observer = new ClientOperations({ transport: "pipe", upstream: "up" });
    const serverSide = traceparentOf(TRACE, SPAN, true);
    const params = { name: "echo", arguments: { text: "hi" }, _meta: { traceparent: serverSide, progressToken: 7 } };
    const message = { jsonrpc: "2.0" as const, id: 1, method: "tools/call", params };
    const sent = observer.sending(message, undefined) as typeof message;
    expect(sent.params._meta.traceparent).toMatch(new RegExp(`^00-${TRACE}-(?!${SPAN})[0-9a-f]{16}-01$`));
    expect(sent.params._meta.progressToken).toBe(7);
    expect(sent.params.arguments).toBe(params.arguments);
    expect(message.params).toBe(params);
    expect(params._meta).toEqual({ traceparent: serverSide, progressToken: 7 });
    observer.received({ jsonrpc: "2.0", id: 1, result: { content: [] } });
    await telemetry.shutdown();
    const span = receiver.spans.find((candidate) => candidate.service === "inject-test");
    expect(span?.parentSpanId).toBe(SPAN);
    expect(sent.params._meta.traceparent).toBe(`00-${TRACE}-${span?.spanId}-01`);
  });
});
