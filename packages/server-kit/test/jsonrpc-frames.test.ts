// isPlainRequest lets LineStdioTransport skip the SDK's message schema, isPlainResponse lets a
// client's transport (client-manager's stdio) do so for the answers it reads: neither may say yes
// to a value the schema would refuse or change. Checked against the schema itself on hand-made
// edge cases and on thousands of generated messages.
import { describe, expect, it } from "vitest";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { checkMessage, isPlainRequest, isPlainResponse } from "../src/jsonrpc-frames";
import { seeded } from "./__fixtures__/seeded";

const cases: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "memory_search", arguments: { query: "x" } } },
  { jsonrpc: "2.0", id: "a", method: "ping" },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } },
  // A traced client's request: trace context strings in _meta.
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "t", _meta: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", tracestate: "a=1", baggage: "k=v" } } },
  { jsonrpc: "2.0", id: 1.5, method: "ping" },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { traceparent: "00-a-b-01", progressToken: 1 } } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { traceparent: 1 } } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { tracestate: null } } },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: null } },
  JSON.parse('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"traceparent":"x","__proto__":{"x":1}}}}'),
  { jsonrpc: "2.0", id: 2 ** 53, method: "ping" },
  { jsonrpc: "2.0", id: null, method: "ping" },
  { jsonrpc: "2.0", id: true, method: "ping" },
  { jsonrpc: "2.0", id: 1, method: "ping", params: [] },
  { jsonrpc: "2.0", id: 1, method: "ping", params: null },
  { jsonrpc: "2.0", id: 1, method: "ping", params: undefined },
  { jsonrpc: "2.0", id: 1, method: "ping", params: "x" },
  { jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: "2.0", id: 1, method: "ping", extra: 1 },
  { jsonrpc: "1.0", id: 1, method: "ping" },
  { jsonrpc: "2.0", id: 1, method: 7 },
  { jsonrpc: "2.0", id: 1, result: {} },
  { jsonrpc: "2.0", id: 1, error: { code: -1, message: "x" } },
  { id: 1, method: "ping" },
  { jsonrpc: "2.0", id: undefined, method: "ping" },
  [],
  null,
  "ping",
  JSON.parse('{"jsonrpc":"2.0","id":1,"method":"ping","__proto__":{"x":1}}'),
  JSON.parse('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{"x":1}}}'),
];

function agreesWithSchema(value: unknown, isPlain: (value: unknown) => boolean = isPlainRequest): void {
  if (!isPlain(value)) return;
  const parsed = JSONRPCMessageSchema.safeParse(value);
  expect(parsed.success, JSON.stringify(value)).toBe(true);
  expect(parsed.data).toEqual(value);
}

describe("isPlainRequest", () => {
  it("says yes to the common request and notification shapes", () => {
    expect(cases.slice(0, 5).map(isPlainRequest)).toEqual([true, true, true, true, true]);
  });

  it("says no to every odd shape, leaving it to the SDK's schema", () => {
    expect(cases.slice(5).map(isPlainRequest)).toEqual(cases.slice(5).map(() => false));
  });

  it("never says yes to a message the SDK's schema refuses or changes", () => {
    for (const value of cases) agreesWithSchema(value);
    const { random, pick, maybe } = seeded(7);
    const ids = [undefined, 0, 1, -4, 2.5, 2 ** 60, "x", "", null, true, {}];
    const methods = [undefined, "ping", "tools/call", "", 3, null];
    const params = [
      ...[undefined, {}, { a: 1 }, { _meta: {} }, { _meta: { progressToken: "t" } }, [], null, "p", 0, { arguments: { q: [1] } }],
      ...[{ _meta: { traceparent: "00-a-b-01" } }, { _meta: { traceparent: "t", tracestate: "s", baggage: "b" } }, { _meta: { traceparent: 1 } }, { _meta: { baggage: "b", other: "o" } }],
    ];
    const versions = ["2.0", "2", 2, undefined];
    for (let index = 0; index < 5000; index++) {
      const value: Record<string, unknown> = {};
      for (const [key, options] of [["jsonrpc", versions], ["id", ids], ["method", methods], ["params", params]] as const) {
        const chosen = pick<unknown>(options);
        if (maybe(chosen)) value[key] = chosen;
      }
      if (random() < 0.1) value.result = {};
      if (random() < 0.05) value.extra = 1;
      agreesWithSchema(value);
    }
  });
});

