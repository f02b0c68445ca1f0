// The OTLP/HTTP JSON encoding (opentelemetry-proto's JSON mapping: hex trace and span ids, 64-bit
// integers and nanosecond times as decimal strings, enum values as numbers) of the records this
// package keeps: finished spans (encoded as each ends, into the export queue's bytes) and cumulative
// duration histograms (encoded at export).
import type { SpanAttributes } from "../bridge";

/** A span, as the recorder keeps it until it ends and is encoded (spanText). */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  /** The span's name and OTLP SpanKind (2 server, 3 client), encoded: `"name":…,"kind":…` (spanHeadText). */
  head: string;
  /** Epoch milliseconds (fractional). */
  startMs: number;
  endMs: number;
  /** The attributes already encoded, comma-separated (attributeText each), in the order set. */
  attributesText: string;
  /** Set when the operation failed (status ERROR). */
  error: boolean;
  errorMessage: string | undefined;
}

/** One histogram series (one attribute set), cumulative since `startMs`. */
export interface HistogramPoint {
  attributes: SpanAttributes;
  bucketCounts: number[];
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** One histogram metric with its series. */
export interface HistogramRecord {
  name: string;
  description: string;
  unit: string;
  bounds: readonly number[];
  points: HistogramPoint[];
}

/** Who reports: the resource's attributes and the instrumentation scope. */
export interface Reporter {
  resource: SpanAttributes;
  scope: { name: string; version: string };
}

type AnyValue = { stringValue: string } | { intValue: string } | { doubleValue: number } | { boolValue: boolean };

function anyValue(value: string | number | boolean): AnyValue {
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
}

function keyValues(attributes: SpanAttributes): Array<{ key: string; value: AnyValue }> {
  const list: Array<{ key: string; value: AnyValue }> = [];
  for (const key in attributes) list.push({ key, value: anyValue(attributes[key] as string | number | boolean) });
  return list;
}

// The last whole millisecond written and its digits: a span's two timestamps, and the next span's,
// mostly fall in the same few milliseconds, and a 13-digit number's conversion to text is the
// costly part of writing one (a double past 2^31 takes V8's slow path, a Smi below 1000 the fast one).
let cachedMs = -1;
let cachedMsText = "";
const MICROS_TEXT = Array.from({ length: 1000 }, (_, micros) => `${String(micros).padStart(3, "0")}000`);

/**
 * Epoch milliseconds (fractional) as the decimal string of nanoseconds, to the microsecond: a
 * double near today's epoch in milliseconds holds no finer digit anyway (its step is ~0.24 µs).
 */
export function unixNanos(epochMs: number): string {
  let whole = Math.floor(epochMs);
  let micros = Math.round((epochMs - whole) * 1000);
  if (micros === 1000) {
    whole += 1;
    micros = 0;
  }
  if (whole !== cachedMs) {
    cachedMs = whole;
    cachedMsText = String(whole);
  }
  return cachedMsText + (MICROS_TEXT[micros] as string);
}

const STATUS_UNSET = 0;
const STATUS_ERROR = 2;

// Spans are written as text directly: building an object per span and attribute for
// JSON.stringify doubled the encoding's time, and this runs for every span exported.
const quoted = JSON.stringify;

// Attribute names are a small fixed set (the conventions' and the resource's): each one's encoded
// opening is kept, bounded in case a caller brings many.
const MAX_KEY_OPENINGS = 256;
const keyOpenings = new Map<string, string>();

function keyOpening(key: string): string {
  let opening = keyOpenings.get(key);
  if (opening === undefined) {
    opening = `{"key":${quoted(key)},"value":`;
    if (keyOpenings.size < MAX_KEY_OPENINGS) keyOpenings.set(key, opening);
  }
  return opening;
}

/** One string attribute as an element of OTLP JSON's attribute list, for a span's attributesText. */
export function attributeText(key: string, value: string): string {
  return `${keyOpening(key)}{"stringValue":${quoted(value)}}}`;
}

/**
 * A span's name and kind as they open its JSON after the ids: `"name":"tools/call echo","kind":3`.
 * Joined, not concatenated: the text is one flat string, cheap to copy into every span that
 * shares it (span-openings.ts keeps it; a concatenated one would be re-walked each time).
 */
export function spanHeadText(name: string, kind: 2 | 3): string {
  return ['"name":', quoted(name), ',"kind":', String(kind)].join("");
}

function keyValuesText(attributes: SpanAttributes): string {
  let text = "[";
  for (const key in attributes) {
    const value = attributes[key] as string | number | boolean;
    if (text.length > 1) text += ",";
    text += keyOpening(key);
    if (typeof value === "string") text += `{"stringValue":${quoted(value)}}}`;
    else if (typeof value === "boolean") text += `{"boolValue":${value}}}`;
    else if (Number.isInteger(value)) text += `{"intValue":"${value}"}}`;
    else text += `{"doubleValue":${Number.isFinite(value) ? value : quoted(String(value))}}}`;
  }
  return `${text}]`;
}

/** One span as OTLP JSON (an element of scopeSpans' spans), written when the span ends. */
export function spanText(span: SpanRecord): string {
  const parent = span.parentSpanId === undefined ? "" : `"parentSpanId":"${span.parentSpanId}",`;
  const status = span.error
    ? `{"code":${STATUS_ERROR}${span.errorMessage === undefined ? "" : `,"message":${quoted(span.errorMessage)}`}}`
    : `{"code":${STATUS_UNSET}}`;
  return `{"traceId":"${span.traceId}","spanId":"${span.spanId}",${parent}${span.head},"startTimeUnixNano":"${unixNanos(span.startMs)}","endTimeUnixNano":"${unixNanos(span.endMs)}","attributes":[${span.attributesText}],"status":${status}}`;
}

/**
 * The body of one POST /v1/traces around spans already encoded (comma-separated spanText bytes):
 * made for one reporter, then per batch the list of its pieces in order: head, spans, tail. They
 * are written as they are (one writev), not joined: a fresh ~330 kB Buffer per batch cost ~1.3 ms
 * of CPU in page faults on its new memory (decision 0038).
 *
 * @example const body = spansBody(reporter); post(body([Buffer.from(spanText(record))]));
 */
export function spansBody(reporter: Reporter): (spans: readonly Buffer[]) => Buffer[] {
  const head = Buffer.from(`{"resourceSpans":[{"resource":{"attributes":${keyValuesText(reporter.resource)}},"scopeSpans":[{"scope":${quoted(reporter.scope)},"spans":[`);
  const tail = Buffer.from("]}]}]}");
  return (spans) => [head, ...spans, tail];
}

const TEMPORALITY_CUMULATIVE = 2;

/** The body of one POST /v1/metrics: cumulative histograms from `startMs` to `nowMs`. */
export function encodeHistograms(reporter: Reporter, histograms: readonly HistogramRecord[], startMs: number, nowMs: number): string {
  const start = unixNanos(startMs);
  const now = unixNanos(nowMs);
  const metrics = histograms
    .filter((histogram) => histogram.points.length > 0)
    .map((histogram) => ({
      name: histogram.name,
      description: histogram.description,
      unit: histogram.unit,
      histogram: {
        aggregationTemporality: TEMPORALITY_CUMULATIVE,
        dataPoints: histogram.points.map((point) => ({
          attributes: keyValues(point.attributes),
          startTimeUnixNano: start,
          timeUnixNano: now,
          count: String(point.count),
          sum: point.sum,
          min: point.min,
          max: point.max,
          bucketCounts: point.bucketCounts.map(String),
          explicitBounds: histogram.bounds,
        })),
      },
    }));
  return JSON.stringify({ resourceMetrics: [{ resource: { attributes: keyValues(reporter.resource) }, scopeMetrics: [{ scope: reporter.scope, metrics }] }] });
}
