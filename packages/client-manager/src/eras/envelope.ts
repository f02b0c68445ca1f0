// The client side of MCP revision 2026-07-28: the per-request `_meta` envelope every modern
// request carries (protocol version, client capabilities, client info). Neighbours:
// negotiating-transport.ts (when to send it), routing-fetch.ts (the HTTP headers mirroring it).

/** The stateless revision this client speaks beside the 2025 handshake. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";

export const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
export const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
export const CLIENT_INFO_KEY = "io.modelcontextprotocol/clientInfo";
export const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

/** The envelope of this client's modern requests. */
export type RequestEnvelope = Record<string, unknown>;

export function buildEnvelope(capabilities: unknown, clientInfo: unknown): RequestEnvelope {
  return {
    [PROTOCOL_VERSION_KEY]: MODERN_PROTOCOL_VERSION,
    [CLIENT_CAPABILITIES_KEY]: typeof capabilities === "object" && capabilities !== null ? capabilities : {},
    ...(clientInfo === undefined ? {} : { [CLIENT_INFO_KEY]: clientInfo }),
  };
}

/** `params` with the envelope merged into its `_meta` (a progress token there is kept). */
export function withEnvelope(params: unknown, envelope: RequestEnvelope): Record<string, unknown> {
  const base = typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
  const meta = typeof base._meta === "object" && base._meta !== null ? (base._meta as Record<string, unknown>) : {};
  return { ...base, _meta: { ...meta, ...envelope } };
}
