// @foundry-mcp/client-manager/langchain with the real @langchain/core: a scripted chat model from
// its own test utilities (FakeStreamingChatModel) is bound to the tools and its tool calls run
// through tool.invoke(toolCall) on real stdio MCP servers, keeping host names, the approval
// gateway and the run's abort signal.
import fs from "node:fs";
import { AIMessageChunk, type ToolMessage } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toLangChainTools } from "../../src/langchain";
import { ToolPolicy, type UnifiedToolResult } from "../../src/index";
import { callStarted, startFixture, type FrameworkFixture } from "./fixture";

/** A chat model whose one answer is a call of `name` with `args`, bound to the adapter's tools. */
async function scriptedCall(fixture: FrameworkFixture, name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolMessage> {
  const tools = toLangChainTools(fixture.manager);
  const model = new FakeStreamingChatModel({ chunks: [new AIMessageChunk({ content: "", tool_calls: [{ name, args, id: "call-1", type: "tool_call" }] })] }).bindTools(tools);
  const message = await model.invoke("go");
  const [call] = message.tool_calls!;
  const chosen = tools.find((tool) => tool.name === call!.name)!;
  return (await chosen.invoke({ ...call!, type: "tool_call" }, signal ? { signal } : {})) as ToolMessage;
}

describe("client-manager/langchain", { timeout: 60_000 }, () => {
  let fixture: FrameworkFixture;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(() => fixture?.manager.close());

  it("binds every exposed tool to a LangChain chat model under its host name with the server's JSON Schema", () => {
    const tools = toLangChainTools(fixture.manager);
    expect(tools.map((tool) => tool.name).sort()).toEqual(fixture.manager.tools().map((tool) => tool.hostName).sort());
    const bound = new FakeStreamingChatModel({}).bindTools(tools) as unknown as { config?: { tools?: unknown[] }; kwargs?: { tools?: unknown[] } };
    const dicts = (bound.config?.tools ?? bound.kwargs?.tools) as Array<{ function: { name: string; parameters: Record<string, unknown> } }>;
    const echo = dicts.find((dict) => dict.function.name === "mcp__everything__echo")!;
    expect(echo.function.parameters).toMatchObject({ type: "object", properties: { message: { type: "string" } }, required: ["message"] });
    expect(toLangChainTools(fixture.manager, { policy: new ToolPolicy({ deny: ["memory"] }) }).filter((tool) => tool.name.startsWith("mcp__memory__"))).toEqual([]);
  });

  it("runs the scripted model's tool call on the real server: a ToolMessage with the text and the unified result as artifact", async () => {
    const message = await scriptedCall(fixture, "mcp__everything__echo", { message: "hello" });
    expect([message.content, message.status, message.tool_call_id, message.name]).toEqual(["Echo: hello", "success", "call-1", "mcp__everything__echo"]);
    expect(message.artifact as UnifiedToolResult).toMatchObject({ isError: false, server: "everything", tool: "echo" });
  });

  it("keeps the approval gateway: a refused call is an error ToolMessage and the server is never called", async () => {
    const message = await scriptedCall(fixture, "mcp__memory__create_entities", { entities: [{ name: "x", entityType: "t", observations: [] }] });
    expect(fixture.asked.at(-1)).toMatchObject({ hostName: "mcp__memory__create_entities", server: "memory", tool: "create_entities" });
    expect(message.status).toBe("error");
    expect((message.artifact as UnifiedToolResult).errorCode).toBe("APPROVAL_DENIED");
    expect(fs.existsSync(fixture.memoryFile)).toBe(false);
  });

  it("passes the run's abort signal to the call: the long call ends as CALL_ABORTED and the server stays usable", async () => {
    const name = "mcp__everything__trigger-long-running-operation";
    const controller = new AbortController();
    void callStarted(fixture, name).then(() => controller.abort());
    await expect(scriptedCall(fixture, name, { duration: 30, steps: 30 }, controller.signal)).rejects.toThrow(/abort/i);
    await expect.poll(() => fixture.events.filter((event) => event.type === "call_finished" && event.hostName === name).map((event) => (event.type === "call_finished" ? event.errorCode : undefined))).toEqual(["CALL_ABORTED"]);
    expect((await scriptedCall(fixture, "mcp__everything__echo", { message: "still here" })).content).toBe("Echo: still here");
  });
});
