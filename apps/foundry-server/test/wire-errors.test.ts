// One wire shape from every app (server-kit's wire mapper): an unknown resource, bad request params
// and an unknown tool are JSON-RPC -32602 errors whose message the SDK client shows with exactly
// one "MCP error -32602: " prefix. tooling/wire-errors.mjs checks the three for every app; each
// gives it its own sentences.
import { afterAll, describe, it } from "vitest";
import { expectWireErrors } from "../../../tooling/wire-errors.mjs";
import { cleanup, connectClient, makeTempDir } from "./support/server-process";

afterAll(cleanup);

describe("foundry-server wire errors", () => {
  it("unknown resource, bad params and unknown tool: -32602, one prefix, the exact sentence", async () => {
    await expectWireErrors(await connectClient(makeTempDir("foundry-wire-")), {
      resource: { uri: "foundry://nope", message: "MCP error -32602: Unknown resource: foundry://nope" },
      unknownTool: /^MCP error -32602: Unknown tool: nope\. Tools: memory_search, /,
    });
  });
});
