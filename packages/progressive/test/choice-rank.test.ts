// Search measured in use: the rank a chosen tool had in the search_tools answer that showed it goes
// to foundry_tool_search_choice_rank in the process's metrics, with learning on or off.
import { describe, expect, it } from "vitest";
import { currentTelemetry } from "@foundry-mcp/telemetry";
import { ToolCatalog, type CallContext } from "@foundry-mcp/tool-catalog";
import { CHOICE_RANK_METRIC, createProgressiveSurface, type SearchLearning } from "../src/index";

const ALICE: CallContext = { workspace: "w1", scope: "write", credentialId: "1" };

function surfaceOver(learning?: SearchLearning<CallContext>) {
  const notes = new ToolCatalog({ search: { learning: { refreshMs: 0 } } });
  notes.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
  const tool = (name: string, description: string) => notes.register({ name, toolset: "notes", kind: "read", description, inputSchema: { type: "object" }, handler: () => ({ ok: name }) });
  tool("notes_list", "List the saved notes, newest first.");
  tool("notes_find", "Find saved notes by a word in them.");
  tool("notes_count", "Count the saved notes.");
  const surface = createProgressiveSurface({ catalog: notes, ...(learning ? { learning } : {}) });
  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await surface.callTool(name, args, ALICE);
    expect(answer.isError).toBeUndefined();
    return JSON.parse(answer.content[0]!.text!) as { results?: { name: string }[] };
  };
  return { notes, call };
}

// The histogram's cumulative bucket counts and its count, read from the /metrics text.
async function choiceRanks(): Promise<{ buckets: Record<string, number>; count: number }> {
  const text = await currentTelemetry().metrics.render();
  const buckets: Record<string, number> = {};
  for (const [, le, value] of text.matchAll(new RegExp(`^${CHOICE_RANK_METRIC}_bucket\\{le="([^"]+)"\\} (\\d+)$`, "gm"))) buckets[le!] = Number(value);
  const count = new RegExp(`^${CHOICE_RANK_METRIC}_count (\\d+)$`, "m").exec(text);
  return { buckets, count: count ? Number(count[1]) : 0 };
}

describe("the rank of a chosen tool in its search (foundry_tool_search_choice_rank)", () => {
  it("counts each chosen tool once at the rank its search showed it, page offsets included, without learning", async () => {
    const { notes, call } = surfaceOver();
    const before = await choiceRanks();
    const first = await call("search_tools", { query: "saved notes" });
    const names = first.results!.map((result) => result.name);
    expect(names.length).toBe(3);
    // The second hit, described then read: one observation at rank 2.
    await call("describe_tool", { name: names[1] });
    await call("read_tool", { name: names[1], arguments: {} });
    // A second page of one result starting at offset 2: its only hit has rank 3.
    const page = await call("search_tools", { query: "saved notes", offset: 2, limit: 1 });
    await call("describe_tool", { name: page.results![0]!.name });
    const after = await choiceRanks();
    expect(after.count - before.count).toBe(2);
    const added = (le: string) => (after.buckets[le] ?? 0) - (before.buckets[le] ?? 0);
    expect([added("1"), added("2"), added("3"), added("10"), added("+Inf")]).toEqual([0, 1, 2, 2, 2]);
    // Measuring is not learning: a surface with no learning option teaches the catalog nothing.
    expect(notes.learnedRequests()).toEqual([]);
  });

  it("pairs a search through one surface with a choice through another over the same catalog, without learning", async () => {
    const notes = new ToolCatalog();
    notes.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
    notes.register({ name: "notes_list", toolset: "notes", kind: "read", description: "List the saved notes.", inputSchema: { type: "object" }, handler: () => ({}) });
    // A host making one surface per pinned toolset list (the gateway) keeps one memory of searches.
    const [first, second] = [createProgressiveSurface({ catalog: notes }), createProgressiveSurface({ catalog: notes, advertised: notes.list() })];
    const before = await choiceRanks();
    await first.callTool("search_tools", { query: "saved notes" }, ALICE);
    await second.callTool("describe_tool", { name: "notes_list" }, ALICE);
    expect((await choiceRanks()).count - before.count).toBe(1);
  });

  it("counts nothing for a tool no recent search showed, and counts the same way when learning", async () => {
    const learned: string[] = [];
    const { notes, call } = surfaceOver({ learned: (pair) => learned.push(pair.tool) });
    const before = await choiceRanks();
    await call("describe_tool", { name: "notes_count" });
    expect((await choiceRanks()).count).toBe(before.count);
    const found = await call("search_tools", { query: "find notes by a word" });
    expect(found.results![0]!.name).toBe("notes_find");
    await call("describe_tool", { name: "notes_find" });
    const after = await choiceRanks();
    expect(after.count - before.count).toBe(1);
    expect((after.buckets["1"] ?? 0) - (before.buckets["1"] ?? 0)).toBe(1);
    expect(learned).toEqual(["notes_find"]);
    expect(notes.learnedRequests()).toEqual([{ request: "find notes by a word", tool: "notes_find" }]);
  });
});
