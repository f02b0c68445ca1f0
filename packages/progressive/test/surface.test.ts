// The surface over a real ToolCatalog: listing, argument checks through the catalog's validator,
// dispatch, and the one result format for answers and refusals.
import { describe, expect, it } from "vitest";
import { CodedError } from "@foundry-mcp/core";
import { ToolCatalog, type CallContext } from "@foundry-mcp/tool-catalog";
import { BASE_TOOL_NAMES, createProgressiveSurface } from "../src/index";

const READER: CallContext = { workspace: "w1", scope: "read" };
const WRITER: CallContext = { workspace: "w1", scope: "write" };

// A host's own error class, as every Foundry package and app defines one.
class HostError extends CodedError<"NOT_FOUND"> {
  static override readonly brand: symbol = Symbol.for("test.HostError");
  override readonly name = "HostError";
}

function catalog(): ToolCatalog {
  const built = new ToolCatalog();
  built.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
  built.register({ name: "notes_list", toolset: "notes", kind: "read", description: "List the saved notes. Newest first.", inputSchema: { type: "object" }, handler: () => ({ notes: ["a"] }) });
  built.register({ name: "notes_wipe", toolset: "notes", kind: "destructive", description: "Delete every note.", inputSchema: { type: "object" }, handler: () => "wiped" });
  built.register({
    name: "notes_fail",
    toolset: "notes",
    kind: "read",
    description: "Always fails with a host error.",
    inputSchema: { type: "object" },
    handler: () => {
      throw new HostError("NOT_FOUND", "no such note");
    },
  });
  return built;
}

const textOf = (result: { content: Array<{ text?: string }> }): string => result.content.map((block) => block.text ?? "").join("");

