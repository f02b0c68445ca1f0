// plainToolCall lets the direct lane skip zod for the common tools/call: it must return exactly
// what the checked schema returns, or nothing. Checked against the schema on hand-made edge
// cases and thousands of generated requests.
import { CallToolRequestSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { checkedRequest, plainToolCall } from "../src/index";
import { seeded } from "./__fixtures__/seeded";

const schema = checkedRequest("tools/call", CallToolRequestSchema);
const request = (params: unknown) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params }) as JSONRPCMessage;

function agreesWithSchema(message: JSONRPCMessage): void {
  const quick = plainToolCall(message);
  if (quick === undefined) return;
  expect(quick, JSON.stringify(message)).toEqual(schema.parse(message));
}

describe("plainToolCall", () => {
  it("returns the schema's own answer for the common shapes", () => {
    for (const params of [{ name: "memory_search", arguments: { query: "x", limit: 3 } }, { name: "t" }, { name: "t", arguments: {} }]) {
      const message = request(params);
      expect(plainToolCall(message)).toEqual(schema.parse(message));
    }
  });

  it("leaves every other shape to the schema", () => {
    const others = [
      { name: "t", _meta: { progressToken: 1 } },
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
    for (let index = 0; index < 5000; index++) {
      const params: Record<string, unknown> = {};
      const name = pick(names);
      if (maybe(name)) params.name = name;
      const args = pick(argumentsList);
      if (maybe(args)) params.arguments = args;
      if (random() < 0.05) params._meta = {};
      if (random() < 0.05) params.other = 1;
      agreesWithSchema(request(random() < 0.05 ? pick([null, [], "p"]) : params));
    }
  });
});
