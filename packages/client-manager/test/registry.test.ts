import { describe, expect, it } from "vitest";
import { HOST_TOOL_NAME_PATTERN, ToolRegistry, hostToolName, shortHash, toAnthropicTools, toGeminiTools, toOpenAITools } from "../src/index";

describe("host tool names", () => {
  it("uses mcp__<server>__<tool> when it fits", () => {
    expect(hostToolName("memory", "read_graph")).toBe("mcp__memory__read_graph");
  });

  it("sanitizes and hashes names with other characters, so they cannot collide with plain ones", () => {
    const dotted = hostToolName("docs", "search.v2");
    expect(dotted).toBe(`mcp__docs__search_v2_${shortHash("docs\u0000search.v2")}`);
    expect(dotted).not.toBe(hostToolName("docs", "search_v2"));
    expect(hostToolName("docs", "search v2")).not.toBe(dotted);
  });

  it("cuts long names to 64 characters with a hash suffix", () => {
    const long = "t".repeat(80);
    const name = hostToolName("server", long);
    expect(name).toHaveLength(64);
    expect(name).toMatch(HOST_TOOL_NAME_PATTERN);
    expect(name.endsWith(`_${shortHash(`server\u0000${long}`)}`)).toBe(true);
    expect(hostToolName("server", `${long}x`)).not.toBe(name);
  });

  it("registers unique names that all fit the pattern and drops duplicates", () => {
    const registry = new ToolRegistry();
    const schema = { type: "object" };
    registry.setServerTools("a", [{ name: "x", inputSchema: schema }, { name: "x", inputSchema: schema }, { name: "ü-tool", inputSchema: schema }]);
    registry.setServerTools("b", [{ name: "x", inputSchema: schema }, { name: "y".repeat(70), inputSchema: schema }]);
    const names = registry.list().map((tool) => tool.hostName);
    expect(names).toHaveLength(4);
    expect(new Set(names).size).toBe(4);
    for (const name of names) expect(name).toMatch(HOST_TOOL_NAME_PATTERN);
    expect(registry.get("mcp__a__x")).toMatchObject({ server: "a", tool: "x" });
  });

  it("applies a server's allow/deny filter and reports changes", () => {
    const registry = new ToolRegistry();
    const schema = { type: "object" };
    const change = registry.setServerTools("fs", [{ name: "read_file", inputSchema: schema }, { name: "delete_file", inputSchema: schema }], { deny: ["delete_*"] });
    expect(change).toEqual({ added: ["mcp__fs__read_file"], removed: [] });
    expect(registry.setServerTools("fs", [], undefined)).toEqual({ added: [], removed: ["mcp__fs__read_file"] });
  });
});

describe("function-tool adapters", () => {
  const tool = {
    hostName: "mcp__s__t",
    server: "s",
    tool: "t",
    description: "Does t.",
    inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { q: { type: ["string", "null"], description: "query" } }, additionalProperties: false },
  };

  it("builds OpenAI, Anthropic and Gemini shapes", () => {
    expect(toOpenAITools([tool])).toEqual([
      { type: "function", function: { name: "mcp__s__t", description: "Does t.", parameters: { type: "object", properties: { q: { type: ["string", "null"], description: "query" } }, additionalProperties: false } } },
    ]);
    expect(toAnthropicTools([tool])[0]).toEqual({ name: "mcp__s__t", description: "Does t.", input_schema: { type: "object", properties: { q: { type: ["string", "null"], description: "query" } }, additionalProperties: false } });
    expect(toGeminiTools([tool])).toEqual([
      { functionDeclarations: [{ name: "mcp__s__t", description: "Does t.", parameters: { type: "object", properties: { q: { type: "string", nullable: true, description: "query" } } } }] },
    ]);
  });

  it("gives schema-less tools an empty object schema", () => {
    const bare = { ...tool, description: "", inputSchema: {} };
    expect(toOpenAITools([bare])[0]?.function).toEqual({ name: "mcp__s__t", parameters: { type: "object", properties: {} } });
    expect(toGeminiTools([bare])[0]?.functionDeclarations[0]).toEqual({ name: "mcp__s__t" });
  });
});