describe("createProgressiveSurface", () => {
  const surface = createProgressiveSurface({ catalog: catalog() });

  it("lists the base four with closed schemas and the toolsets as an enum", () => {
    const tools = surface.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...BASE_TOOL_NAMES]);
    const search = tools[0]!.inputSchema as unknown as { properties: { toolset: { enum: string[] } }; additionalProperties: boolean };
    expect(search.properties.toolset.enum).toEqual(["notes"]);
    expect(tools.every((tool) => tool.inputSchema.additionalProperties === false)).toBe(true);
    expect(tools.find((tool) => tool.name === "read_tool")?.annotations?.readOnlyHint).toBe(true);
  });

  it("answers search_tools and describe_tool as compact JSON and structuredContent", async () => {
    const found = await surface.callTool("search_tools", { query: "", toolset: "notes", limit: 1 }, READER);
    expect(found.structuredContent).toEqual({
      results: [{ name: "notes_fail", toolset: "notes", kind: "read", summary: "Always fails with a host error." }],
      paging: { offset: 0, limit: 1, total: 3, has_more: true, next_offset: 1 },
    });
    expect(JSON.parse(textOf(found))).toEqual(found.structuredContent);
    const described = await surface.callTool("describe_tool", { name: "notes_wipe" }, READER);
    expect(described.structuredContent).toMatchObject({ name: "notes_wipe", kind: "destructive", annotations: { readOnlyHint: false, destructiveHint: true } });
  });

  it("names a near-duplicate in the result it is shown with, and adds nothing when there is none", async () => {
    const variants = new ToolCatalog();
    variants.defineToolset({ name: "files", prefix: "files_", title: "Files", description: "Local files." });
    const register = (name: string, description: string) => variants.register({ name, toolset: "files", kind: "read", description, inputSchema: { type: "object" }, handler: () => "ok" });
    register("files_list_directory", "List all files and directories in a path.");
    register("files_list_directory_with_sizes", "List all files and directories in a path, with sizes.");
    register("files_get_info", "Metadata of one file.");
    const searched = createProgressiveSurface({ catalog: variants });
    const found = (await searched.callTool("search_tools", { query: "list files in a directory" }, READER)).structuredContent as { results: Array<Record<string, unknown>> };
    expect(found.results[0]).toEqual({ name: "files_list_directory", toolset: "files", kind: "read", summary: "List all files and directories in a path.", matchedIn: ["name", "toolset", "description"], variants: ["files_list_directory_with_sizes"] });
    const single = (await searched.callTool("search_tools", { query: "metadata" }, READER)).structuredContent as { results: Array<Record<string, unknown>> };
    expect(single.results[0]?.name).toBe("files_get_info");
    expect(Object.keys(single.results[0]!)).toEqual(["name", "toolset", "kind", "summary", "matchedIn"]);
  });

  it("refuses base-tool arguments that break the listed schema, through the catalog's validator", async () => {
    const typo = await surface.callTool("search_tools", { qurey: "x" }, READER);
    expect(typo.isError).toBe(true);
    expect(textOf(typo)).toBe(
      "INVALID_ARGUMENTS: Invalid arguments for search_tools: `query` is required: What you want to do or know. unknown field `qurey`: the known fields are `query`, `toolset`, `offset`, `limit`. Its inputSchema is in tools/list.",
    );
    expect(textOf(await surface.callTool("search_tools", { query: "x", toolset: "nope" }, READER))).toBe(
      'INVALID_ARGUMENTS: Invalid arguments for search_tools: `toolset` must be one of notes; got "nope". Its inputSchema is in tools/list.',
    );
    expect(textOf(await surface.callTool("read_tool", { name: "notes_list", arguments: "all" }, READER))).toBe(
      'INVALID_ARGUMENTS: Invalid arguments for read_tool: `arguments` must be a JSON object; got the string "all". Its inputSchema is in tools/list.',
    );
  });

  it("refuses a tool name past 128 characters at the edge, for describe_tool and run_tool, and echoes it cut (issue 36, R2)", async () => {
    const huge = "n".repeat(200_000);
    for (const tool of ["describe_tool", "run_tool", "read_tool"])
      expect(textOf(await surface.callTool(tool, { name: huge }, WRITER))).toBe(
        `INVALID_ARGUMENTS: Invalid arguments for ${tool}: \`name\` is 200000 characters; the limit is 128. Its inputSchema is in tools/list.`,
      );
    await expect(surface.callTool(huge, {}, READER)).rejects.toMatchObject({
      code: -32602,
      message: `Unknown tool: ${"n".repeat(32)}… (200000 characters; a tool name has at most 128). It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.`,
    });
  });

  it("maps catalog refusals and host errors to `CODE: message`, an unknown name to -32602", async () => {
    expect(textOf(await surface.callTool("read_tool", { name: "notes_wipe" }, WRITER))).toBe(
      "KIND_NOT_ALLOWED: notes_wipe is a destructive tool; read_tool runs only read tools. Call run_tool instead.",
    );
    expect(textOf(await surface.callTool("run_tool", { name: "notes_wipe" }, READER))).toBe(
      'SCOPE_DENIED: notes_wipe is a destructive tool and this credential has scope "read"; it needs a token with write scope.',
    );
    expect(textOf(await surface.callTool("read_tool", { name: "notes_fail" }, READER))).toBe("NOT_FOUND: no such note");
    await expect(surface.callTool("notes_list", {}, READER)).rejects.toMatchObject({
      code: -32602,
      message: "Unknown tool: notes_list. It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.",
      data: { name: "notes_list" },
    });
    expect(await surface.callTool("run_tool", { name: "notes_wipe" }, WRITER)).toEqual({ content: [{ type: "text", text: "wiped" }] });
  });

  it("lists and runs advertised tools natively, their kind in the description", async () => {
    const built = catalog();
    const pinned = createProgressiveSurface({ catalog: built, advertised: built.advertised("notes") });
    const listed = pinned.listTools().find((tool) => tool.name === "notes_wipe");
    expect(listed).toEqual({
      name: "notes_wipe",
      description: "Delete every note. [destructive]",
      inputSchema: { type: "object" },
      annotations: { readOnlyHint: false, destructiveHint: true },
    });
    expect(textOf(await pinned.callTool("notes_list", {}, READER))).toBe('{"notes":["a"]}');
  });

  it("answers each call's outcome as data beside its result: the tool it was about, its kind, ok or the refusal's code", async () => {
    const built = catalog();
    built.register({ name: "notes_echo", toolset: "notes", kind: "read", description: "An upstream-style error result.", inputSchema: { type: "object" }, handler: () => ({ content: [{ type: "text", text: "SCOPE_DENIED: the tool's own words" }], isError: true }) });
    const answering = createProgressiveSurface({ catalog: built });
    const outcomeOf = async (name: string, args: Record<string, unknown>, context = READER) => (await answering.answerCall(name, args, context)).outcome;
    expect(await outcomeOf("read_tool", { name: "notes_list" })).toEqual({ tool: "notes_list", kind: "read", code: "ok" });
    expect(await outcomeOf("search_tools", { qurey: "x" })).toEqual({ tool: "search_tools", kind: null, code: "INVALID_ARGUMENTS" });
    expect(await outcomeOf("run_tool", { name: "notes_wipe" })).toEqual({ tool: "notes_wipe", kind: "destructive", code: "SCOPE_DENIED" });
    expect(await outcomeOf("read_tool", { name: "notes_fail" })).toEqual({ tool: "notes_fail", kind: "read", code: "NOT_FOUND" });
    expect(await outcomeOf("describe_tool", { name: "notes_lst" })).toEqual({ tool: "notes_lst", kind: null, code: "UNKNOWN_TOOL" });
    // A tool's own error result keeps its text; its code is not read from that text.
    const echoed = await answering.answerCall("read_tool", { name: "notes_echo" }, READER);
    expect(echoed).toEqual({ outcome: { tool: "notes_echo", kind: "read", code: "ERROR" }, result: { content: [{ type: "text", text: "SCOPE_DENIED: the tool's own words" }], isError: true } });
    const unlisted = await answering.answerCall("notes_list", {}, READER);
    expect(unlisted.outcome).toEqual({ tool: "notes_list", kind: "read", code: "UNKNOWN_TOOL" });
    expect("rejection" in unlisted && unlisted.rejection).toMatchObject({ code: -32602, data: { name: "notes_list" } });
  });
});

