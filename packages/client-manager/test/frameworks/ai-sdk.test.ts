// @foundry-mcp/client-manager/ai-sdk with the real `ai` package: generateText drives a scripted
// model (ai/test's MockLanguageModelV4) whose tool calls run on real stdio MCP servers through the
// manager, keeping host names, the approval gateway, the session policy and the abort signal.
import fs from "node:fs";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toAiSdkTools } from "../../src/ai-sdk";
import { ToolPolicy } from "../../src/index";
import { callStarted, startFixture, type FrameworkFixture } from "./fixture";

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const toolCall = (toolName: string, input: object) => ({ content: [{ type: "tool-call" as const, toolCallId: "call-1", toolName, input: JSON.stringify(input) }], finishReason: { unified: "tool-calls" as const, raw: undefined }, usage, warnings: [] });
const answer = (text: string) => ({ content: [{ type: "text" as const, text }], finishReason: { unified: "stop" as const, raw: undefined }, usage, warnings: [] });

/** The tool-result part the model was sent on its second call. */
function sentToolResult(model: MockLanguageModelV4): unknown {
  const messages = model.doGenerateCalls[1]!.prompt;
  const toolMessage = messages.find((message) => message.role === "tool")!;
  return (toolMessage.content as Array<{ type: string; output?: unknown }>).find((part) => part.type === "tool-result")!.output;
}

describe("client-manager/ai-sdk", { timeout: 60_000 }, () => {
  let fixture: FrameworkFixture;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(() => fixture?.manager.close());

  it("gives the AI SDK every exposed tool under its host name, with the server's JSON Schema", () => {
    const tools = toAiSdkTools(fixture.manager);
    expect(Object.keys(tools).sort()).toEqual(fixture.manager.tools().map((tool) => tool.hostName).sort());
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(["mcp__everything__echo", "mcp__memory__create_entities"]));
    expect(Object.keys(toAiSdkTools(fixture.manager, { policy: new ToolPolicy({ deny: ["memory"] }) })).filter((name) => name.startsWith("mcp__memory__"))).toEqual([]);
  });

  it("runs a scripted model's tool call on the real server and sends the model the result's text", async () => {
    const model = new MockLanguageModelV4({ doGenerate: [toolCall("mcp__everything__echo", { message: "hello" }), answer("done")] });
    const result = await generateText({ model, tools: toAiSdkTools(fixture.manager), stopWhen: stepCountIs(3), prompt: "echo hello" });
    expect(result.text).toBe("done");
    expect(result.steps[0]!.toolResults.map((part) => part.output)).toEqual([expect.objectContaining({ isError: false, server: "everything", tool: "echo", hostName: "mcp__everything__echo", content: [{ type: "text", text: "Echo: hello" }] })]);
    expect(sentToolResult(model)).toEqual({ type: "text", value: "Echo: hello" });
  });

  it("keeps the approval gateway: a refused call reaches the model as execution-denied and the server is never called", async () => {
    const model = new MockLanguageModelV4({ doGenerate: [toolCall("mcp__memory__create_entities", { entities: [{ name: "x", entityType: "t", observations: [] }] }), answer("ok")] });
    await generateText({ model, tools: toAiSdkTools(fixture.manager), stopWhen: stepCountIs(3), prompt: "remember x" });
    expect(fixture.asked.at(-1)).toMatchObject({ hostName: "mcp__memory__create_entities", server: "memory", tool: "create_entities" });
    expect(sentToolResult(model)).toEqual({ type: "execution-denied", reason: expect.stringContaining("mcp__memory__create_entities") });
    expect(fs.existsSync(fixture.memoryFile)).toBe(false);
  });

  it("passes the AI SDK's abort signal to the call: the long call ends as CALL_ABORTED and the server stays usable", async () => {
    const name = "mcp__everything__trigger-long-running-operation";
    const controller = new AbortController();
    void callStarted(fixture, name).then(() => controller.abort());
    const model = new MockLanguageModelV4({ doGenerate: [toolCall(name, { duration: 30, steps: 30 }), answer("never")] });
    await expect(generateText({ model, tools: toAiSdkTools(fixture.manager), stopWhen: stepCountIs(3), prompt: "wait", abortSignal: controller.signal })).rejects.toThrow(/abort/i);
    await expect.poll(() => fixture.events.filter((event) => event.type === "call_finished" && event.hostName === name).map((event) => (event.type === "call_finished" ? event.errorCode : undefined))).toEqual(["CALL_ABORTED"]);
    expect((await fixture.manager.callTool("mcp__everything__echo", { message: "still here" })).content).toEqual([{ type: "text", text: "Echo: still here" }]);
  });
});
