import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";

// Tools of one toolset; the request says "registering" where a description says "registration".
function domainCatalog(options: ConstructorParameters<typeof ToolCatalog>[0] = {}): ToolCatalog {
  const catalog = new ToolCatalog(options);
  catalog.defineToolset({ name: "web", prefix: "web_", title: "Web", description: "Web helpers." });
  const tool = (name: string, description: string) => catalog.register({ name, toolset: "web", kind: "read", description, inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
  tool("web_domains", "Domain information and help with domain registration.");
  tool("web_parking", "Whether a parking space is free in a car park right now.");
  return catalog;
}

describe("search over derivational families", () => {
  it("finds a tool described with another form of the request's word (registering → registration)", async () => {
    expect((await domainCatalog().search({ query: "registering a name" })).results.map((result) => result.name)).toEqual(["web_domains"]);
    const page = await domainCatalog().search({ query: "is the name free for registering" });
    expect(page.results.map((result) => result.name)).toEqual(["web_parking", "web_domains"]);
    expect(page.results[1]!.matchedIn).toEqual(["description"]);
  });

  it("search.derivation: false matches the forms as the stemmer leaves them", async () => {
    expect((await domainCatalog({ search: { derivation: false } }).search({ query: "registering a name" })).results).toEqual([]);
    const page = await domainCatalog({ search: { derivation: false } }).search({ query: "is the name free for registering" });
    expect(page.results.map((result) => result.name)).toEqual(["web_parking"]);
  });
});
