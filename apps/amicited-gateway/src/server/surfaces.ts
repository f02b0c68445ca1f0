// The progressive surfaces of the gateway, one per set of pinned toolsets, shared by every
// connection and every request that pins the same ones. Since 2025-era sessions live in the store,
// each HTTP request builds its Server (session.ts); building a surface compiles the base tools'
// argument validators (ajv), which cost ~100 ms a request before this cache. A surface holds no
// credential (the call context carries it), so sharing it is safe. At most MAX_SURFACES are kept,
// the oldest dropped first, since `?toolsets=` is the client's to choose.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createProgressiveSurface, type ProgressiveSurface } from "@foundry-mcp/progressive";
import type { CallContext } from "@foundry-mcp/tool-catalog";
import type { Gateway } from "./gateway";

/** A surface and the tools/list it answers (fixed, so a client's prompt cache stays valid). */
export interface PinnedSurface {
  surface: ProgressiveSurface<CallContext>;
  listed: Tool[];
}

const MAX_SURFACES = 64;
const byGateway = new WeakMap<Gateway, Map<string, PinnedSurface>>();

/** The surface for the raw `?toolsets=` value (names matched case-insensitively: `ESHOP` pins eshop). */
export function surfaceFor(gateway: Gateway, toolsets: string | undefined): PinnedSurface {
  const advertised = gateway.catalog.advertised(toolsets?.toLowerCase());
  // The base tools name the toolsets, so a toolset an upstream adds later makes a new surface.
  const toolsetNames = gateway.catalog.toolsets().map((toolset) => toolset.name);
  const key = `${toolsetNames.join(",")}|${advertised.map((tool) => tool.name).join(",")}`;
  let cache = byGateway.get(gateway);
  if (!cache) byGateway.set(gateway, (cache = new Map()));
  let pinned = cache.get(key);
  if (!pinned) {
    // A search and the tool chosen from it teach the catalog, whichever surface they came through.
    const surface = createProgressiveSurface({ catalog: gateway.catalog, advertised, ...(gateway.learning ? { learning: gateway.learning.surfaces } : {}) });
    pinned = { surface, listed: surface.listTools() as Tool[] };
    if (cache.size >= MAX_SURFACES) cache.delete(cache.keys().next().value as string);
    cache.set(key, pinned);
  }
  return pinned;
}
