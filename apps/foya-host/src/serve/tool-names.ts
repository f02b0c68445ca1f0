// The names `foya serve` lists its tools under (issue #36 D9). By default a tool keeps its host
// name, `mcp__<server>__<tool>` (at most 64 characters). A client adds its own prefix on top:
// Claude Code shows `mcp__<name in its config>__<tool>`, so behind `claude mcp add foya` a host
// name becomes `mcp__foya__mcp__<server>__<tool>` and can pass the 64 characters clients and
// model APIs accept. `--short-names` lists `<server>__<tool>` instead, cut (with a hash of the
// host name, so names stay unique and stable) to fit 64 characters after the client's prefix.
import { shortHash } from "@foundry-mcp/client-manager";

/** What Claude Code adds in front of a tool of the server it calls `foya`. */
export const CLAUDE_CODE_PREFIX = "mcp__foya__";
/** The longest tool name clients and model APIs accept, the client's prefix included. */
export const CLIENT_TOOL_NAME_LIMIT = 64;
/** The longest `--client-prefix` accepted: a shorter name must still have room. */
export const MAX_CLIENT_PREFIX_LENGTH = 40;

const HOST_PREFIX = "mcp__";
const HASH_SUFFIX_LENGTH = 9;

/** Maps a host tool name to the name tools/list shows. */
export type ToolNaming = (hostName: string) => string;

/** The default: host names as they are. */
export const HOST_TOOL_NAMES: ToolNaming = (hostName) => hostName;

/** Why `prefix` cannot be a client prefix, or undefined when it can. */
export function clientPrefixProblem(prefix: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(prefix)) return `--client-prefix may hold only letters, digits, "_" and "-", got "${prefix}"`;
  if (prefix.length > MAX_CLIENT_PREFIX_LENGTH) return `--client-prefix is ${prefix.length} characters; at most ${MAX_CLIENT_PREFIX_LENGTH} leave room for a tool name`;
  return undefined;
}

/**
 * `<server>__<tool>` names that stay within {@link CLIENT_TOOL_NAME_LIMIT} after `clientPrefix`.
 *
 * @example shortToolNames("mcp__foya__")("mcp__mem__memory_search") // "mem__memory_search"
 */
export function shortToolNames(clientPrefix: string): ToolNaming {
  const budget = CLIENT_TOOL_NAME_LIMIT - clientPrefix.length;
  return (hostName) => {
    const short = hostName.startsWith(HOST_PREFIX) ? hostName.slice(HOST_PREFIX.length) : hostName;
    if (short.length <= budget) return short;
    return `${short.slice(0, budget - HASH_SUFFIX_LENGTH)}_${shortHash(hostName)}`;
  };
}
