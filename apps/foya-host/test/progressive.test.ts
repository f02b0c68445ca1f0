// `foya serve --progressive`: the same registry behind four tools (search, describe, read, run)
// of packages/tool-catalog, with kinds from annotations and approvals still applied.
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CRASHY, EVERYTHING, FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, textOf, type ServeSession } from "./support/serve-client";

let home: string;
const sessions: ServeSession[] = [];

beforeAll(() => {
  expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
  home = temporaryFolder("progressive-home");
  expect(runFoya(home, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  expect(runFoya(home, ["mcp", "add", "crashy", "--", process.execPath, CRASHY, home]).status).toBe(0);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close().catch(() => undefined);
});

afterAll(() => removeTemporaryFolders());

describe("foya serve --progressive", () => {
  it("lists exactly four tools and finds upstream tools by plain words", async () => {
    const session = await connectServe(home, ["--progressive"]);
    sessions.push(session);
    const { client } = session;
    const tools = (await client.listTools()).tools;
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "describe_tool", "read_tool", "run_tool"]);
    expect(tools.find((tool) => tool.name === "read_tool")?.annotations?.readOnlyHint).toBe(true);
    const found = await client.callTool({ name: "search_tools", arguments: { query: "add two numbers" } });
    expect((found.structuredContent as { results: Array<{ name: string }> }).results[0]?.name).toBe("mcp__ev__get-sum");
    expect(JSON.parse(textOf(found))).toEqual(found.structuredContent);
    const browse = (await client.callTool({ name: "search_tools", arguments: { query: "", toolset: "crashy", limit: 2 } })).structuredContent as {
      results: unknown[];
      paging: { offset: number; has_more: boolean; next_offset: number };
    };
    expect(browse.results).toHaveLength(2);
    expect(browse.paging).toMatchObject({ offset: 0, has_more: true, next_offset: 2 });
  });

  it("describes, reads and runs through the catalog, with kinds from annotations", async () => {
    const session = await connectServe(home, ["--progressive"]);
    sessions.push(session);
    const { client } = session;
    const described = JSON.parse(textOf(await client.callTool({ name: "describe_tool", arguments: { name: "mcp__crashy__ping" } })));
    expect(described).toMatchObject({ name: "mcp__crashy__ping", kind: "read", toolset: "crashy" });
    expect(textOf(await client.callTool({ name: "read_tool", arguments: { name: "mcp__crashy__ping" } }))).toBe("pong");
    const refused = await client.callTool({ name: "read_tool", arguments: { name: "mcp__crashy__write_note", arguments: { text: "x" } } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("run_tool");
    const ran = await client.callTool({ name: "run_tool", arguments: { name: "mcp__crashy__write_note", arguments: { text: "x" } } });
    expect(textOf(ran)).toBe("noted: x");
    const sum = await client.callTool({ name: "run_tool", arguments: { name: "mcp__ev__get-sum", arguments: { a: 20, b: 22 } } });
    expect(textOf(sum)).toContain("42");
    const invalid = await client.callTool({ name: "run_tool", arguments: { name: "mcp__ev__get-sum", arguments: { a: "twenty" } } });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/^INVALID_ARGUMENTS: Invalid arguments for mcp__ev__get-sum: /);
    const unknown = await client.callTool({ name: "describe_tool", arguments: { name: "mcp__crashy__pnig" } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("mcp__crashy__ping");
  });

  it("learns its client's words: a search followed by a run finds that tool first next time", async () => {
    const session = await connectServe(home, ["--progressive"]);
    sessions.push(session);
    const { client } = session;
    const names = async (query: string) => ((await client.callTool({ name: "search_tools", arguments: { query } })).structuredContent as { results: Array<{ name: string }> }).results.map((result) => result.name);
    const later = "tot up my figures";
    const before = (await names(later))[0];
    expect(before).not.toBe("mcp__ev__get-sum");
    // The request the client searched with shows the tool it then runs.
    expect(await names("tot up two numbers")).toContain("mcp__ev__get-sum");
    expect(textOf(await client.callTool({ name: "run_tool", arguments: { name: "mcp__ev__get-sum", arguments: { a: 1, b: 2 } } }))).toContain("3");
    // The aggregator's catalog reads what it learned once its index is a second old.
    const deadline = Date.now() + 10_000;
    let first = before;
    while (first !== "mcp__ev__get-sum" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      first = (await names(later))[0];
    }
    expect(first).toBe("mcp__ev__get-sum");
  });

  it("keeps what its client taught in the home folder, so the next serve starts with it", async () => {
    // The test above taught "tot up two numbers" → get-sum, in this home.
    const file = `${home}/learned-requests.json`;
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ learned: [{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }] });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const session = await connectServe(home, ["--progressive"]);
    sessions.push(session);
    const found = await session.client.callTool({ name: "search_tools", arguments: { query: "tot up my figures" } });
    expect((found.structuredContent as { results: Array<{ name: string }> }).results[0]?.name).toBe("mcp__ev__get-sum");
  });

  it("still puts write calls to the approval gate", async () => {
    const session = await connectServe(home, ["--progressive", "--approval", "ask"], { action: "decline" });
    sessions.push(session);
    const refused = await session.client.callTool({ name: "run_tool", arguments: { name: "mcp__crashy__write_note", arguments: { text: "x" } } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("Call to mcp__crashy__write_note was declined by the user.");
    expect(session.elicitations).toHaveLength(1);
  });
});
