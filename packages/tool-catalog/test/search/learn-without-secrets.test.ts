// catalog.learn keeps a request less what looks like a secret or an identifier (core's
// learnableRequest, tested there), and refuses one holding nothing else.
import { describe, expect, it } from "vitest";
import { CatalogError, CatalogErrorCode, learnableRequest, ToolCatalog } from "../../src/index";

describe("catalog.learn keeps the learnable text only", () => {
  function catalog(): ToolCatalog {
    const built = new ToolCatalog({ search: { learning: { refreshMs: 0 } } });
    built.defineToolset({ name: "acme", prefix: "billing_", title: "Acme", description: "Acme tools" });
    built.register({ name: "billing_refund", toolset: "acme", kind: "write", description: "Refund a payment.", inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
    return built;
  }

  it("is core's rule, re-exported", () => {
    expect(learnableRequest("key sk-live-4f9aK2mXq81LzQ7wZ")).toBe("key");
  });

  it("learns the words without the key", async () => {
    const built = catalog();
    built.learn("give money back with key sk-live-4f9aK2mXq81LzQ7wZ", "billing_refund");
    expect(built.learnedRequests()).toEqual([{ tool: "billing_refund", request: "give money back with key" }]);
    expect((await built.search({ query: "give money back" })).results[0]?.name).toBe("billing_refund");
  });

  it("refuses a request that holds nothing but a secret, naming why", () => {
    const built = catalog();
    let refusal: unknown;
    try {
      built.learn("  sk-live-4f9aK2mXq81LzQ7wZ jane@example.com  ", "billing_refund");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(CatalogError);
    expect((refusal as CatalogError).code).toBe(CatalogErrorCode.INVALID_LEARNED_REQUEST);
    expect((refusal as CatalogError).message).toBe(
      "request holds only what looks like a secret, an address or an identifier; nothing is learned from it.",
    );
    expect(built.learnedRequests()).toEqual([]);
  });
});
