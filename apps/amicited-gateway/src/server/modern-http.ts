// The gateway's 2026-07-28 edge over HTTP: a request that carries the per-request envelope (or
// names the revision in MCP-Protocol-Version) is answered statelessly by server-kit's
// answerModernPost, with no Mcp-Session-Id: one Server built for this request from the credential
// and ?toolsets=, closed after. Any instance can answer any such request.
// http.ts hands these requests here; the 2025 handshake stays on the session path.
import type http from "node:http";
import { answerModernPost as answerThroughKit, type ConnectableServer } from "@foundry-mcp/server-kit";
import { GATEWAY_IDENTITY } from "./identity";

export { isModernPost } from "@foundry-mcp/server-kit";

/** Answers one modern request; `createServer` builds the Server of this request's credential. */
export function answerModernPost(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
  createServer: () => ConnectableServer,
): Promise<void> {
  return answerThroughKit(req, res, body, createServer, GATEWAY_IDENTITY);
}
