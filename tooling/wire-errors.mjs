// The wire errors every app answers alike (server-kit's wire mapper), checked from a test over a
// real SDK client: an unknown resource, bad request params and an unknown tool are JSON-RPC
// -32602 errors whose message carries exactly one "MCP error -32602: " prefix. Each app's test
// gives its own sentences; the bad-params one is the SDK's and the same everywhere.
import { expect } from "vitest";

/** What the SDK answers (and shows) for resources/read with a number as its uri. */
export const BAD_PARAMS_MESSAGE =
  "MCP error -32602: Invalid resources/read request: params.uri: Invalid input: expected string, received number";

const matching = (message) => (typeof message === "string" ? message : expect.stringMatching(message));

/**
 * Asserts the three -32602 answers of `client`'s server: reading `resource.uri`, reading with a
 * number as the uri, and calling the tool `nope`.
 */
export async function expectWireErrors(client, { resource, unknownTool }) {
  await expect(client.readResource({ uri: resource.uri })).rejects.toMatchObject({
    code: -32602,
    message: matching(resource.message),
    data: { uri: resource.uri },
  });
  await expect(client.readResource({ uri: 5 })).rejects.toMatchObject({
    code: -32602,
    message: BAD_PARAMS_MESSAGE,
  });
  await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({
    code: -32602,
    message: matching(unknownTool),
    data: { name: "nope" },
  });
}
