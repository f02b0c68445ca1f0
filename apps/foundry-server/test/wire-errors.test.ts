// One wire shape from every app (server-kit's wire mapper): an unknown resource, bad request params
// and an unknown tool are JSON-RPC -32602 errors whose message the SDK client shows with exactly
// one "MCP error -32602: " prefix. The gateway and foya pin the same three in their own tests.
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { cleanup, connectClient, makeTempDir } from "./support/server-process";

afterAll(cleanup);

describe("foundry-server wire errors", () => {
  it("unknown resource, bad params and unknown tool: -32602, one prefix, the exact sentence", async () => {
    const client = await connectClient(makeTempDir("foundry-wire-"));
    await expect(client.readResource({ uri: "foundry://nope" })).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown resource: foundry://nope",
      data: { uri: "foundry://nope" },
    });
    await expect(client.request({ method: "resources/read", params: { uri: 5 } } as never, ResultSchema)).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Invalid resources/read request: params.uri: Invalid input: expected string, received number",
    });
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^MCP error -32602: Unknown tool: nope\. Tools: memory_search, /),
      data: { name: "nope" },
    });
  });
});