const responses: unknown[] = [
  { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "hello" }] } },
  { jsonrpc: "2.0", id: "a", result: {} },
  { jsonrpc: "2.0", id: 0, result: { tools: [], nextCursor: "c", extra: { x: 1 } } },
  { jsonrpc: "2.0", id: 1, result: { _meta: {} } },
  { jsonrpc: "2.0", id: 1, result: { _meta: { progressToken: 1.5 } } },
  { jsonrpc: "2.0", id: 1.5, result: {} },
  { jsonrpc: "2.0", id: 2 ** 53, result: {} },
  { jsonrpc: "2.0", id: null, result: {} },
  { jsonrpc: "2.0", result: {} },
  { jsonrpc: "2.0", id: 1, result: [] },
  { jsonrpc: "2.0", id: 1, result: null },
  { jsonrpc: "2.0", id: 1, result: "x" },
  { jsonrpc: "2.0", id: 1, result: {}, extra: 1 },
  { jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "x" } },
  { jsonrpc: "1.0", id: 1, result: {} },
  { jsonrpc: "2.0", id: 1, error: { code: -1, message: "x" } },
  { jsonrpc: "2.0", id: 1, method: "ping" },
  JSON.parse('{"jsonrpc":"2.0","id":1,"result":{"__proto__":{"x":1}}}'),
  JSON.parse('{"jsonrpc":"2.0","id":1,"result":{},"__proto__":{"x":1}}'),
];

describe("isPlainResponse", () => {
  it("says yes to the common result shapes", () => {
    expect(responses.slice(0, 3).map(isPlainResponse)).toEqual([true, true, true]);
  });

  it("says no to every odd shape, leaving it to the SDK's schema", () => {
    expect(responses.slice(3).map(isPlainResponse)).toEqual(responses.slice(3).map(() => false));
  });

  it("never says yes to a message the SDK's schema refuses or changes", () => {
    for (const value of responses) agreesWithSchema(value, isPlainResponse);
    const { random, pick, maybe } = seeded(11);
    const ids = [undefined, 0, 1, -4, 2.5, 2 ** 60, "x", "", null, true, {}];
    const results = [undefined, {}, { a: 1 }, { _meta: {} }, { _meta: { progressToken: "t" } }, { content: [] }, [], null, "r", 0];
    const versions = ["2.0", "2", 2, undefined];
    for (let index = 0; index < 5000; index++) {
      const value: Record<string, unknown> = {};
      for (const [key, options] of [["jsonrpc", versions], ["id", ids], ["result", results]] as const) {
        const chosen = pick<unknown>(options);
        if (maybe(chosen)) value[key] = chosen;
      }
      if (random() < 0.1) value.method = "ping";
      if (random() < 0.05) value.error = { code: 1, message: "x" };
      agreesWithSchema(value, isPlainResponse);
    }
  });

  it("lets checkMessage hand a plain answer on as it is, and the rest as the schema makes it", () => {
    const plain = responses[0];
    expect(checkMessage(plain)).toEqual({ ok: true, message: plain });
    expect((checkMessage(plain) as { message: unknown }).message).toBe(plain);
    expect(checkMessage(responses[15])).toEqual({ ok: true, message: responses[15] });
    expect(checkMessage(responses[12])).toEqual({ ok: false, id: 1, error: "Invalid Request: not a JSON-RPC request, notification or response." });
  });
});
