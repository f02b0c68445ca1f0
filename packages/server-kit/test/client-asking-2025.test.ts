// ClientAsking in the 2025 era: the same handlers ask with the SDK's real server→client requests
// (elicitation/create, sampling/createMessage, roots/list) to a 1.32.2 SDK client after
// initialize, and get its answers in the same run; a capability the client did not declare is
// -32021 before anything is sent.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, type ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { ClientAsking } from "../src/index";
import { server } from "./__fixtures__/asking-tools";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A 2025 client with `capabilities`, answering every question, and what it was asked. */
async function connect(capabilities: ClientCapabilities): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client({ name: "asked", version: "1" }, { capabilities });
  // The SDK lets a client handle only what it declared.
  if (capabilities.elicitation) client.setRequestHandler(ElicitRequestSchema, async (request) => (asked.push(request.method), { action: "accept", content: { name: "Grace" } }));
  if (capabilities.sampling) client.setRequestHandler(CreateMessageRequestSchema, async (request) => (asked.push(request.method), { role: "assistant", content: { type: "text", text: "hi" }, model: "m1" }));
  if (capabilities.roots) client.setRequestHandler(ListRootsRequestSchema, async (request) => (asked.push(request.method), { roots: [{ uri: "file:///r" }] }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = server(new ClientAsking());
  await served.connect(serverSide);
  await client.connect(clientSide);
  closers.push(() => client.close(), () => served.close());
  return { client, asked };
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) => (result.content as Array<{ text: string }>)[0]?.text;

describe("ClientAsking, 2025 era", () => {
  it("asks with real requests and answers in the same run", async () => {
    const { client, asked } = await connect({ elicitation: {}, sampling: {}, roots: {} });
    expect(textOf(await client.callTool({ name: "greet", arguments: {} }))).toBe("Hello, Grace! (round 0)");
    expect(textOf(await client.callTool({ name: "three_at_once", arguments: {} }))).toBe("Grace m1 1");
    expect(asked.sort()).toEqual(["elicitation/create", "elicitation/create", "roots/list", "sampling/createMessage"]);
  });

  it("refuses a question the client did not declare with -32021, and sends nothing", async () => {
    const { client, asked } = await connect({ sampling: {} });
    await expect(client.callTool({ name: "greet", arguments: {} })).rejects.toMatchObject({ code: -32021, data: { code: "INPUT_CAPABILITY_MISSING", requiredCapabilities: { elicitation: {} } } });
    expect(asked).toEqual([]);
  });
});
