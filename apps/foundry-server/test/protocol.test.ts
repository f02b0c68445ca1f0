// The MCP surface of the built bundle: initialize (instructions, capabilities, version
// negotiation), the tool list with its schemas and annotations, and the protocol errors.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { RawClient } from "./support/raw-client";
// The nine names in tools/list order: definitions.ts is the one list (foundry-surface.mjs pins the set).
import { TOOL_NAMES } from "../src/tools/definitions";
import { cleanup, connectClient, isolatedBundle, makeTempDir, requireBuild } from "./support/server-process";

const INSTRUCTIONS =
  "Foundry memory and contracts. Prefer memory_search to reading .foundry files. Check runbook_list before recurring tasks. Hand work between agents with blackboard_write, returning only the artifact path and a short summary.";

const raws: RawClient[] = [];
function rawServer(): RawClient {
  const root = makeTempDir("foundry-protocol-");
  const client = new RawClient(process.execPath, [isolatedBundle(), "--root", root], root);
  raws.push(client);
  return client;
}

beforeAll(requireBuild);
afterEach(() => raws.splice(0).forEach((client) => client.kill()));
afterAll(cleanup);

describe("initialize", () => {
  it("returns the instructions verbatim, tools and resources capabilities only, and the server's name", async () => {
    const client = await connectClient(makeTempDir("foundry-protocol-"));
    expect(client.getInstructions()).toBe(INSTRUCTIONS);
    expect(client.getServerCapabilities()).toEqual({ tools: {}, resources: {} });
    expect(client.getServerVersion()).toMatchObject({ name: "foundry" });
  });

  it.each([
    ["2025-06-18", "2025-06-18"],
    ["2025-03-26", "2025-03-26"],
    ["2024-11-05", "2024-11-05"],
    ["2025-11-25", "2025-06-18"],
    ["1999-01-01", "2025-06-18"],
  ])("answers a client asking for %s with %s", async (asked, answered) => {
    const response = await rawServer().initialize(asked);
    expect(response.result?.protocolVersion).toBe(answered);
    expect(response.result?.instructions).toBe(INSTRUCTIONS);
  });

  it("works with the SDK client, which asks for its own latest version", async () => {
    const client = await connectClient(makeTempDir("foundry-protocol-"));
    await expect(client.ping()).resolves.toEqual({});
  });
});

describe("methods", () => {
  it("has no prompts: prompts/list and prompts/get are method-not-found (-32601)", async () => {
    const client = rawServer();
    await client.initialize("2025-06-18");
    expect((await client.request("prompts/list")).error).toEqual({ code: -32601, message: "Method not found" });
    expect((await client.request("prompts/get", { name: "x" })).error?.code).toBe(-32601);
    expect((await client.request("resources/subscribe", { uri: "foundry://contracts" })).error?.code).toBe(-32601);
    expect((await client.request("logging/setLevel", { level: "debug" })).error?.code).toBe(-32601);
  });

  it("answers an unknown resource with -32602 and the exact message", async () => {
    const client = rawServer();
    await client.initialize("2025-06-18");
    expect((await client.request("resources/read", { uri: "foundry://nope" })).error).toEqual({
      code: -32602,
      message: "Unknown resource: foundry://nope",
      data: { uri: "foundry://nope" },
    });
  });

  it("answers an unknown tool with -32602 naming the tools", async () => {
    const client = await connectClient(makeTempDir("foundry-protocol-"));
    await expect(client.callTool({ name: "memory_delete", arguments: {} })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message:
        "MCP error -32602: Unknown tool: memory_delete. Tools: memory_search, memory_write, memory_index, runbook_list, runbook_get, contract_validate, blackboard_write, blackboard_read, token_report.",
    });
  });
});

describe("tools/list", () => {
  let tools: Tool[];
  const tool = (name: string): Tool => tools.find((candidate) => candidate.name === name) as Tool;

  beforeAll(async () => {
    tools = (await (await connectClient(makeTempDir("foundry-protocol-"))).listTools()).tools;
  });

  it("lists the nine tools in order", () => {
    expect(tools.map((candidate) => candidate.name)).toEqual([...TOOL_NAMES]);
  });

  it("marks the read tools read-only and the writing tools not", () => {
    const readOnly = tools.filter((candidate) => candidate.annotations?.readOnlyHint === true).map((candidate) => candidate.name);
    expect(readOnly).toEqual(["memory_search", "runbook_list", "runbook_get", "contract_validate", "blackboard_read", "token_report"]);
    for (const name of ["memory_write", "memory_index", "blackboard_write"]) {
      expect(tool(name).annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    }
  });

  it("carries the enums, bounds and required fields of SPEC §2", () => {
    const types = ["decision", "constraint", "convention", "domain", "risk", "metric", "glossary"];
    expect(tool("memory_search").inputSchema).toMatchObject({
      type: "object",
      required: ["query"],
      additionalProperties: false,
      properties: { query: { type: "string" }, type: { enum: types }, limit: { type: "integer", minimum: 1, maximum: 25 } },
    });
    expect(tool("memory_write").inputSchema).toMatchObject({
      required: ["title", "body", "type"],
      properties: {
        title: { type: "string", maxLength: 80 },
        type: { enum: types },
        confidence: { enum: ["high", "medium", "low"], default: "medium" },
        scope: { default: "project" },
        source: { default: "conversation" },
        expires: { pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
        tags: { type: "array", default: [] },
      },
    });
    expect(tool("contract_validate").inputSchema).toMatchObject({ required: ["schema"], properties: { data: { type: "object" }, path: { type: "string" } } });
    expect(tool("blackboard_write").inputSchema).toMatchObject({ required: ["wave", "agent", "schema", "data"] });
    expect(tool("blackboard_read").inputSchema).toMatchObject({ required: ["wave"], properties: { full: { type: "boolean" } } });
    expect(tool("runbook_get").inputSchema).toMatchObject({ required: ["slug"] });
    for (const name of ["memory_index", "runbook_list", "token_report"]) {
      expect(tool(name).inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
    }
  });

  it("says in each description when to call the tool", () => {
    expect(tool("memory_search").description).toContain("Call it before planning, before proposing an architecture, and whenever the user mentions a past decision.");
    expect(tool("memory_write").description).toContain("Call it when a decision, constraint, convention or risk has just been established.");
    expect(tool("memory_write").description).toContain("Never use it for transient session state.");
    expect(tool("memory_index").description).toContain("call this only after facts were written by other means");
    expect(tool("runbook_list").description).toContain("Call it before any recurring or error-prone task");
    expect(tool("runbook_get").description).toContain("Call it when a runbook applies and its full text is needed.");
    expect(tool("contract_validate").description).toContain("Call it when an artifact is checked before it is written, or instead of writing it.");
    expect(tool("blackboard_write").description).toContain("Call it when work is handed to the next wave.");
    expect(tool("blackboard_read").description).toContain("Call it when resuming what an earlier wave produced.");
    expect(tool("blackboard_read").description).toContain("which is exactly what the context firewall exists to prevent");
    expect(tool("token_report").description).toContain('Call it when answering "how much is this costing".');
  });
});
