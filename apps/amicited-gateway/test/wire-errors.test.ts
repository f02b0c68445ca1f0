// One wire shape from every app (server-kit's wire mapper), over the real HTTP gateway and the
// SDK client: an unknown resource, bad request params and an unknown tool are JSON-RPC -32602
// errors whose message carries exactly one "MCP error -32602: " prefix. Regression: the unknown
// resource used to reach the client as "MCP error -32002: MCP error -32002: resource … does not exist".
import fs from "node:fs";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, initData, requireBuild, startGateway, type RunningGateway } from "./support/gateway-process";

let dir: string;
let gateway: RunningGateway;
let client: Client;

beforeAll(async () => {
  requireBuild();
  const data = initData();
  dir = data.dir;
  gateway = await startGateway(dir);
  client = await connect(gateway.url, Object.values(data.tokens)[0]!.readToken);
});

afterAll(async () => {
  await client?.close();
  await gateway?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("gateway wire errors", () => {
  it("unknown resource, bad params and unknown tool: -32602, one prefix, the exact sentence", async () => {
    await expect(client.readResource({ uri: "amicited://nope" })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^MCP error -32602: Unknown resource: amicited:\/\/nope\. Resources: \S+, \S+\.$/),
      data: { uri: "amicited://nope" },
    });
    await expect(client.request({ method: "resources/read", params: { uri: 5 } } as never, ResultSchema)).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Invalid resources/read request: params.uri: Invalid input: expected string, received number",
    });
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown tool: nope. It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.",
      data: { name: "nope" },
    });
  });
});
