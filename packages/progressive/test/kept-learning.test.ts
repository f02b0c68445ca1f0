// KeptLearning: the pairs an aggregating surface keeps, taught to each catalog it builds and
// followed while the keeper's pairs change under it (another process learned or forgot some),
// over a real ToolCatalog and a keeper in memory with a clock the test moves.
import { describe, expect, it } from "vitest";
import { ToolCatalog, type LearnedRequest } from "@foundry-mcp/tool-catalog";
import { KeptLearning, type LearnedRequestKeeper } from "../src/kept-learning";

function catalog(): ToolCatalog {
  const built = new ToolCatalog({ search: { learning: { refreshMs: 0 } } });
  built.defineToolset({
    name: "notes",
    prefix: "notes_",
    title: "Notes",
    description: "Saved notes.",
  });
  for (const [name, description] of [
    ["notes_list", "List the saved notes."],
    ["notes_add", "Add a note."],
    ["notes_pin", "Pin a note to the top."],
  ] as const) {
    built.register({
      name,
      toolset: "notes",
      kind: "read",
      description,
      inputSchema: { type: "object" },
      handler: () => ({}),
    });
  }
  return built;
}

// Pairs shared by several processes, as the home's file is: each change bumps a version.
class SharedPairs {
  pairs: LearnedRequest[] = [];
  version = 0;
  change(pairs: LearnedRequest[]): void {
    this.pairs = pairs;
    this.version += 1;
  }
  keeper(): LearnedRequestKeeper & { looks: number } {
    return keeperOf(this);
  }
}

// One process's keeper over the shared pairs: it knows the version it last read.
function keeperOf(shared: SharedPairs): LearnedRequestKeeper & { looks: number } {
  let seen = -1;
  return {
    looks: 0,
    load() {
      seen = shared.version;
      return [...shared.pairs];
    },
    add(pairs) {
      shared.change([...shared.pairs, ...pairs]);
    },
    loadIfChanged() {
      this.looks += 1;
      return seen === shared.version ? undefined : this.load();
    },
  };
}

const first = async (notes: ToolCatalog, query: string): Promise<string | undefined> =>
  (await notes.search({ query })).results[0]?.name;

describe("KeptLearning", () => {
  it("teaches a built catalog the kept pairs of the tools it has, leaving out what it refuses", async () => {
    const shared = new SharedPairs();
    shared.change([
      { tool: "notes_pin", request: "stick a jotting up" },
      { tool: "notes_gone", request: "a tool no longer served" },
      { tool: "notes_add", request: "   " },
    ]);
    const notes = catalog();
    new KeptLearning(shared.keeper()).teach(notes);
    expect(notes.learnedRequests()).toEqual([{ tool: "notes_pin", request: "stick a jotting up" }]);
    expect(await first(notes, "jotting")).toBe("notes_pin");
  });

  it("follows the keeper: learns what another process gained and forgets what was forgotten, looking at most every followMs", async () => {
    let now = 0;
    const shared = new SharedPairs();
    const keeper = shared.keeper();
    const kept = new KeptLearning(keeper, 1000, () => now);
    const notes = catalog();
    kept.teach(notes);
    // Another serve learns a pair.
    shared.change([{ tool: "notes_pin", request: "stick a jotting up" }]);
    now = 999;
    kept.follow(notes);
    expect(keeper.looks).toBe(0);
    expect(await first(notes, "jotting")).toBeUndefined();
    now = 1000;
    kept.follow(notes);
    expect(keeper.looks).toBe(1);
    expect(await first(notes, "jotting")).toBe("notes_pin");
    // Nothing changed: one look, nothing learned again.
    now = 2000;
    kept.follow(notes);
    expect(keeper.looks).toBe(2);
    expect(notes.learnedRequests()).toEqual([{ tool: "notes_pin", request: "stick a jotting up" }]);
    // `foya learned forget` removes it; a second pair of the same tool stays.
    shared.change([{ tool: "notes_pin", request: "fasten it on top" }]);
    now = 3000;
    kept.follow(notes);
    expect(notes.learnedRequests()).toEqual([{ tool: "notes_pin", request: "fasten it on top" }]);
    expect(await first(notes, "jotting")).toBeUndefined();
  });

  it("never forgets a pair its own client taught while another process changes the keeper", async () => {
    let now = 0;
    const shared = new SharedPairs();
    const kept = new KeptLearning(shared.keeper(), 0, () => now);
    const notes = catalog();
    kept.teach(notes);
    notes.learn("my jottings", "notes_list");
    kept.learned({ tool: "notes_list", request: "my jottings" });
    shared.change([...shared.pairs, { tool: "notes_add", request: "jot down" }]);
    now = 1;
    kept.follow(notes);
    expect(notes.learnedRequests()).toEqual([
      { tool: "notes_list", request: "my jottings" },
      { tool: "notes_add", request: "jot down" },
    ]);
    expect(await first(notes, "my jottings")).toBe("notes_list");
  });

  it("without loadIfChanged reads the keeper once", () => {
    const shared = new SharedPairs();
    const { load, add } = shared.keeper();
    const kept = new KeptLearning({ load, add }, 0, () => 1);
    const notes = catalog();
    kept.teach(notes);
    shared.change([{ tool: "notes_pin", request: "stick a jotting up" }]);
    kept.follow(notes);
    expect(notes.learnedRequests()).toEqual([]);
  });
});
