// Protocol version negotiation. The server implements MCP 2025-06-18 and declares it; a client that
// asks for an older version this server also speaks gets that version back, anything else gets
// 2025-06-18 (the MCP lifecycle rule: answer the requested version if supported, else the latest
// the server supports, and let the client decide whether to continue).

/** The version this server declares. */
export const DECLARED_PROTOCOL_VERSION = "2025-06-18";

/** Every version this server answers with, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [DECLARED_PROTOCOL_VERSION, "2025-03-26", "2024-11-05", "2024-10-07"];

/** The version to answer an `initialize` that asked for `requested`. */
export function negotiateProtocolVersion(requested: string): string {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : DECLARED_PROTOCOL_VERSION;
}
