// The overlays of the tenants that searched lately (decision 0056): each one lays a tenant's
// learned requests over the catalog's current index (search/learned-overlay.ts). An overlay is
// made again when the index was rebuilt, or when the tenant learned since and it is `refreshMs`
// old (as the index reads the requests of every search). At most MAX_TENANT_OVERLAYS are kept;
// the tenant that searched least lately loses its overlay first and gets a new one at its next
// search (a few milliseconds: only its own requests are read).
// Neighbours: catalog.ts asks for a tenant's terms at each search; learned-requests.ts keeps the requests.

import type { TermIndex } from "./bm25f-index";
import type { LearnedRequests } from "./learned-requests";

/** Tenant overlays kept at once. */
export const MAX_TENANT_OVERLAYS = 64;

/** What an overlay is laid over: the catalog's current index. */
export interface OverlaidIndex {
  overlay(learned: ReadonlyMap<string, string>): TermIndex;
}

interface KeptOverlay {
  version: number;
  madeAt: number;
  terms: TermIndex;
}

/** The overlays of recent tenants, least recently searched first. */
export class TenantOverlays {
  private readonly kept = new Map<string, KeptOverlay>();
  // The index the kept overlays lie over.
  private index: OverlaidIndex | undefined;

  constructor(private readonly learning: LearnedRequests) {}

  /** Overlays kept now. */
  get size(): number {
    return this.kept.size;
  }

  /** What `tenant`'s searches rank with over `index`: undefined (the index itself) while it learned nothing. */
  termsFor(index: OverlaidIndex, tenant: string): TermIndex | undefined {
    // Overlays over an index that was replaced are never used again: they go with it, not one by
    // one as their tenants search (an idle tenant's would keep the old index alive).
    if (this.index !== index) {
      this.kept.clear();
      this.index = index;
    }
    const version = this.learning.tenantVersion(tenant);
    const kept = this.kept.get(tenant);
    this.kept.delete(tenant);
    if (version === undefined) return undefined;
    const now = performance.now();
    // Every kept overlay lies over `index` (above), so only its age and version decide.
    const current = kept !== undefined && (kept.version === version || now - kept.madeAt < this.learning.refreshMs);
    const overlay = current ? kept : { version, madeAt: now, terms: index.overlay(this.learning.tenantTexts(tenant)) };
    this.kept.set(tenant, overlay);
    if (this.kept.size > MAX_TENANT_OVERLAYS) this.kept.delete(this.kept.keys().next().value!);
    return overlay.terms;
  }

  /** Drops every overlay (after a forget: the next search of each tenant reads what is left). */
  clear(): void {
    this.kept.clear();
  }
}
