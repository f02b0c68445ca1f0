// A span's name, kind and convention attributes come encoded from a cache kept per span kind and
// series (decision 0041): the JSON a span is exported as must be exactly what encoding each span
// on its own gives (the same text as JSON.stringify of the OTLP span, attributes in the
// convention's order, the per-request and outcome ones after), whichever series and kinds
// alternate, and past the cache's bound, where an opening is encoded for its span and not kept.
import { describe, expect, it } from "vitest";
import { spanText } from "../src/otlp/otlp-json";
import { samplerFrom } from "../src/otlp/sampler";
import { SpanRecorder } from "../src/otlp/span-recorder";
import { SpanOpenings } from "../src/otlp/span-openings";
import { McpAttribute, operationFacts, type NetworkTransport } from "../src/semconv";

const PARENT_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_SPAN = "00f067aa0ba902b7";
const STARTED = 1000.25;
const ENDED = 1003.5;

function nanos(performanceMs: number): string {
  const micros = Math.round((performance.timeOrigin + performanceMs) * 1000);
  return `${micros}000`;
}

interface Call {
  kind: "server" | "client";
  method: string;
  params: Record<string, unknown>;
  transport: NetworkTransport;
  protocolVersion?: string;
  failed?: boolean;
}

/** Every call's span as exported, and the span as each is expected: OTLP JSON written by JSON.stringify. */
function exportedAndExpected(calls: readonly Call[], openings?: SpanOpenings): { exported: string[]; expected: string[] } {
  const exported: string[] = [];
  const recorder = new SpanRecorder(samplerFrom("always_on", undefined), (record) => exported.push(spanText(record)), openings);
  const expected = calls.map((call, index) => {
    const meta = { traceparent: `00-${PARENT_TRACE}-${PARENT_SPAN}-01` };
    const facts = operationFacts({ jsonrpc: "2.0", id: index, method: call.method, params: { ...call.params, _meta: meta } });
    if (!facts) throw new Error("not a request");
    const span = recorder.startSpan(call.kind, facts, call.transport, call.protocolVersion, STARTED);
    span.setAttribute(McpAttribute.REQUEST_ID, String(index));
    span.end(call.failed ? { errorType: "tool_error", message: `"${index}" failed` } : {}, ENDED);
    const text = exported.at(-1) as string;
    const { spanId } = JSON.parse(text) as { spanId: string };
    const target = facts.toolName ?? facts.promptName;
    const attributes: Array<[string, string]> = [
      [McpAttribute.METHOD, call.method],
      [McpAttribute.NETWORK_TRANSPORT, call.transport],
      ...(call.transport === "tcp" ? ([[McpAttribute.NETWORK_PROTOCOL, "http"]] as Array<[string, string]>) : []),
      ...(facts.toolName !== undefined ? ([[McpAttribute.TOOL_NAME, facts.toolName], [McpAttribute.OPERATION_NAME, "execute_tool"]] as Array<[string, string]>) : []),
      ...(facts.promptName !== undefined ? ([[McpAttribute.PROMPT_NAME, facts.promptName]] as Array<[string, string]>) : []),
      ...(call.protocolVersion !== undefined ? ([[McpAttribute.PROTOCOL_VERSION, call.protocolVersion]] as Array<[string, string]>) : []),
      [McpAttribute.REQUEST_ID, String(index)],
      ...(call.failed ? ([[McpAttribute.ERROR_TYPE, "tool_error"]] as Array<[string, string]>) : []),
    ];
    return JSON.stringify({
      traceId: PARENT_TRACE,
      spanId,
      parentSpanId: PARENT_SPAN,
      name: target === undefined ? call.method : `${call.method} ${target}`,
      kind: call.kind === "server" ? 2 : 3,
      startTimeUnixNano: nanos(STARTED),
      endTimeUnixNano: nanos(ENDED),
      attributes: attributes.map(([key, value]) => ({ key, value: { stringValue: value } })),
      status: call.failed ? { code: 2, message: `"${index}" failed` } : { code: 0 },
    });
  });
  return { exported, expected };
}

const CALLS: Call[] = [
  { kind: "server", method: "tools/call", params: { name: "mcp__ev0__echo" }, transport: "pipe", protocolVersion: "2025-11-25" },
  { kind: "client", method: "tools/call", params: { name: "echo" }, transport: "pipe", protocolVersion: "2025-11-25" },
  { kind: "server", method: "tools/call", params: { name: 'say "é😀"' }, transport: "tcp" },
  { kind: "client", method: "tools/call", params: { name: "mcp__ev0__echo" }, transport: "pipe", protocolVersion: "2025-11-25", failed: true },
  { kind: "server", method: "prompts/get", params: { name: "greet\n" }, transport: "tcp", protocolVersion: "2025-06-18" },
  { kind: "server", method: "resources/read", params: { uri: "file:///a" }, transport: "pipe" },
  { kind: "server", method: "tools/call", params: { name: "mcp__ev0__echo" }, transport: "pipe", protocolVersion: "2025-11-25" },
  { kind: "server", method: "tools/call", params: { name: "mcp__ev0__echo" }, transport: "tcp", protocolVersion: "2025-11-25" },
  { kind: "client", method: "tools/call", params: { name: "echo" }, transport: "pipe", protocolVersion: "2025-11-25", failed: true },
];

describe("span openings encoded once per kind and series", () => {
  it("export every span exactly as encoding it alone gives, series and kinds alternating", () => {
    const { exported, expected } = exportedAndExpected([...CALLS, ...CALLS]);
    expect(exported).toEqual(expected);
  });

  it("export the same text past the cache's bound, where a series' opening is not kept", () => {
    const { exported, expected } = exportedAndExpected([...CALLS, ...CALLS], new SpanOpenings(2));
    expect(exported).toEqual(expected);
  });

  it("keep one opening per series and kind: a repeated series is the same text, a new one is not", () => {
    const openings = new SpanOpenings();
    const facts = (name: string) => operationFacts({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name } });
    const echo = facts("echo");
    const other = facts("other");
    if (!echo || !other) throw new Error("not a request");
    const first = openings.of(3, echo, "pipe", "2025-11-25");
    expect(openings.of(3, facts("echo") ?? echo, "pipe", "2025-11-25")).toBe(first);
    expect(openings.of(2, echo, "pipe", "2025-11-25")).not.toBe(first);
    expect(openings.of(3, echo, "pipe", undefined)).not.toBe(first);
    expect(openings.of(3, other, "pipe", "2025-11-25").head).toBe('"name":"tools/call other","kind":3');
  });
});
