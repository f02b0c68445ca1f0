// Learning from traffic: a search_tools request is learned for the tool the same caller then
// describes, reads or runs from that search's page, over a real ToolCatalog.
import { describe, expect, it } from "vitest";
import { ToolCatalog, type CallContext, type LearnedRequest } from "@foundry-mcp/tool-catalog";
import { createProgressiveSurface, MAX_CALLERS, SEARCHES_PER_CALLER, type SearchLearning } from "../src/index";

const ALICE: CallContext = { workspace: "w1", scope: "write", credentialId: "1" };
const BOB: CallContext = { workspace: "w1", scope: "write", credentialId: "2" };

function catalog(): ToolCatalog {
  const built = new ToolCatalog({ search: { learning: { refreshMs: 0 } } });
  built.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
  const tool = (name: string, kind: "read" | "write", description: string) => built.register({ name, toolset: "notes", kind, description, inputSchema: { type: "object" }, handler: () => ({ ok: name }) });
  tool("notes_list", "read", "List the saved notes. Newest first.");
  tool("notes_add", "write", "Add a note.");
  tool("notes_pin", "write", "Pin a note to the top of the list.");
  return built;
}

function learning(options: Partial<SearchLearning<CallContext>> = {}) {
  const store: LearnedRequest[] = [];
  const notes = catalog();
  const surface = createProgressiveSurface({ catalog: notes, learning: { learned: (pair) => store.push(pair), ...options } });
  const call = (context: CallContext, name: string, args: Record<string, unknown>) => surface.callTool(name, args, context);
  const names = async (query: string) => JSON.parse((await call(ALICE, "search_tools", { query })).content[0]!.text!).results.map((result: { name: string }) => result.name);
  return { notes, store, call, names };
}

