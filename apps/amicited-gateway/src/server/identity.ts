// Who the gateway says it is, in both eras: initialize's serverInfo and capabilities, and
// server/discover's answer with the cache hints of 2026-07-28 results.
import type { ServerIdentity } from "@foundry-mcp/server-kit";
import packageJson from "../../package.json";
import { SERVER_INSTRUCTIONS } from "./skill";

/** The server name and version announced in initialize and server/discover: the package's version, as `--version` prints it. */
export const SERVER_INFO = { name: "amicited-gateway", version: packageJson.version };

/** What every connection of the gateway is offered (both eras). */
export const GATEWAY_CAPABILITIES = { tools: { listChanged: false }, resources: {}, logging: {} };

/**
 * The identity for server/discover and modern results. tools/list never changes for a
 * connection (its toolsets are fixed by the URL and the token), so a client may keep it an hour;
 * private, because what a token sees is its own.
 */
export const GATEWAY_IDENTITY: ServerIdentity = {
  serverInfo: SERVER_INFO,
  capabilities: GATEWAY_CAPABILITIES,
  instructions: SERVER_INSTRUCTIONS,
  cacheHints: { "tools/list": { ttlMs: 60 * 60_000, cacheScope: "private" } },
};