// Issue 37 / decision 0015: the gateway's request enters the app once, so the host runs its own
// tool: resolveCall answers as data and never calls a catalog tool's handler itself.
describe("resolveCall", () => {
  /** A catalog whose tools count who called them: only the host's own code path may. */
  function counted() {
    const built = catalog();
    const calls: string[] = [];
    built.register({ name: "notes_count", toolset: "notes", kind: "read", description: "Counts its calls.", inputSchema: { type: "object", properties: { n: { type: "integer", default: 2 } } }, handler: (args) => {
      calls.push(`handler n=${String(args.n)}`);
      return { counted: calls.length };
    } });
    return { built, calls };
  }

  it("hands back the admitted tool with its checked arguments; the host runs it once and finish gives answerCall's answer", async () => {
    const { built, calls } = counted();
    const surface = createProgressiveSurface({ catalog: built });
    const step = await surface.resolveCall("run_tool", { name: "notes_count", arguments: {} }, READER);
    expect(calls).toEqual([]);
    if (!("run" in step)) throw new Error(`expected a call to run, got ${JSON.stringify(step)}`);
    expect(step.run.tool.name).toBe("notes_count");
    expect(step.run.args).toEqual({ n: 2 });
    expect(step.run.around).toBeUndefined();
    const answer = await step.finish(Promise.resolve(step.run.tool.handler(step.run.args, step.run.context)));
    expect(calls).toEqual(["handler n=2"]);
    expect(answer).toEqual({ outcome: { tool: "notes_count", kind: "read", code: "ok" }, result: { content: [{ type: "text", text: '{"counted":1}' }], structuredContent: { counted: 1 } } });
    // answerCall is the same steps with the library running the tool.
    expect(await surface.answerCall("run_tool", { name: "notes_count", arguments: {} }, READER)).toEqual({
      outcome: { tool: "notes_count", kind: "read", code: "ok" },
      result: { content: [{ type: "text", text: '{"counted":2}' }], structuredContent: { counted: 2 } },
    });
  });

  it("answers refusals and the base tools' own answers with nothing to run, each with answerCall's outcome and text", async () => {
    const { built, calls } = counted();
    const surface = createProgressiveSurface({ catalog: built });
    const cases: Array<[string, Record<string, unknown>, CallContext]> = [
      ["run_tool", { name: "notes_wipe" }, READER],
      ["run_tool", { name: "notes_count", arguments: { n: "x" } }, READER],
      ["read_tool", { name: "notes_lst" }, READER],
      ["search_tools", { query: "count" }, READER],
      ["describe_tool", { name: "notes_count" }, READER],
      ["notes_count", {}, READER],
    ];
    for (const [name, args, context] of cases) {
      const step = await surface.resolveCall(name, args, context);
      if (!("answer" in step)) throw new Error(`${name}: expected an answer, got a call to run`);
      expect(step.answer).toEqual(await surface.answerCall(name, args, context));
    }
    expect(calls).toEqual([]);
  });

  it("finish turns a failed run into the tool's TOOL_FAILED refusal, and a wrapping hook comes with the call as `around`", async () => {
    const built = new ToolCatalog({ hooks: { aroundCall: async (_tool, _args, _context, run) => ({ wrapped: await run() }), wrapsCall: (tool) => tool.kind !== "read" } });
    built.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
    built.register({ name: "notes_list", toolset: "notes", kind: "read", description: "List.", inputSchema: { type: "object" }, handler: () => ({ notes: [] }) });
    built.register({ name: "notes_add", toolset: "notes", kind: "write", description: "Add.", inputSchema: { type: "object" }, handler: () => ({ added: 1 }) });
    const surface = createProgressiveSurface({ catalog: built });
    const read = await surface.resolveCall("read_tool", { name: "notes_list" }, WRITER);
    if (!("run" in read)) throw new Error("expected a call to run");
    expect(read.run.around).toBeUndefined();
    expect(await read.finish(Promise.reject(new Error("disk gone")))).toEqual({
      outcome: { tool: "notes_list", kind: "read", code: "TOOL_FAILED" },
      result: { content: [{ type: "text", text: "TOOL_FAILED: notes_list failed: disk gone" }], isError: true },
    });
    const write = await surface.resolveCall("run_tool", { name: "notes_add" }, WRITER);
    if (!("run" in write) || write.run.around === undefined) throw new Error("expected a wrapped call to run");
    const { run } = write;
    const answer = await write.finish(run.around!(async () => run.tool.handler(run.args, run.context)));
    expect(answer.outcome).toEqual({ tool: "notes_add", kind: "write", code: "ok" });
    expect("result" in answer && answer.result.structuredContent).toEqual({ wrapped: { added: 1 } });
  });
});
