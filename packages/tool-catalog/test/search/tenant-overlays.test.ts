import { describe, expect, it } from "vitest";
import type { TermIndex } from "../../src/search/bm25f-index";
import { LearnedRequests } from "../../src/search/learned-requests";
import { MAX_TENANT_OVERLAYS, TenantOverlays, type OverlaidIndex } from "../../src/search/learned-tenants";

// An index that counts the overlays made over it (each one a distinct object).
function countingIndex(): OverlaidIndex & { made: number } {
  const index = {
    made: 0,
    overlay: () => {
      index.made += 1;
      return { made: index.made } as unknown as TermIndex;
    },
  };
  return index;
}

describe("TenantOverlays", () => {
  it("lets every overlay over a replaced index go at the first search over the new one (regression: idle tenants kept old indexes alive)", () => {
    const learning = new LearnedRequests({ refreshMs: 3_600_000 });
    for (const tenant of ["a", "b", "c"]) learning.add("tool", `words of ${tenant}`, tenant);
    const overlays = new TenantOverlays(learning);
    const old = countingIndex();
    for (const tenant of ["a", "b", "c"]) overlays.termsFor(old, tenant);
    expect(overlays.size).toBe(3);
    // Kept while the index stands: a second search reuses the overlay.
    const first = overlays.termsFor(old, "a");
    expect(overlays.termsFor(old, "a")).toBe(first);
    expect(old.made).toBe(3);
    // The index was rebuilt; only a searches again.
    const rebuilt = countingIndex();
    expect(overlays.termsFor(rebuilt, "a")).not.toBe(first);
    expect(overlays.size).toBe(1);
    expect(rebuilt.made).toBe(1);
  });

  it("keeps at most MAX_TENANT_OVERLAYS, the least recently searched going first, and none for a tenant with nothing learned", () => {
    const learning = new LearnedRequests({ refreshMs: 3_600_000 });
    const overlays = new TenantOverlays(learning);
    const index = countingIndex();
    for (let tenant = 0; tenant <= MAX_TENANT_OVERLAYS; tenant += 1) {
      learning.add("tool", `words of ${tenant}`, `t${tenant}`);
      overlays.termsFor(index, `t${tenant}`);
    }
    expect(overlays.size).toBe(MAX_TENANT_OVERLAYS);
    expect(overlays.termsFor(index, "nobody")).toBeUndefined();
    // t0 lost its overlay to the last tenant: searching again makes one more.
    overlays.termsFor(index, "t0");
    expect(index.made).toBe(MAX_TENANT_OVERLAYS + 2);
  });
});
