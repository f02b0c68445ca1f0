// One wire shape from every app (server-kit's wire mapper), through `foya serve` over stdio and
// the SDK client: an unknown resource, bad request params and an unknown tool are JSON-RPC -32602
// errors whose message carries exactly one "MCP error -32602: " prefix (foya's own -32602
// messages used to be prefixed twice), in both the direct and the progressive surface.
import fs from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { expectWireErrors } from "../../../tooling/wire-errors.mjs";
import { FOYA, removeTemporaryFolders, temporaryFolder } from "./support/processes";
import { connectServe, type ServeSession } from "./support/serve-client";

const sessions: ServeSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close().catch(() => undefined);
});
afterAll(removeTemporaryFolders);

describe("foya serve wire errors", () => {
  it.each([[[]], [["--progressive"]]])("unknown resource, bad params and unknown tool (serve %j): -32602, one prefix, the exact sentence", async (args) => {
    expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
    const session = await connectServe(temporaryFolder("wire-home"), args);
    sessions.push(session);
    const { client } = session;
    // The direct surface names the registry; the progressive one says what the gateway says.
    await expectWireErrors(client, {
      resource: {
        uri: "demo://nope",
        message: "MCP error -32602: Unknown resource: demo://nope. foya URIs look like foya://<server>/<uri>.",
      },
      unknownTool: args.length === 0
        ? /^MCP error -32602: Unknown tool: nope\. It is not among the \d+ tools listed now \(its server may be disconnected\); list tools again\.$/
        : /^MCP error -32602: Unknown tool: nope\. It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool\.$/,
    });
    await expect(client.getPrompt({ name: "nope" })).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown prompt: nope. foya prompt names look like <server>__<name>.",
    });
  });
});
