// isPlainRequest lets LineStdioTransport skip the SDK's message schema: it must never say yes
// to a value the schema would refuse or change. Checked against the schema itself on hand-made
// edge cases and on thousands of generated messages.
import { describe, expect, it } from "vitest";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { isPlainRequest } from "../src/jsonrpc-frames";

const cases: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "memory_search", arguments: { query: "x" } } },
  { jsonrpc: "2.0", id: "a", method: "ping" },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } },
  { jsonrpc: "2.0", id: 1.5, method: "ping" },
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

function agreesWithSchema(value: unknown): void {
  if (!isPlainRequest(value)) return;
  const parsed = JSONRPCMessageSchema.safeParse(value);
  expect(parsed.success, JSON.stringify(value)).toBe(true);
  expect(parsed.data).toEqual(value);
}

describe("isPlainRequest", () => {
  it("says yes to the common request and notification shapes", () => {
    expect(cases.slice(0, 4).map(isPlainRequest)).toEqual([true, true, true, true]);
  });

  it("says no to every odd shape, leaving it to the SDK's schema", () => {
    expect(cases.slice(4).map(isPlainRequest)).toEqual(cases.slice(4).map(() => false));
  });

  it("never says yes to a message the SDK's schema refuses or changes", () => {
    for (const value of cases) agreesWithSchema(value);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
    const ids = [undefined, 0, 1, -4, 2.5, 2 ** 60, "x", "", null, true, {}];
    const methods = [undefined, "ping", "tools/call", "", 3, null];
    const params = [undefined, {}, { a: 1 }, { _meta: {} }, { _meta: { progressToken: "t" } }, [], null, "p", 0, { arguments: { q: [1] } }];
    const versions = ["2.0", "2", 2, undefined];
    for (let index = 0; index < 5000; index++) {
      const value: Record<string, unknown> = {};
      const version = pick(versions);
      if (version !== undefined || random() < 0.1) value.jsonrpc = version;
      const id = pick(ids);
      if (id !== undefined || random() < 0.1) value.id = id;
      const method = pick(methods);
      if (method !== undefined || random() < 0.1) value.method = method;
      const param = pick(params);
      if (param !== undefined || random() < 0.1) value.params = param;
      if (random() < 0.1) value.result = {};
      if (random() < 0.05) value.extra = 1;
      agreesWithSchema(value);
    }
  });
});
