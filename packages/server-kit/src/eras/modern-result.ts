// What a 2026-07-28 answer carries beyond the 2025 result the SDK's Server built: `resultType`
// ("complete", or "input_required" when a handler asked the client through ClientAsking), the cache hints the revision
// requires on cacheable results (`ttlMs`, `cacheScope`), and the server's identity in
// `_meta["io.modelcontextprotocol/serverInfo"]`. The result's own fields (every SPEC string) are
// untouched, so both eras answer with the same text.
import { META_KEYS, MODERN_PROTOCOL_VERSIONS } from "./envelope";
import { isJsonObject } from "@foundry-mcp/core";

/** How long a client may reuse a result, and whether a shared cache may keep it. */
export interface CacheHint {
  ttlMs: number;
  cacheScope: "public" | "private";
}

/** The methods whose results the revision marks cacheable. */
export const CACHEABLE_METHODS: readonly string[] = [
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
];

/** No reuse unless a server says so: a hint of 0 ms, private. */
export const NO_CACHE: CacheHint = { ttlMs: 0, cacheScope: "private" };

/** Who a server is, for server/discover and for every modern result's `_meta`. */
export interface ServerIdentity {
  serverInfo: { name: string; version: string; title?: string };
  capabilities: Record<string, unknown>;
  instructions?: string;
  /** Cache hints by method, for the cacheable ones; others get NO_CACHE. */
  cacheHints?: Readonly<Partial<Record<string, CacheHint>>>;
}

/**
 * The 2026-07-28 form of a result the server produced for `method`.
 *
 * @example toModernResult("tools/list", { tools }, identity) // { tools, resultType: "complete", ttlMs: 0, cacheScope: "private", _meta: { … serverInfo } }
 */
export function toModernResult(method: string, result: Record<string, unknown>, identity: ServerIdentity): Record<string, unknown> {
  if (result.resultType === "input_required") return inputRequiredForm(result, identity);
  const modern: Record<string, unknown> = { ...result };
  if (typeof modern.resultType !== "string") modern.resultType = "complete";
  if (CACHEABLE_METHODS.includes(method)) {
    const hint = identity.cacheHints?.[method] ?? NO_CACHE;
    if (typeof modern.ttlMs !== "number") modern.ttlMs = hint.ttlMs;
    if (modern.cacheScope !== "public" && modern.cacheScope !== "private") modern.cacheScope = hint.cacheScope;
  }
  const meta = isJsonObject(modern._meta) ? modern._meta : {};
  if (meta[META_KEYS.serverInfo] === undefined) modern._meta = { ...meta, [META_KEYS.serverInfo]: identity.serverInfo };
  return modern;
}

// An input-required result carries its questions and state only: the SDK's tools/call result
// check adds `content: []` to every result, and no cache hint applies to a question.
function inputRequiredForm(result: Record<string, unknown>, identity: ServerIdentity): Record<string, unknown> {
  const meta = isJsonObject(result._meta) ? result._meta : {};
  return {
    resultType: "input_required",
    ...(result.inputRequests === undefined ? {} : { inputRequests: result.inputRequests }),
    ...(result.requestState === undefined ? {} : { requestState: result.requestState }),
    _meta: { ...meta, [META_KEYS.serverInfo]: meta[META_KEYS.serverInfo] ?? identity.serverInfo },
  };
}

/** Capability flags whose 2026-07-28 delivery (`subscriptions/listen`) this edge does not serve. */
const PUSH_FLAGS = ["listChanged", "subscribe"];

/**
 * The capabilities a modern client is told about: the same as over `initialize`, less the push
 * flags (`listChanged`, `subscribe`) set to true (false ones promise nothing and stay). In 2026-07-28 those promise a `subscriptions/listen` stream,
 * which a stateless request/answer edge has not got; advertising them would promise what -32601 refuses.
 */
export function modernCapabilities(capabilities: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(capabilities)) {
    out[name] = isJsonObject(value) ? Object.fromEntries(Object.entries(value).filter(([flag, on]) => !(PUSH_FLAGS.includes(flag) && on === true))) : value;
  }
  return out;
}

/** The answer to server/discover: the modern revisions, the capabilities, the instructions. */
export function discoverResult(identity: ServerIdentity): Record<string, unknown> {
  return toModernResult(
    "server/discover",
    {
      supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
      capabilities: modernCapabilities(identity.capabilities),
      serverInfo: identity.serverInfo,
      ...(identity.instructions === undefined ? {} : { instructions: identity.instructions }),
    },
    identity,
  );
}
