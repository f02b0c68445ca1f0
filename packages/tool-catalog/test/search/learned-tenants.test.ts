import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { refusal } from "../__fixtures__/refusal";
import { fairShareCounts } from "@foundry-mcp/core";
import { DEFAULT_BM25F, MAX_TENANT_LENGTH, MAX_TENANT_OVERLAYS, ToolCatalog, type LearnedRequest, type ToolCatalogOptions } from "../../src/index";
// The shared 419-tool corpus of real MCP servers (bench/corpus.mjs loads it beside the repository).
import { fillCatalog, loadCorpus } from "../../bench/corpus.mjs";

const corpus = loadCorpus()!;
const MERGE = "github_merge_pull_request";
const LEARNING: ToolCatalogOptions = { search: { learning: { refreshMs: 0 } } };

interface LabelledQuery {
  query: string;
  expected: string[];
  set?: string;
}
const queriesOf = (file: string): LabelledQuery[] =>
  (
    JSON.parse(readFileSync(new URL(`../../bench/${file}`, import.meta.url), "utf8")) as {
      queries: LabelledQuery[];
    }
  ).queries;
// The project's tuned requests are what is learned; holdout 10's are what is searched.
const taught = queriesOf("tool-queries.json").map(({ query, expected }) => ({
  request: query,
  tool: expected[0]!.replace("/", "_"),
}));
const searched = queriesOf("tool-queries-holdout10.json").map(({ query }) => query);

function realCatalog(options: ToolCatalogOptions = LEARNING): ToolCatalog {
  const catalog = new ToolCatalog(options);
  fillCatalog(catalog, corpus);
  return catalog;
}

