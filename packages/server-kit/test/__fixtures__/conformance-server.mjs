// A Streamable HTTP server built from server-kit's BUILT pieces (../../dist) for the MCP conformance
// suite: createHttpEdge admits each request (path, Host/Origin against DNS rebinding, body limit,
// JSON), a 2026-07-28 request is answered statelessly by answerModernPost, a 2025 client gets a
// session on the SDK's transport. The fixtures the suite calls are in conformance-features.mjs.
// Prints `listening <url>` on stdout; binds 127.0.0.1 on a free port.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { answerModernPost, createHttpEdge, isModernPost, jsonRpcError, sendJson } from "../../dist/index.js";
import { IDENTITY, createConformanceServer } from "./conformance-features.mjs";

// The suite sends no token: every request is admitted as the anonymous credential.
const admit = createHttpEdge({ host: "127.0.0.1", realm: "conformance", anonymous: true, checkToken: () => false });
const sessions = new Map();

async function handle(req, res) {
  const admitted = await admit(req, res);
  if (!admitted) return;
  const sessionId = req.headers["mcp-session-id"];
  if (typeof sessionId === "string") {
    const transport = sessions.get(sessionId);
    if (!transport) return sendJson(res, 404, jsonRpcError(-32001, "Session not found: initialize a new session"));
    return transport.handleRequest(req, res, admitted.body);
  }
  if (admitted.method !== "POST") return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: Mcp-Session-Id header is required"));
  if (isModernPost(req, admitted.body)) return answerModernPost(req, res, admitted.body, createConformanceServer, IDENTITY);
  if (!isInitializeRequest(admitted.body)) return sendJson(res, 400, jsonRpcError(-32000, "Bad Request: no valid session; send initialize first"));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => void sessions.set(id, transport),
    onsessionclosed: (id) => void sessions.delete(id),
  });
  await createConformanceServer().connect(transport);
  await transport.handleRequest(req, res, admitted.body);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error) => sendJson(res, 500, jsonRpcError(-32603, `Internal error: ${error.message}`)));
});
server.listen(0, "127.0.0.1", () => console.log(`listening http://127.0.0.1:${server.address().port}/mcp`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
