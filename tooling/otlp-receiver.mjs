// A real OTLP/HTTP receiver for tests: listens on 127.0.0.1, accepts POST /v1/traces and
// /v1/metrics in the OTLP JSON encoding (what @opentelemetry/exporter-*-otlp-http send), answers
// 200 like a collector, and keeps what arrived, flattened: spans with their resource's
// service.name and attributes as a plain object, metrics with name, unit and data points.
// Anything it cannot decode (protobuf, a bad body) is kept in `rejected` and answered 400.
import http from "node:http";

function valueOf(any) {
  if (any === undefined || any === null) return undefined;
  if ("stringValue" in any) return any.stringValue;
  if ("intValue" in any) return Number(any.intValue);
  if ("doubleValue" in any) return any.doubleValue;
  if ("boolValue" in any) return any.boolValue;
  if ("arrayValue" in any) return (any.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributesOf(list) {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, valueOf(entry.value)]));
}

function spansOf(body) {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service: resource["service.name"],
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || undefined,
        name: span.name,
        kind: span.kind,
        status: span.status ?? {},
        startTimeUnixNano: span.startTimeUnixNano,
        endTimeUnixNano: span.endTimeUnixNano,
        attributes: attributesOf(span.attributes),
      })),
    );
  });
}

function metricsOf(body) {
  return (body.resourceMetrics ?? []).flatMap((resourceMetrics) => {
    const resource = attributesOf(resourceMetrics.resource?.attributes);
    return (resourceMetrics.scopeMetrics ?? []).flatMap((scope) =>
      (scope.metrics ?? []).map((metric) => {
        const data = metric.histogram ?? metric.sum ?? metric.gauge ?? {};
        return {
          service: resource["service.name"],
          name: metric.name,
          unit: metric.unit,
          type: metric.histogram ? "histogram" : metric.sum ? "sum" : "gauge",
          points: (data.dataPoints ?? []).map((point) => ({ ...point, attributes: attributesOf(point.attributes) })),
        };
      }),
    );
  });
}

/** Starts a receiver; `url` is what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
export async function startOtlpReceiver() {
  const spans = [];
  const metrics = [];
  const rejected = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const type = String(req.headers["content-type"] ?? "");
      try {
        if (req.method !== "POST" || !type.startsWith("application/json")) throw new Error(`${req.method} ${req.url} as ${type}`);
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (req.url === "/v1/traces") spans.push(...spansOf(body));
        else if (req.url === "/v1/metrics") metrics.push(...metricsOf(body));
        else throw new Error(`unexpected path ${req.url}`);
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      } catch (error) {
        rejected.push(error.message);
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ message: error.message }));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    metrics,
    rejected,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
