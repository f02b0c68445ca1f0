// answerModernPost over real HTTP: a 2026-07-28 request that asks for progress and accepts SSE
// gets its progress notifications on the answer's stream, then the answer; without a progress
// token the answer is one JSON body. (Regression: conformance tools-call-with-progress, 2026-07-28,
// failed because progress of a stateless request was dropped.)
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerModernPost, type ServerIdentity } from "../src/index";

const identity: ServerIdentity = { serverInfo: { name: "t", version: "1" }, capabilities: { tools: {} } };
const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };

function createServer(): Server {
  const server = new Server(identity.serverInfo, { capabilities: identity.capabilities });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    for (const progress of [1, 2]) if (progressToken !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total: 2 } });
    return { content: [{ type: "text", text: "done" }] };
  });
  return server;
}

let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => void answerModernPost(req, res, JSON.parse(raw), createServer, identity));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(meta: Record<string, unknown>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "work" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "work", arguments: {}, _meta: { ...META, ...meta } } }),
  });
}

describe("answerModernPost", () => {
  it("streams progress, then the answer, when the request asked for progress", async () => {
    const response = await call({ progressToken: "p1" });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text()).split("\n\n").filter(Boolean).map((event) => JSON.parse(event.replace(/^event: message\ndata: /, "")) as Record<string, unknown>);
    expect(events.map((event) => event.method ?? "answer")).toEqual(["notifications/progress", "notifications/progress", "answer"]);
    expect(events[0]).toMatchObject({ params: { progressToken: "p1", progress: 1, total: 2 } });
    expect(events[2]).toMatchObject({ id: 7, result: { content: [{ type: "text", text: "done" }], resultType: "complete" } });
  });

  it("answers one JSON body when no progress was asked for", async () => {
    const response = await call({});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toMatchObject({ id: 7, result: { content: [{ type: "text", text: "done" }], resultType: "complete" } });
  });
});