describe("learning from search_tools followed by a call", () => {
  it("learns the request for the tool the caller then describes, so the deployment's words find it", async () => {
    const { notes, store, call, names } = learning();
    expect(await names("my jottings")).toEqual([]);
    expect(await names("show my jottings list")).toContain("notes_list");
    await call(ALICE, "describe_tool", { name: "notes_list" });
    expect(store).toEqual([{ request: "show my jottings list", tool: "notes_list" }]);
    expect(notes.learnedRequests()).toEqual(store);
    expect(await names("my jottings")).toEqual(["notes_list"]);
  });

  it("keeps what a tenant taught to that tenant's searches (tenantOf)", async () => {
    const CAROL: CallContext = { workspace: "w2", scope: "write", credentialId: "3" };
    const { notes, store, call } = learning({ tenantOf: (context) => context.workspace });
    const namesFor = async (context: CallContext, query: string) => JSON.parse((await call(context, "search_tools", { query })).content[0]!.text!).results.map((result: { name: string }) => result.name);
    await call(ALICE, "search_tools", { query: "show my jottings list" });
    await call(ALICE, "describe_tool", { name: "notes_list" });
    // The host is handed the pair as before; the catalog learned it for ALICE's workspace only.
    expect(store).toEqual([{ request: "show my jottings list", tool: "notes_list" }]);
    expect(notes.learnedRequests()).toEqual([{ request: "show my jottings list", tool: "notes_list", tenant: "w1" }]);
    expect(await namesFor(BOB, "my jottings")).toEqual(["notes_list"]);
    expect(await namesFor(CAROL, "my jottings")).toEqual([]);
  });

  it("pairs a call only with a search made in the call's tenant, when one caller spans tenants", async () => {
    const IN_W2: CallContext = { workspace: "w2", scope: "write", credentialId: "1" };
    // The caller is the user (credential 1) in either workspace; the tenant is the workspace.
    const { notes, store, call } = learning({ callerOf: (context) => context.credentialId!, tenantOf: (context) => context.workspace });
    await call(ALICE, "search_tools", { query: "show my jottings list" });
    await call(IN_W2, "describe_tool", { name: "notes_list" });
    expect(store).toEqual([]);
    expect(notes.learnedRequests()).toEqual([]);
    await call(ALICE, "describe_tool", { name: "notes_list" });
    expect(notes.learnedRequests()).toEqual([{ request: "show my jottings list", tool: "notes_list", tenant: "w1" }]);
  });

  it("learns a pair once, whether the caller describes the tool, reads it or both", async () => {
    const { store, call } = learning();
    await call(ALICE, "search_tools", { query: "show my jottings list" });
    await call(ALICE, "describe_tool", { name: "notes_list" });
    await call(ALICE, "read_tool", { name: "notes_list", arguments: {} });
    expect(store).toEqual([{ request: "show my jottings list", tool: "notes_list" }]);
    // A run admitted after a new search teaches that search too.
    await call(ALICE, "search_tools", { query: "stick a jotting to the top" });
    await call(ALICE, "run_tool", { name: "notes_pin", arguments: {} });
    expect(store).toEqual([
      { request: "show my jottings list", tool: "notes_list" },
      { request: "stick a jotting to the top", tool: "notes_pin" },
    ]);
  });

  it("learns nothing for a tool the search did not show, another caller's search, a browse or a refused call", async () => {
    const { store, call } = learning();
    await call(ALICE, "search_tools", { query: "pin to the top" });
    await call(ALICE, "describe_tool", { name: "notes_add" });
    await call(BOB, "describe_tool", { name: "notes_pin" });
    await call(ALICE, "search_tools", { query: "", toolset: "notes" });
    await call(ALICE, "describe_tool", { name: "notes_list" });
    // read_tool refuses a write tool: not admitted, not learned.
    await call(ALICE, "read_tool", { name: "notes_pin", arguments: {} });
    expect(store).toEqual([]);
    await call(ALICE, "describe_tool", { name: "notes_pin" });
    expect(store).toEqual([{ request: "pin to the top", tool: "notes_pin" }]);
  });

  it("searches but does not learn a request over the catalog's length bound", async () => {
    const { store, call, notes } = learning();
    const long = `list ${"very ".repeat(500)}old notes`;
    const answer = await call(ALICE, "search_tools", { query: long });
    expect(answer.isError).toBeUndefined();
    expect((await call(ALICE, "describe_tool", { name: "notes_list" })).isError).toBeUndefined();
    expect(store).toEqual([]);
    expect(notes.learnedRequests()).toEqual([]);
  });

  it("learns and hands the host the request without what looks like a secret or an address", async () => {
    const { store, call, notes } = learning();
    await call(ALICE, "search_tools", { query: "show my jottings list for jane@example.com key ghp_4f9aK2mXq81LzQ7wZbT" });
    await call(ALICE, "describe_tool", { name: "notes_list" });
    expect(store).toEqual([{ request: "show my jottings list for key", tool: "notes_list" }]);
    expect(notes.learnedRequests()).toEqual(store);
  });

  it(`remembers a caller's last ${SEARCHES_PER_CALLER} searches and the last ${MAX_CALLERS} callers`, async () => {
    const { store, call } = learning();
    await call(ALICE, "search_tools", { query: "pin to the top" });
    for (let search = 0; search < SEARCHES_PER_CALLER; search += 1) await call(ALICE, "search_tools", { query: `add item ${search}` });
    await call(ALICE, "describe_tool", { name: "notes_pin" });
    expect(store).toEqual([]);
    await call(BOB, "search_tools", { query: "pin to the top" });
    for (let caller = 0; caller < MAX_CALLERS; caller += 1) await call({ ...ALICE, credentialId: `other-${caller}` }, "search_tools", { query: "add a note" });
    await call(BOB, "describe_tool", { name: "notes_pin" });
    expect(store).toEqual([]);
  });

  it("pairs a search through one surface with a call through another given the same learning option", async () => {
    const store: LearnedRequest[] = [];
    const notes = catalog();
    const learning: SearchLearning<CallContext> = { learned: (pair) => store.push(pair) };
    const pinned = createProgressiveSurface({ catalog: notes, learning, advertised: [notes.get("notes_pin")!] });
    const plain = createProgressiveSurface({ catalog: notes, learning });
    await plain.callTool("search_tools", { query: "stick a jotting to the top" }, ALICE);
    await pinned.callTool("notes_pin", {}, ALICE);
    expect(store).toEqual([{ request: "stick a jotting to the top", tool: "notes_pin" }]);
  });

  it("tells the host the rank the chosen tool had in its search, a second page's offset counted", async () => {
    const kept: [LearnedRequest, number][] = [];
    const { call } = learning({ learned: (pair, _context, choice) => kept.push([pair, choice.rank]) });
    const first = JSON.parse((await call(ALICE, "search_tools", { query: "note list" })).content[0]!.text!).results.map((result: { name: string }) => result.name);
    expect(first.length).toBeGreaterThanOrEqual(3);
    await call(ALICE, "describe_tool", { name: first[1] });
    // The second page of one result from offset 2 shows the third hit: rank 3, not 1.
    const page = JSON.parse((await call(ALICE, "search_tools", { query: "a note to pin", offset: 2, limit: 1 })).content[0]!.text!);
    const third: string = page.results[0].name;
    await call(ALICE, "describe_tool", { name: third });
    expect(kept).toEqual([
      [{ request: "note list", tool: first[1] }, 2],
      [{ request: "a note to pin", tool: third }, 3],
    ]);
  });

  it("pairs by the host's caller when it names one, and learns nothing without the option", async () => {
    const byWorkspace = learning({ callerOf: (context) => context.workspace });
    await byWorkspace.call(ALICE, "search_tools", { query: "pin to the top" });
    await byWorkspace.call(BOB, "describe_tool", { name: "notes_pin" });
    expect(byWorkspace.store).toEqual([{ request: "pin to the top", tool: "notes_pin" }]);
    const notes = catalog();
    const plain = createProgressiveSurface({ catalog: notes });
    await plain.callTool("search_tools", { query: "pin to the top" }, ALICE);
    await plain.callTool("describe_tool", { name: "notes_pin" }, ALICE);
    expect(notes.learnedRequests()).toEqual([]);
  });
});
