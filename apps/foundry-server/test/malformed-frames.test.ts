// Garbage on stdin: every broken frame gets a JSON-RPC error (or a tool error result), stdout stays
// pure JSON, and the same process still answers ping afterwards.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RawClient } from "./support/raw-client";
import { cleanup, isolatedBundle, makeTempDir, requireBuild } from "./support/server-process";

let client: RawClient;

beforeAll(requireBuild);
afterEach(() => client?.kill());
afterAll(cleanup);

async function started(): Promise<RawClient> {
  const root = makeTempDir("foundry-frames-");
  client = new RawClient(process.execPath, [isolatedBundle(), "--root", root], root);
  await client.initialize("2025-06-18");
  return client;
}

describe("malformed frames", () => {
  it("answers bad JSON with -32700 and keeps serving", async () => {
    const peer = await started();
    peer.raw('{"jsonrpc":"2.0","id":"x","method":');
    peer.raw("not json at all");
    const errors = await peer.unmatchedCount(2);
    expect(errors.map((message) => [message.id, message.error?.code])).toEqual([
      [null, -32700],
      [null, -32700],
    ]);
    expect(errors[1]?.error?.message).toMatch(/^Parse error: /);
    expect((await peer.request("ping")).result).toEqual({});
  });

  it("answers frames of the wrong shape with -32600, keeping their id", async () => {
    const peer = await started();
    expect((await peer.request(5 as unknown as string, undefined, "a")).error).toEqual({ code: -32600, message: 'Invalid Request: "method" must be a string.' });
    peer.raw('{"jsonrpc":"1.0","id":"b","method":"ping"}');
    peer.raw('{"jsonrpc":"2.0","id":"c","method":"ping","params":[1,2]}');
    peer.raw("[]");
    peer.raw("42");
    peer.raw('{"jsonrpc":"2.0","id":{"nested":true},"method":"ping"}');
    const errors = await peer.unmatchedCount(5);
    expect(errors.map((message) => [message.id, message.error?.code, message.error?.message])).toEqual([
      ["b", -32600, 'Invalid Request: "jsonrpc" must be "2.0".'],
      ["c", -32600, 'Invalid Request: "params" must be an object.'],
      [null, -32600, "Invalid Request: JSON-RPC batches are not supported; send one message per line."],
      [null, -32600, "Invalid Request: a message must be a JSON object."],
      [null, -32600, 'Invalid Request: "id" must be a string or a number.'],
    ]);
    expect((await peer.request("ping")).result).toEqual({});
  });

  it("answers unknown methods with -32601 and ignores unknown notifications", async () => {
    const peer = await started();
    expect((await peer.request("foundry/explode", {})).error).toEqual({ code: -32601, message: "Method not found" });
    peer.raw('{"jsonrpc":"2.0","method":"notifications/whatever"}');
    expect((await peer.request("ping")).result).toEqual({});
    expect(peer.unmatched).toEqual([]);
  });

  it("turns wrong argument types into tool error results, never a crash", async () => {
    const peer = await started();
    const wrongType = await peer.request("tools/call", { name: "memory_search", arguments: { query: ["flyway"] } });
    expect(wrongType.result).toEqual({
      content: [{ type: "text", text: "memory_search failed: `query` must be a string; got an array." }],
      isError: true,
    });
    const notAnObject = await peer.request("tools/call", { name: "memory_search", arguments: "flyway" });
    expect(notAnObject.error).toEqual({
      code: -32602,
      message: "Invalid tools/call request: params.arguments: Invalid input: expected record, received string",
    });
    const noName = await peer.request("tools/call", {});
    expect(noName.error).toEqual({
      code: -32602,
      message: "Invalid tools/call request: params.name: Invalid input: expected string, received undefined",
    });
    const noUri = await peer.request("resources/read", { uri: 7 });
    expect(noUri.error).toEqual({ code: -32602, message: "Invalid resources/read request: params.uri: Invalid input: expected string, received number" });
    expect((await peer.request("ping")).result).toEqual({});
  });

  it("refuses a huge argument with an error result, and discards a frame over 8 MiB", async () => {
    const peer = await started();
    const big = await peer.request("tools/call", { name: "memory_search", arguments: { query: "flyway ".repeat(300_000) } });
    expect(big.result).toEqual({
      content: [{ type: "text", text: "memory_search failed: `query` is 2100000 characters; the limit is 1000." }],
      isError: true,
    });
    peer.raw(JSON.stringify({ jsonrpc: "2.0", id: "huge", method: "tools/call", params: { name: "memory_search", arguments: { query: "x".repeat(9 * 1024 * 1024) } } }));
    const [discarded] = await peer.unmatchedCount(1);
    expect(discarded).toEqual({ jsonrpc: "2.0", id: "huge", error: { code: -32600, message: "Invalid Request: message larger than 8 MiB was discarded." } });
    expect((await peer.request("ping")).result).toEqual({});
  });

  it("exits by itself when stdin closes", async () => {
    const peer = await started();
    peer.endInput();
    expect(await peer.exited).toBe(0);
  });
});