// A catalog of three note tools, for histories of many learns (no index is built).
const NOTES_TOOLS = ["notes_list", "notes_read", "notes_write"];
function notesCatalog(learning: NonNullable<ToolCatalogOptions["search"]>["learning"]): ToolCatalog {
  const catalog = new ToolCatalog({ search: { learning } });
  catalog.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
  for (const name of NOTES_TOOLS) catalog.register({ name, toolset: "notes", kind: "read", description: `The saved notes: ${name}.`, inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
  return catalog;
}

const first = async (catalog: ToolCatalog, query: string, tenant?: string) =>
  (await catalog.search({ query, ...(tenant === undefined ? {} : { tenant }) })).results[0]?.name;
const pages = (catalog: ToolCatalog, tenant?: string) =>
  Promise.all(
    searched.map(
      async (query) =>
        (await catalog.search({ query, ...(tenant === undefined ? {} : { tenant }) })).results,
    ),
  );

describe("learning per tenant (learn's and search's tenant)", () => {
  it("ranks a tenant's words only for that tenant's searches", async () => {
    const catalog = realCatalog();
    catalog.learn("ship the approved change", MERGE, "team-a");
    expect(await first(catalog, "ship my change", "team-a")).toBe(MERGE);
    expect(await first(catalog, "ship my change", "team-b")).not.toBe(MERGE);
    expect(await first(catalog, "ship my change")).not.toBe(MERGE);
    // What every search learned ranks for every tenant too.
    catalog.learn("ship the approved change", MERGE);
    expect(await first(catalog, "ship my change", "team-b")).toBe(MERGE);
  });

  it("ranks a tenant's search exactly as a catalog that learned its requests for every search", async () => {
    // Half the tuned requests learned for every search, the other half for the tenant alone:
    // tools in both halves merge their postings, tools in one keep theirs.
    const everyone = realCatalog();
    const tenanted = realCatalog();
    const untaught = realCatalog();
    taught.forEach(({ request, tool }, position) => {
      everyone.learn(request, tool);
      tenanted.learn(request, tool, position % 2 === 0 ? undefined : "team-a");
      if (position % 2 === 0) untaught.learn(request, tool);
    });
    const [withAll, asTenant, asOther, asNobody, halfTaught] = await Promise.all([
      pages(everyone),
      pages(tenanted, "team-a"),
      pages(tenanted, "team-b"),
      pages(tenanted),
      pages(untaught),
    ]);
    expect(asTenant).toEqual(withAll);
    expect(asOther).toEqual(halfTaught);
    expect(asNobody).toEqual(halfTaught);
    // The learned requests moved rankings, so the equality above compares different orders.
    expect(withAll).not.toEqual(halfTaught);
  });

  it("keeps tenants apart in the list, in forgets and in the bound of all requests", async () => {
    const catalog = realCatalog({ search: { learning: { refreshMs: 0, maxTotal: 3 } } });
    catalog.learn("ship the approved change", MERGE, "team-a");
    catalog.learn("ship it", MERGE, "team-b");
    catalog.learn("land it", MERGE);
    expect(catalog.learnedRequests()).toEqual([
      { tool: MERGE, request: "ship the approved change", tenant: "team-a" },
      { tool: MERGE, request: "ship it", tenant: "team-b" },
      { tool: MERGE, request: "land it" },
    ]);
    // Past maxTotal the tenant with the most requests loses its oldest (decision 0057), not team-a.
    catalog.learn("close the loop", "github_create_gist", "team-b");
    expect(catalog.learnedRequests().map(({ request }) => request)).toEqual([
      "ship the approved change",
      "land it",
      "close the loop",
    ]);
    expect(await first(catalog, "ship my change", "team-a")).toBe(MERGE);
    catalog.forgetLearned({ tenant: "team-b" });
    expect(catalog.learnedRequests()).toEqual([
      { tool: MERGE, request: "ship the approved change", tenant: "team-a" },
      { tool: MERGE, request: "land it" },
    ]);
    catalog.learn("ship it", MERGE, "team-b");
    catalog.forgetLearned(MERGE);
    expect(catalog.learnedRequests()).toEqual([]);
    catalog.learn("ship the approved change", MERGE, "team-b");
    catalog.learn("ship the approved change", MERGE, "team-a");
    catalog.forgetLearned({ tool: MERGE, tenant: "team-a" });
    expect(catalog.learnedRequests()).toEqual([
      { tool: MERGE, request: "ship the approved change", tenant: "team-b" },
    ]);
    expect(await first(catalog, "ship my change", "team-b")).toBe(MERGE);
    expect(await first(catalog, "ship my change", "team-a")).not.toBe(MERGE);
  });

  it("bounds each tenant's requests, so one that teaches a great deal cannot push out another's", async () => {
    const catalog = realCatalog({ search: { learning: { refreshMs: 0, maxTotal: 10, maxPerTenant: 4 } } });
    catalog.learn("ship the approved change", MERGE, "team-b");
    catalog.learn("land it", MERGE);
    for (let turn = 0; turn < 12; turn += 1) catalog.learn(`find gists number ${"i".repeat(turn + 1)}`, "github_create_gist", "team-a");
    const kept = catalog.learnedRequests();
    // team-a keeps its four newest; team-b's and every search's are untouched.
    expect(kept.filter(({ tenant }) => tenant === "team-a").map(({ request }) => request)).toEqual([9, 10, 11, 12].map((count) => `find gists number ${"i".repeat(count)}`));
    expect(kept.filter(({ tenant }) => tenant !== "team-a")).toEqual([
      { tool: MERGE, request: "ship the approved change", tenant: "team-b" },
      { tool: MERGE, request: "land it" },
    ]);
    expect(await first(catalog, "ship my change", "team-b")).toBe(MERGE);
    expect(refusal(() => new ToolCatalog({ search: { learning: { maxPerTenant: 0 } } })).message).toBe("search.learning.maxPerTenant must be an integer from 1 to 1000000; got 0.");
  });

  // Decision 0057: past maxTotal the first maxTotal by place from their tenant's newest, then newer
  // first, stay, so each tenant keeps min(count, L) or L + 1; before, the oldest request of any
  // tenant went, so busy tenants' new requests pushed out everything a quiet tenant had learned.
  it("cuts only the busiest tenants past maxTotal, each to the same level, so a quiet tenant keeps what it learned (regression: busy tenants' volume evicted it)", async () => {
    const catalog = realCatalog({ search: { learning: { refreshMs: 0, maxTotal: 20 } } });
    const gists = (count: number) => `find gists number ${"i".repeat(count)}`;
    catalog.learn("ship the approved change", MERGE, "quiet");
    catalog.learn("stash a snippet somewhere", "github_create_gist", "quiet");
    // Requests learned for every search count as one tenant of their own.
    for (let count = 1; count <= 8; count += 1) catalog.learn(`every search asks ${"o".repeat(count)}`, "github_list_issues");
    catalog.learn("tidy the backlog", "github_list_issues", "busy-0");
    expect(await first(catalog, "tidy the backlog", "busy-0")).toBe("github_list_issues");
    const busy = ["busy-0", "busy-1", "busy-2", "busy-3", "busy-4"];
    for (let count = 1; count <= 6; count += 1) for (const tenant of busy) catalog.learn(gists(count), "github_create_gist", tenant);
    // 2 + 8 + 7 + 4 × 6 learned, 20 kept: the quiet tenant's 2 fit, the six others share 18 (level 3).
    const kept = catalog.learnedRequests();
    const requestsOf = (tenant?: string) => kept.filter((learned) => learned.tenant === tenant).map(({ request }) => request);
    expect(kept).toHaveLength(20);
    expect(requestsOf("quiet")).toEqual(["ship the approved change", "stash a snippet somewhere"]);
    expect(requestsOf(undefined)).toEqual([6, 7, 8].map((count) => `every search asks ${"o".repeat(count)}`));
    for (const tenant of busy) expect(requestsOf(tenant)).toEqual([gists(4), gists(5), gists(6)]);
    // The quiet tenant still ranks with its requests; busy-0's overlay was made again without its oldest.
    expect(await first(catalog, "ship my change", "quiet")).toBe(MERGE);
    expect(await first(catalog, "stash a snippet", "quiet")).toBe("github_create_gist");
    expect(await first(catalog, "tidy the backlog", "busy-0")).not.toBe("github_list_issues");
    // One more request of a busy tenant past the bound costs only that tenant its oldest.
    catalog.learn(gists(7), "github_create_gist", "busy-2");
    const after = catalog.learnedRequests();
    expect(after).toHaveLength(20);
    expect(after.filter(({ tenant }) => tenant === "busy-2").map(({ request }) => request)).toEqual([gists(5), gists(6), gists(7)]);
    expect(after.filter(({ tenant }) => tenant !== "busy-2")).toEqual(kept.filter(({ tenant }) => tenant !== "busy-2"));
  });

  // Decision 0057: the level alone (each tenant its newest min(count, L)) rounds down and leaves
  // places free that later requests fill, so a catalog cutting at every learn and a store cutting
  // once a minute kept different requests. The places the level leaves go to the tenants whose
  // next request is newest, so exactly maxTotal stay.
  it("fills maxTotal exactly when the level rounds down, the free places to the tenants whose next request is newest (regression: the level alone left them free)", () => {
    const catalog = notesCatalog({ maxTotal: 16 });
    const busy = ["busy-0", "busy-1", "busy-2", "busy-3", "busy-4"];
    catalog.learn("quiet words one", "notes_list", "quiet");
    catalog.learn("quiet words two", "notes_read", "quiet");
    for (let round = 1; round <= 6; round += 1) for (const tenant of busy) catalog.learn(`${tenant} words ${round}`, round % 2 === 0 ? "notes_list" : "notes_read", tenant);
    // 2 + 5 × 6 over 16: level 2 keeps 12; the four places left go to the four busy tenants whose
    // 3rd newest (round 4) is newest: busy-1 to busy-4. The level alone kept 12 at the last cut.
    const kept = catalog.learnedRequests();
    expect(kept).toHaveLength(16);
    const requestsOf = (tenant: string) => kept.filter((learned) => learned.tenant === tenant).map(({ request }) => request);
    expect(requestsOf("quiet")).toEqual(["quiet words one", "quiet words two"]);
    expect(requestsOf("busy-0")).toEqual(["busy-0 words 5", "busy-0 words 6"]);
    for (const tenant of busy.slice(1)) expect(requestsOf(tenant)).toEqual([4, 5, 6].map((round) => `${tenant} words ${round}`));
  });

  // The property that lets workspace-store's log (which cuts at most once a minute) keep what the
  // catalog keeps: a catalog that cuts at every learn keeps what one that never cut would keep,
  // cut once at the end by core's fairShareCounts, through requests said again and the per-tool
  // and per-tenant bounds.
  it("keeps what a catalog that never cut keeps when cut once at the end (random histories over random tenants and tools)", () => {
    let seed = 11;
    const next = (most: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % (most + 1);
    };
    // A catalog takes ~20 ms to make: one pair per set of bounds, emptied for each history.
    const made = new Map<string, [ToolCatalog, ToolCatalog]>();
    const pick = (choices: readonly number[]) => choices[next(choices.length - 1)]!;
    for (let trial = 0; trial < 400; trial += 1) {
      const bounds = { maxTotal: pick([1, 2, 3, 5, 8, 13]), maxPerTool: pick([1, 2, 20]), maxPerTenant: pick([3, 8, 5000]) };
      const key = JSON.stringify(bounds);
      if (!made.has(key)) made.set(key, [notesCatalog(bounds), notesCatalog({ ...bounds, maxTotal: 1_000_000 })]);
      const [cutting, uncut] = made.get(key)!;
      for (const catalog of [cutting, uncut]) catalog.forgetLearned();
      const tenants = 1 + next(5);
      for (let step = next(60); step > 0; step -= 1) {
        // Every search's requests (no tenant) are a tenant of their own; a small vocabulary says requests again.
        const tenant = next(tenants) === 0 ? undefined : `t${next(tenants - 1)}`;
        const [request, tool] = [`words ${next(15)}`, NOTES_TOOLS[next(NOTES_TOOLS.length - 1)]!];
        for (const catalog of [cutting, uncut]) catalog.learn(request, tool, tenant);
      }
      // Once at the end: rank the uncut catalog's requests (oldest first, so a later one is newer) per tenant.
      const all = uncut.learnedRequests();
      const byTenant = new Map<string | undefined, number[]>();
      for (const [index, { tenant }] of all.entries()) byTenant.set(tenant, [index, ...(byTenant.get(tenant) ?? [])]);
      const groups = [...byTenant.values()];
      const counts = fairShareCounts(groups.map((group) => group.length), bounds.maxTotal, (group, place) => groups[group]![place]!);
      const keep = new Set(groups.flatMap((group, index) => group.slice(0, counts[index])));
      expect(cutting.learnedRequests()).toEqual(all.filter((_, index) => keep.has(index)));
    }
  });

  // The catalog finds a tenant's n-th newest and its oldest from one list per tenant (learn order),
  // kept beside each tool's: this checks that list through moves, the per-tool and per-tenant
  // bounds and forgets, against the rule written out over every request.
  it("keeps, after every learn and forget, what the rule written out over every request keeps (random histories)", () => {
    let seed = 3;
    const next = (most: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % (most + 1);
    };
    type Kept = LearnedRequest & { at: number };
    const same = (tenant: string | undefined, tool?: string) => (kept: Kept) => kept.tenant === tenant && (tool === undefined || kept.tool === tool);
    for (let trial = 0; trial < 150; trial += 1) {
      const bounds = { maxTotal: 1 + next(10), maxPerTool: 1 + next(3), maxPerTenant: 1 + next(6) };
      const catalog = notesCatalog(bounds);
      let model: Kept[] = [];
      for (let step = 1; step <= 40; step += 1) {
        const tenant = next(2) === 0 ? undefined : `t${next(1)}`;
        if (next(8) === 0) {
          const selection = next(1) === 0 ? { tool: NOTES_TOOLS[next(2)]! } : { tenant: tenant ?? "t0" };
          catalog.forgetLearned(selection);
          model = model.filter((kept) => !((selection.tool === undefined || kept.tool === selection.tool) && (selection.tenant === undefined || kept.tenant === selection.tenant)));
        } else {
          const [tool, request] = [NOTES_TOOLS[next(2)]!, `words ${next(7)}`];
          catalog.learn(request, tool, tenant);
          model = model.filter((kept) => !(same(tenant, tool)(kept) && kept.request === request));
          model.push({ tool, request, ...(tenant === undefined ? {} : { tenant }), at: step });
          const ofTool = model.filter(same(tenant, tool));
          if (ofTool.length > bounds.maxPerTool) model = model.filter((kept) => kept !== ofTool[0]);
          const ofTenant = model.filter(same(tenant));
          if (tenant !== undefined && ofTenant.length > bounds.maxPerTenant) model = model.filter((kept) => kept !== ofTenant[0]);
          // Rank by place from the tenant's newest, then newer first; keep the first maxTotal.
          const place = new Map<Kept, number>();
          for (const kept of [...model].reverse()) place.set(kept, model.filter((other) => other.tenant === kept.tenant && other.at > kept.at).length);
          const first = new Set([...model].sort((left, right) => place.get(left)! - place.get(right)! || right.at - left.at).slice(0, bounds.maxTotal));
          model = model.filter((kept) => first.has(kept));
        }
        expect(catalog.learnedRequests()).toEqual(model.map(({ at: _at, ...learned }) => learned));
      }
    }
  });

  it("ranks with a tenant's new requests after all its old ones were pushed out (regression: its overlay was reused)", async () => {
    const catalog = realCatalog({ search: { learning: { refreshMs: 0, maxTotal: 1 } } });
    catalog.learn("ship the approved change", MERGE, "team-a");
    expect(await first(catalog, "ship my change", "team-a")).toBe(MERGE);
    // team-b's request pushes team-a's out; team-a then learns one new request, its first again.
    catalog.learn("tidy the backlog", "github_list_issues", "team-b");
    catalog.learn("stash a snippet somewhere", "github_create_gist", "team-a");
    expect(catalog.learnedRequests()).toEqual([{ tool: "github_create_gist", request: "stash a snippet somewhere", tenant: "team-a" }]);
    expect(await first(catalog, "stash a snippet", "team-a")).toBe("github_create_gist");
    expect(await first(catalog, "ship my change", "team-a")).not.toBe(MERGE);
  });

  it("counts a request learned for every search and for the tenant once, as a catalog that learned it twice for every search does", async () => {
    const everyone = realCatalog();
    const both = realCatalog();
    for (const catalog of [everyone, both]) catalog.learn("ship the approved change", MERGE);
    everyone.learn("Ship the approved change", MERGE);
    both.learn("Ship the approved change", MERGE, "team-a");
    expect((await both.search({ query: "ship my change", tenant: "team-a" })).results).toEqual((await everyone.search({ query: "ship my change" })).results);
  });

  it("reads a request said again in another case, whose words differ ('GitHub' splits, 'github' does not)", async () => {
    const catalog = new ToolCatalog({ search: { learning: { refreshMs: 0 } } });
    catalog.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
    catalog.register({ name: "notes_list", toolset: "notes", kind: "read", description: "List the saved notes.", inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
    for (const tenant of [undefined, "team-a"]) {
      catalog.learn("GitHub jottings", "notes_list", tenant);
      expect(await first(catalog, "hub", tenant)).toBe("notes_list");
      catalog.learn("github jottings", "notes_list", tenant);
      expect(await first(catalog, "hub", tenant)).toBeUndefined();
      catalog.forgetLearned();
    }
  });

  it("ranks a tenant's search as every search's with k1 = 0 (presence only)", async () => {
    const options: ToolCatalogOptions = { search: { learning: { refreshMs: 0 }, bm25f: { ...DEFAULT_BM25F, k1: 0 } } };
    const everyone = realCatalog(options);
    const tenanted = realCatalog(options);
    everyone.learn("ship the approved change", MERGE);
    everyone.learn("ship it now", MERGE);
    tenanted.learn("ship the approved change", MERGE);
    tenanted.learn("ship it now", MERGE, "team-a");
    const page = (await tenanted.search({ query: "ship it", tenant: "team-a" })).results;
    expect(page.every(({ score }) => Number.isFinite(score))).toBe(true);
    expect(page).toEqual((await everyone.search({ query: "ship it" })).results);
  });

  it("forgets a tenant's words at the next search, its overlay made again", async () => {
    const catalog = realCatalog({ search: { learning: { refreshMs: 3_600_000 } } });
    catalog.learn("ship the approved change", MERGE, "team-a");
    // The tenant's first search lays its requests over the index at once.
    expect(await first(catalog, "ship my change", "team-a")).toBe(MERGE);
    // Within refreshMs a new request waits, as one learned for every search does.
    catalog.learn("tidy the backlog", "github_list_issues", "team-a");
    expect(await first(catalog, "tidy the backlog", "team-a")).not.toBe("github_list_issues");
    catalog.forgetLearned({ tenant: "team-a", tool: MERGE });
    expect(await first(catalog, "ship my change", "team-a")).not.toBe(MERGE);
    expect(await first(catalog, "tidy the backlog", "team-a")).toBe("github_list_issues");
  });

  it("ranks right for more tenants than it keeps overlays for", async () => {
    const catalog = realCatalog();
    const tenants = Array.from(
      { length: MAX_TENANT_OVERLAYS + 6 },
      (_, position) => `tenant-${position}`,
    );
    for (const tenant of tenants)
      catalog.learn(`ship the approved change for ${tenant}`, MERGE, tenant);
    for (const tenant of tenants)
      expect(await first(catalog, "ship my change", tenant)).toBe(MERGE);
    // The first tenants lost their overlays to the last ones and get them made again.
    for (const tenant of tenants.slice(0, 3))
      expect(await first(catalog, "ship my change", tenant)).toBe(MERGE);
    expect(await first(catalog, "ship my change", "nobody")).not.toBe(MERGE);
  });

  it("refuses a tenant that is empty, too long or not a string, naming the bound", async () => {
    const catalog = realCatalog();
    for (const tenant of ["", "t".repeat(MAX_TENANT_LENGTH + 1), 7 as unknown as string]) {
      const error = refusal(() => catalog.learn("ship it", MERGE, tenant));
      expect(error.code).toBe("INVALID_TENANT");
      expect(error.message).toContain(`1 to ${MAX_TENANT_LENGTH} characters`);
      await expect(catalog.search({ query: "ship it", tenant })).rejects.toMatchObject({
        code: "INVALID_TENANT",
      });
      expect(refusal(() => catalog.forgetLearned({ tenant })).code).toBe("INVALID_TENANT");
    }
    expect(refusal(() => catalog.learn("ship it", MERGE, "")).message).toBe(
      `tenant must be a string of 1 to ${MAX_TENANT_LENGTH} characters naming whose searches a learned request ranks; got 0 characters.`,
    );
    catalog.learn("ship it", MERGE, "t".repeat(MAX_TENANT_LENGTH));
    expect(catalog.learnedRequests()).toHaveLength(1);
  });

  it("ignores tenants when learning is off", async () => {
    const catalog = realCatalog({ search: { learning: false } });
    catalog.learn("ship the approved change", MERGE, "team-a");
    expect(catalog.learnedRequests()).toEqual([]);
    expect(await first(catalog, "ship my change", "team-a")).not.toBe(MERGE);
  });
});
