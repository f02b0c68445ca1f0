import fs from "node:fs";
import path from "node:path";
import { estimateTokens } from "@foundry-mcp/tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApprovalGateway, ClientManager, HOST_TOOL_NAME_PATTERN, ToolPolicy, toAnthropicTools, toGeminiTools, toolListTokens, toOpenAITools, type ApprovalRequest, type HostEvent } from "../src/index";
import { NodeClientManager } from "../src/node";
import { everythingEntry, filesystemEntry, flakyServer, makeTempDir, memoryEntry } from "./helpers";

const node = process.execPath;
const asked: ApprovalRequest[] = [];
const events: HostEvent[] = [];
// Created in beforeAll so a filtered run (pnpm conformance) leaves no temp dir behind.
let temp: string;
let fsRoot: string;
let manager: NodeClientManager;

beforeAll(async () => {
  temp = makeTempDir();
  fsRoot = path.join(temp, "root");
  fs.mkdirSync(fsRoot);
  fs.writeFileSync(path.join(fsRoot, "hello.txt"), "hello from disk");
  manager = new NodeClientManager({
    config: {
      servers: {
        everything: { transport: "stdio", command: node, args: [everythingEntry, "stdio"] },
        memory: { transport: "stdio", command: node, args: [memoryEntry], env: { MEMORY_FILE_PATH: "${CM_TEST_MEMORY:-/nonexistent}" } },
        files: { transport: "stdio", command: node, args: [filesystemEntry, fsRoot], tools: { deny: ["move_file"] } },
        needs_var: { transport: "stdio", command: node, args: [flakyServer], env: { KEY: "${CM_TEST_UNSET_VARIABLE}" } },
        off: { transport: "stdio", command: node, args: [flakyServer], enabled: false },
      },
    },
    env: { CM_TEST_MEMORY: path.join(temp, "memory.jsonl") },
    approval: new ApprovalGateway({ mode: "ask", ask: (request) => (asked.push(request), request.tool !== "write_file") }),
    pingIntervalMs: 0,
  });
  manager.on("event", (event) => events.push(event));
  await manager.start();
}, 60_000);
afterAll(async () => {
  await manager?.close();
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

describe("ClientManager against real servers over stdio", () => {
  it("connects every enabled server in parallel and contains the one that fails", () => {
    const status = Object.fromEntries(manager.status().map((entry) => [entry.name, entry]));
    expect(status.everything).toMatchObject({ state: "connected", tools: 13, resources: 7, prompts: 4, transport: "stdio" });
    expect(status.memory).toMatchObject({ state: "connected", tools: 9 });
    expect(status.files).toMatchObject({ state: "connected", tools: 13 });
    expect(status.off).toMatchObject({ state: "disabled", tools: 0 });
    expect(status.needs_var).toMatchObject({ state: "error", tools: 0 });
    expect(status.needs_var?.lastError).toBe('Environment variable CM_TEST_UNSET_VARIABLE is not set (server "needs_var", env.KEY); set it or write ${CM_TEST_UNSET_VARIABLE:-default}');
    expect(status.needs_var?.lastErrorAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(status.everything?.toolTokens).toBeGreaterThan(0);
  });

  it("measures toolTokens as tools/list sends the definitions, annotations included", () => {
    const tools = manager.tools().filter((tool) => tool.server === "everything");
    expect(tools.some((tool) => tool.annotations !== undefined)).toBe(true);
    const listed = tools.map((tool) => ({ name: tool.hostName, title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations }));
    const expected = estimateTokens(JSON.stringify(listed));
    expect(manager.status().find((entry) => entry.name === "everything")?.toolTokens).toBe(expected);
    expect(toolListTokens(tools.map((tool) => ({ ...tool, name: tool.hostName })))).toBe(expected);
  });

  it("registers host names, honours the server's deny filter and keeps tool metadata", () => {
    const names = manager.tools().map((tool) => tool.hostName);
    expect(names).toContain("mcp__memory__read_graph");
    expect(names).toContain("mcp__files__read_text_file");
    expect(names).not.toContain("mcp__files__move_file");
    expect(names.filter((name) => name.startsWith("mcp__needs_var__"))).toEqual([]);
    const echo = manager.tools().find((tool) => tool.hostName === "mcp__everything__echo");
    expect(echo).toMatchObject({ server: "everything", tool: "echo", inputSchema: { type: "object" } });
  });

  it("returns unified results and puts every call on the event stream", async () => {
    const result = await manager.callTool("mcp__everything__get-sum", { a: 2, b: 3 });
    expect(result).toMatchObject({ isError: false, server: "everything", tool: "get-sum", hostName: "mcp__everything__get-sum" });
    expect(JSON.stringify(result.content)).toContain("5");
    expect(typeof result.durationMs).toBe("number");
    const structured = await manager.callTool("mcp__everything__get-structured-content", { location: "New York" });
    expect(structured.structuredContent).toBeDefined();
    const finished = events.filter((event) => event.type === "call_finished" && event.hostName === "mcp__everything__get-sum");
    expect(finished).toHaveLength(1);
  });

  it("works with server-memory and server-filesystem", async () => {
    const created = await manager.callTool("mcp__memory__create_entities", { entities: [{ name: "Foya", entityType: "host", observations: ["connects MCP servers"] }] });
    expect(created.isError).toBe(false);
    const graph = await manager.callTool("mcp__memory__read_graph", {});
    expect(JSON.stringify(graph.content)).toContain("connects MCP servers");
    expect(fs.readFileSync(path.join(temp, "memory.jsonl"), "utf8")).toContain("Foya");
    const read = await manager.callTool("mcp__files__read_text_file", { path: path.join(fsRoot, "hello.txt") });
    expect(JSON.stringify(read.content)).toContain("hello from disk");
  });

  it("asks approval naming tool, server, target and arguments; refuses a denied call", async () => {
    const target = path.join(fsRoot, "new.txt");
    const refused = await manager.callTool("mcp__files__write_file", { path: target, content: "x" });
    expect(refused).toMatchObject({ isError: true, errorCode: "APPROVAL_DENIED" });
    expect(fs.existsSync(target)).toBe(false);
    const request = asked.find((entry) => entry.tool === "write_file");
    expect(request).toMatchObject({ server: "files", transport: "stdio", arguments: { path: target, content: "x" } });
    expect(request?.target).toBe(`${node} ${filesystemEntry} ${fsRoot}`);
  });

  it("refuses calls outside the exposed set, denied by policy, unknown, or to a server in error", async () => {
    const policy = new ToolPolicy({ allow: ["memory/read_*"] });
    const exposed = manager.expose(policy);
    expect(exposed.map((tool) => tool.hostName)).toEqual(["mcp__memory__read_graph"]);
    const outside = await manager.callTool("mcp__everything__echo", { message: "x" }, { exposed });
    expect(outside).toMatchObject({ isError: true, errorCode: "TOOL_NOT_EXPOSED" });
    expect(outside.content[0]).toEqual({ type: "text", text: "mcp__everything__echo is not exposed in this step; call only the tools you were given" });
    const inside = await manager.callTool("mcp__memory__read_graph", {}, { exposed: new Set(exposed.map((tool) => tool.hostName)) });
    expect(inside.isError).toBe(false);
    const denied = await manager.callTool("mcp__everything__echo", { message: "x" }, { policy });
    expect(denied).toMatchObject({ errorCode: "TOOL_DENIED" });
    expect(await manager.callTool("mcp__nope__x", {})).toMatchObject({ isError: true, errorCode: "TOOL_NOT_FOUND" });
    expect(events.some((event) => event.type === "call_refused" && event.errorCode === "TOOL_NOT_EXPOSED")).toBe(true);
  });

  it("lists and reads resources with their source, and renders prompts", async () => {
    const resources = await manager.listResources("everything");
    expect(resources.length).toBe(7);
    const first = resources[0]!;
    const read = await manager.readResource("everything", first.uri);
    expect(read).toMatchObject({ server: "everything", uri: first.uri });
    expect(read.contents.length).toBeGreaterThan(0);
    const all = await manager.listResources();
    expect(all.every((resource) => typeof resource.server === "string")).toBe(true);
    const prompts = await manager.listPrompts("everything");
    expect(prompts.map((prompt) => prompt.name)).toContain("simple-prompt");
    const rendered = await manager.getPrompt("everything", "simple-prompt");
    expect(rendered).toMatchObject({ server: "everything", name: "simple-prompt" });
    expect(rendered.messages.length).toBeGreaterThan(0);
    await expect(manager.readResource("needs_var", "x://y")).rejects.toThrow('Server "needs_var" is in error since');
    await expect(manager.listPrompts("ghost")).rejects.toThrow('No server named "ghost"; configured: everything, files, memory, needs_var, off');
  });
});

describe("adapters over real tools", () => {
  it("turns every registered tool into valid function tools", () => {
    const tools = manager.tools();
    const openai = toOpenAITools(tools);
    expect(openai).toHaveLength(tools.length);
    for (const entry of openai) expect(entry.function.name).toMatch(HOST_TOOL_NAME_PATTERN);
    expect(toAnthropicTools(tools).every((tool) => tool.input_schema.type === "object")).toBe(true);
    expect(toGeminiTools(tools)[0]?.functionDeclarations).toHaveLength(tools.length);
  });
});

describe("ClientManager after close", () => {
  it("refuses calls and apply, and shows no servers", async () => {
    const closing = new NodeClientManager({ config: { servers: { f: { transport: "stdio", command: node, args: [flakyServer] } } }, pingIntervalMs: 0 });
    await closing.start();
    await closing.close();
    expect(closing.status()).toEqual([]);
    expect(await closing.callTool("mcp__f__echo", { text: "x" })).toMatchObject({ isError: true, errorCode: "MANAGER_CLOSED" });
    await expect(closing.apply({ servers: {} })).rejects.toThrow("apply() after close(); create a new ClientManager");
  });
});

describe("ClientManager without a stdio launcher", () => {
  it("shows stdio servers in error with the fix", async () => {
    const plain = new ClientManager({ config: { servers: { local: { transport: "stdio", command: "node" } } } });
    await plain.start();
    expect(plain.status()[0]).toMatchObject({ state: "error" });
    expect(plain.status()[0]?.lastError).toContain('use NodeClientManager from "@foundry-mcp/client-manager/node"');
    await plain.close();
  });
});
