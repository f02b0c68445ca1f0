// The one naming module for what a host shows of its upstream servers: tool names
// (`mcp__<server>__<tool>`, and the short names an aggregating server may list instead), prompt names (`<server>__<prompt>`) and resource URIs
// (`<scheme><server>/<uri>`, the scheme the host's own), each with its way back to the server.
//
// Host tool names always match ^[a-zA-Z0-9_-]{1,64}$ and are unique; a name depends only on
// (server, tool), so it stays the same across reconnects.
//
// Rule: characters outside [A-Za-z0-9_-] become "_". If that changed the tool name, or the
// result is longer than 64, the name is cut to 55 characters and "_" plus 8 hex digits of a
// hash of the original "server\0tool" are appended. Server names cannot hold "__" (see
// validate.ts), so two plain names can never collide; hashed ones differ by their hash.

/** The pattern every host tool name fits. */
export const HOST_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;
const HOST_PREFIX = "mcp__";

/** 32-bit FNV-1a of a string's UTF-16 units, as 8 hex digits. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(HASH_LENGTH, "0");
}

function sanitizeSegment(segment: string): string {
  return segment.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
}

/**
 * The registry name of `tool` on `server`.
 *
 * @example
 * hostToolName("memory", "read_graph")      // "mcp__memory__read_graph"
 * hostToolName("docs", "search.v2")         // "mcp__docs__search_v2_<8 hex>"
 */
export function hostToolName(server: string, tool: string, salt = 0): string {
  const safeServer = sanitizeSegment(server);
  const safeTool = sanitizeSegment(tool);
  const plain = `${HOST_PREFIX}${safeServer}__${safeTool}`;
  if (safeServer === server && safeTool === tool && plain.length <= MAX_LENGTH && salt === 0) return plain;
  const hash = shortHash(`${server}\u0000${tool}${salt === 0 ? "" : `\u0000${salt}`}`);
  return `${plain.slice(0, MAX_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}

/** The prefix every host tool name of `server` starts with, hashed ones included: `mcp__<server>__`. */
export function hostToolPrefix(server: string): string {
  return `${HOST_PREFIX}${server}__`;
}

/**
 * The server a host tool name points at, told from the name alone (the longest matching server
 * name wins). Server names are capped at 32 characters (MAX_SERVER_NAME_LENGTH), so even a hashed
 * host name (cut to 55 characters, then `_<hash>`) keeps its whole `mcp__<server>__` prefix.
 */
export function serverOfHostToolName(hostName: string, servers: readonly string[]): string | undefined {
  return longestPrefixed(hostName, servers, hostToolPrefix)?.server;
}

function longestPrefixed(name: string, servers: readonly string[], prefixOf: (server: string) => string): { server: string; rest: string } | undefined {
  const ordered = [...servers].sort((a, b) => b.length - a.length);
  for (const server of ordered) {
    const prefix = prefixOf(server);
    if (name.startsWith(prefix) && name.length > prefix.length) return { server, rest: name.slice(prefix.length) };
  }
  return undefined;
}

/**
 * The name a host lists an upstream prompt under, so two servers' prompts never collide.
 *
 * @example upstreamPromptName("everything", "simple_prompt") // "everything__simple_prompt"
 */
export function upstreamPromptName(server: string, name: string): string {
  return `${server}__${name}`;
}

/** Splits a listed prompt name, trying the known server names longest first (a server name may hold `_`). */
export function parseUpstreamPromptName(name: string, servers: readonly string[]): { server: string; name: string } | undefined {
  const found = longestPrefixed(name, servers, (server) => upstreamPromptName(server, ""));
  return found && { server: found.server, name: found.rest };
}

/**
 * The URI a host lists an upstream resource under: the host's own `scheme`, the server, then the
 * upstream URI whole. Reversible without state, so a client may read a URI from an earlier session.
 *
 * @example upstreamResourceUri("my-host://", "mem", "foundry://memory/index") // "my-host://mem/foundry://memory/index"
 */
export function upstreamResourceUri(scheme: string, server: string, uri: string): string {
  return `${scheme}${server}/${uri}`;
}

/** Splits a listed resource URI back into server and upstream URI; undefined for any other URI. */
export function parseUpstreamResourceUri(scheme: string, uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(scheme)) return undefined;
  const rest = uri.slice(scheme.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  return { server: rest.slice(0, slash), uri: rest.slice(slash + 1) };
}

// The names an aggregating server lists tools under. By default a tool keeps its host name,
// `mcp__<server>__<tool>` (at most 64 characters). A client adds its own prefix on top (Claude
// Code shows `mcp__<name in its config>__<tool>`), so a host name behind it can pass the 64
// characters clients and model APIs accept: short names are `<server>__<tool>`, cut (with a hash
// of the host name, so names stay unique and stable) to fit 64 characters after that prefix.

/** The longest tool name clients and model APIs accept, the client's prefix included. */
export const CLIENT_TOOL_NAME_LIMIT = 64;
const HASH_SUFFIX_LENGTH = HASH_LENGTH + 1;

/** Maps a host tool name to the name a tools/list shows. */
export type ToolNaming = (hostName: string) => string;

/** The default: host names as they are. */
export const HOST_TOOL_NAMES: ToolNaming = (hostName) => hostName;

/**
 * `<server>__<tool>` names that stay within {@link CLIENT_TOOL_NAME_LIMIT} after `clientPrefix`.
 *
 * @example shortToolNames("mcp__agg__")("mcp__mem__memory_search") // "mem__memory_search"
 */
export function shortToolNames(clientPrefix: string): ToolNaming {
  const budget = CLIENT_TOOL_NAME_LIMIT - clientPrefix.length;
  return (hostName) => {
    const short = hostName.startsWith(HOST_PREFIX) ? hostName.slice(HOST_PREFIX.length) : hostName;
    if (short.length <= budget) return short;
    return `${short.slice(0, budget - HASH_SUFFIX_LENGTH)}_${shortHash(hostName)}`;
  };
}
