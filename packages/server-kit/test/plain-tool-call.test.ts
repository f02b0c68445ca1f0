// plainToolCall lets the direct lane skip zod for the common tools/call, a traced client's too (a
// `_meta` of W3C trace context strings): it must return exactly what the checked schema returns,
// or nothing. Checked against the schema on hand-made edge cases and thousands of generated requests.
import { CallToolRequestSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { checkedRequest, plainToolCall } from "../src/index";
import { seeded } from "./__fixtures__/seeded";

const schema = checkedRequest("tools/call", CallToolRequestSchema);
const request = (params: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params }) as JSONRPCMessage;

/** Whether the quick parse took `message`; when it did, its answer must be the schema's. */
function agreesWithSchema(message: JSONRPCMessage): boolean {
  const quick = plainToolCall(message);
  if (quick === undefined) return false;
  expect(quick, JSON.stringify(message)).toEqual(schema.parse(message));
  return true;
}

describe("plainToolCall", () => {
  it("returns the schema's own answer for the common shapes", () => {
    for (const params of [{ name: "memory_search", arguments: { query: "x", limit: 3 } }, { name: "t" }, { name: "t", arguments: {} }]) {
      const message = request(params);
      expect(plainToolCall(message)).toEqual(schema.parse(message));
    }
  });

  it("takes a _meta of trace context strings, as a copy the schema would return", () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const metas = [{ traceparent }, { traceparent, tracestate: "congo=t61rcWkgMzE" }, { traceparent, tracestate: "a=1", baggage: "userId=alice" }, { tracestate: "" }, {}];
    for (const _meta of metas) {
      const message = request({ name: "echo", arguments: { message: "hello" }, _meta });
      const quick = plainToolCall(message);
      expect(quick, JSON.stringify(_meta)).toEqual(schema.parse(message));
      expect(quick?.params._meta).toEqual(_meta);
      // A copy, as zod's: the handler may keep it while the caller's message lives on.
      expect(quick?.params._meta).not.toBe(_meta);
    }
    expect(plainToolCall(request({ _meta: { traceparent }, arguments: {}, name: "t" }))).toEqual({ method: "tools/call", params: { name: "t", arguments: {}, _meta: { traceparent } } });
  });

  it("leaves every other shape to the schema", () => {
    const others = [
      { name: "t", _meta: { progressToken: 1 } },
      { name: "t", _meta: { traceparent: "00-a-b-01", progressToken: "p" } },
      { name: "t", _meta: { traceparent: "00-a-b-01", "io.modelcontextprotocol/related-task": { taskId: "1" } } },
      { name: "t", _meta: { traceparent: "00-a-b-01", other: "x" } },
      { name: "t", _meta: { traceparent: 1 } },
      { name: "t", _meta: { traceparent: "00-a-b-01", tracestate: null } },
      { name: "t", _meta: { baggage: ["k=v"] } },
      { name: "t", _meta: null },
      { name: "t", _meta: [] },
      { name: "t", _meta: "00-a-b-01" },
      { name: "t", _meta: undefined },
      JSON.parse('{"name":"t","_meta":{"traceparent":"00-a-b-01","__proto__":{"traceparent":"x"}}}'),
      { name: "t", task: { ttl: 1 } },
      { name: "t", extra: 1 },
      { name: 3 },
      { arguments: {} },
      { name: "t", arguments: [] },
      { name: "t", arguments: null },
      { name: "t", arguments: "x" },
      { name: "t", arguments: undefined },
      JSON.parse('{"name":"t","arguments":{"__proto__":{"x":1}}}'),
      JSON.parse('{"name":"t","__proto__":{"x":1}}'),
      null,
      [],
      "t",
    ];
    for (const params of others) expect(plainToolCall(request(params)), JSON.stringify(params)).toBeUndefined();
    expect(plainToolCall({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { name: "t" } })).toBeUndefined();
    expect(plainToolCall({ jsonrpc: "2.0", id: 1, result: {} })).toBeUndefined();
  });

  it("never answers differently from the schema", () => {
    const { random, pick, maybe } = seeded(11);
    const names = [undefined, "t", "", 1, null];
    const argumentsList = [undefined, {}, { q: "x" }, { a: [1, { b: 2 }] }, [], null, "x", 3];
    const metaKeys = ["traceparent", "tracestate", "baggage", "progressToken", "other", "__proto__"];
    const metaValues = ["00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "", "k=v", 1, null, {}, []];
    const metaOf = (): unknown => {
      if (random() < 0.1) return pick([null, [], "m", 3]);
      const entries = Array.from({ length: Math.floor(random() * 4) }, () => `"${pick(metaKeys)}":${JSON.stringify(pick(metaValues))}`);
      return JSON.parse(`{${entries.join(",")}}`); // JSON.parse: an own __proto__ key, as off the wire
    };
    let tracedTaken = 0;
    for (let index = 0; index < 5000; index++) {
      const params: Record<string, unknown> = {};
      const name = pick(names);
      if (maybe(name)) params.name = name;
      const args = pick(argumentsList);
      if (maybe(args)) params.arguments = args;
      if (random() < 0.5) params._meta = metaOf();
      if (random() < 0.05) params.other = 1;
      const taken = agreesWithSchema(request(random() < 0.05 ? pick([null, [], "p"]) : params));
      if (taken && "_meta" in params) tracedTaken += 1;
    }
    // The generator reaches the traced shapes the lane takes, not only the ones it declines.
    expect(tracedTaken).toBeGreaterThan(100);
  });
});
