// Issue #33 (docs/decisions/0021): a Server built for one request of a 2025 session gets the
// session's initialize from restoreSession, through the SDK's own initialize handling with the
// request parsed by the SDK's schema, instead of a replayed initialize and notifications/initialized
// dispatched as messages through its transport (~3% of the gateway's CPU per request). What the
// Server knows afterwards is what the replay gave it: the capabilities and clientInfo as the
// schema normalizes them (`elicitation: {}` means form elicitation; unknown keys dropped).
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { ServerOperations } from "@foundry-mcp/telemetry";
import { describe, expect, it } from "vitest";
import { createAppServer, LineStdioTransport, ServerKitError, ServerKitErrorCode, type McpApp, type ServerIdentity, type StoredSession } from "../src/index";
import { restoreSession, RestoredSessionTransport, SUPPORTED_SDK_VERSION } from "../src/sessions/restored-session";

const identity: ServerIdentity = { serverInfo: { name: "restoring", version: "1" }, capabilities: { tools: {} } };
const app: McpApp<null> = {
  listTools: () => [{ name: "t", inputSchema: { type: "object" } }],
  callTool: async () => ({ content: [{ type: "text", text: "answered" }] }),
};

const session: StoredSession = {
  id: "s-1",
  tokenId: 1,
  toolsets: null,
  protocolVersion: "2025-06-18",
  clientCapabilities: { elicitation: {}, roots: { listChanged: true }, madeUp: { x: 1 } },
  clientInfo: { name: "stored-client", version: "2.0.0", extra: "dropped" },
};

describe("restoreSession", () => {
  it("gives the Server the session's capabilities and clientInfo as the SDK's initialize would, with nothing on the wire", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const written: string[] = [];
    output.on("data", (chunk: Buffer) => written.push(chunk.toString()));
    const server = createAppServer(identity, app, null, undefined);
    const restored = new RestoredSessionTransport(new LineStdioTransport(input, output), new ServerOperations({ transport: "pipe" }));
    await server.connect(restored);
    const delivered: JSONRPCMessage[] = [];
    const dispatch = restored.onmessage!;
    restored.onmessage = (message, extra) => {
      delivered.push(message);
      dispatch(message, extra);
    };
    let initialized = 0;
    server.oninitialized = () => (initialized += 1);

    await restoreSession(server, session);

    expect(server.getClientCapabilities()).toEqual({ elicitation: { form: {} }, roots: { listChanged: true } });
    expect(server.getClientVersion()).toEqual({ name: "stored-client", version: "2.0.0" });
    expect(initialized).toBe(1);
    expect(delivered).toEqual([]);
    expect(written).toEqual([]);

    // The request itself is then answered as in any session.
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "t", arguments: {} } })}\n`);
    await expect.poll(() => written.join("")).toContain('"id":7');
    expect(JSON.parse(written.join("").trim())).toEqual({ jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: "answered" }] } });
    await server.close();
  });

  it("refuses a stored protocol version or capabilities the SDK's schema does not accept", async () => {
    const server = createAppServer(identity, app, null, undefined);
    await server.connect(new RestoredSessionTransport(new LineStdioTransport(new PassThrough(), new PassThrough()), new ServerOperations({ transport: "pipe" })));
    const error = await restoreSession(server, { ...session, clientInfo: { name: 7 } } as unknown as StoredSession).catch((caught: unknown) => caught);
    expect(ServerKitError.isInstance(error) && error.code).toBe(ServerKitErrorCode.SESSION_NOT_RESTORED);
    expect((error as Error).message).toBe(
      "session s-1 could not be restored: its stored initialize fails the SDK's schema " +
        "(params.clientInfo.name: Invalid input: expected string, received number; params.clientInfo.version: Invalid input: expected string, received undefined). Initialize a new session.",
    );
    await server.close();
  });

  // The guard on the SDK's private method used to throw a plain Error, with no code a host could test.
  it("refuses a Server without the SDK's _oninitialize with ServerKitError SDK_UNSUPPORTED, naming what is missing and the SDK to install", async () => {
    const server = createAppServer(identity, app, null, undefined);
    // What a Server of an SDK without the method looks like to restoreSession.
    Object.defineProperty(server, "_oninitialize", { value: undefined });
    const error = await restoreSession(server, session).catch((caught: unknown) => caught);
    expect(ServerKitError.isInstance(error) && error.code).toBe(ServerKitErrorCode.SDK_UNSUPPORTED);
    expect((error as Error).message).toBe(
      "@modelcontextprotocol/sdk's Server has no _oninitialize, the initialize handling restoreSession gives a stored 2025 session to " +
        "(so its requests need no new handshake): install @modelcontextprotocol/sdk 1.32.2, the version @foundry-mcp/server-kit depends on " +
        "(pin it exactly, or with an override), and build the Server from that copy.",
    );
    expect(server.getClientVersion()).toBeUndefined();
  });

  it("names the SDK version server-kit depends on", () => {
    const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { dependencies: Record<string, string> };
    expect(SUPPORTED_SDK_VERSION).toBe(manifest.dependencies["@modelcontextprotocol/sdk"]);
  });
});
