// One wire shape from every app (server-kit's wire mapper), over the real HTTP gateway and the
// SDK client: an unknown resource, bad request params and an unknown tool are JSON-RPC -32602
// errors whose message carries exactly one "MCP error -32602: " prefix. Regression: the unknown
// resource used to reach the client as "MCP error -32002: MCP error -32002: resource … does not exist".
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { beforeAll, describe, it } from "vitest";
import { expectWireErrors } from "../../../tooling/wire-errors.mjs";
import { serveGateway } from "./support/gateway-process";

const served = serveGateway();
let client: Client;

beforeAll(async () => {
  client = await served.open(served.tokens.demo!.readToken);
});

describe("gateway wire errors", () => {
  it("unknown resource, bad params and unknown tool: -32602, one prefix, the exact sentence", async () => {
    await expectWireErrors(client, {
      resource: {
        uri: "amicited://nope",
        message: /^MCP error -32602: Unknown resource: amicited:\/\/nope\. Resources: \S+, \S+\.$/,
      },
      unknownTool:
        "MCP error -32602: Unknown tool: nope. It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.",
    });
  });
});
