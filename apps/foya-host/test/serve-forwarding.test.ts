// Issue 18: what `foya serve` forwards besides tools — progress, cancellation, logging at the
// client's level, resource templates, subscriptions, roots and sampling — each over real
// processes: the SDK client in front, foya in the middle, the forwarding fixture upstream.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema, ListRootsRequestSchema, LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { deliverProgressBeforeResponses } from "@foundry-mcp/client-manager";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { eventually, textOf } from "./support/serve-client";

const FORWARDING = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/forwarding-server.mjs");
let home: string;
let folder: string;
const clients: Client[] = [];

beforeAll(() => {
  home = temporaryFolder("forwarding-home");
  folder = temporaryFolder("forwarding-folder");
  expect(runFoya(home, ["mcp", "add", "fw", "--", process.execPath, FORWARDING, folder]).status).toBe(0);
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});
afterAll(() => removeTemporaryFolders());

/** A client of `foya serve` that declares sampling and roots, with scripted answers. */
async function connect(args: string[] = []): Promise<{ client: Client; samples: string[]; logs: Array<{ level: string; logger?: string; data: unknown }>; updates: string[] }> {
  const client = new Client({ name: "forwarding-test", version: "1.0.0" }, { capabilities: { sampling: {}, roots: { listChanged: true } } });
  const samples: string[] = [];
  const logs: Array<{ level: string; logger?: string; data: unknown }> = [];
  const updates: string[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    samples.push(JSON.stringify(request.params.messages));
    return { model: "test-model", role: "assistant", content: { type: "text", text: "hello from the client" } };
  });
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: "file:///work/project", name: "project" }] }));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params));
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => void updates.push(notification.params.uri));
  const transport = new StdioClientTransport({ command: process.execPath, args: [FOYA, "serve", ...args], env: { ...(process.env as Record<string, string>), FOYA_HOME: home }, stderr: "ignore" });
  await client.connect(transport);
  // The SDK client drops a progress notification read in the same chunk as its answer (foya's
  // last step and its answer, when this process was busy): the host's own remedy, on this side.
  deliverProgressBeforeResponses(transport);
  clients.push(client);
  return { client, samples, logs, updates };
}

describe("foya serve forwards", () => {
  it("progress notifications of a call to the client's progress token", async () => {
    const { client } = await connect();
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callTool({ name: "mcp__fw__progress", arguments: { steps: 3 } }, undefined, { onprogress: (progress) => void seen.push(progress) });
    expect(textOf(result)).toBe("done after 3 steps (token present)");
    expect(seen).toEqual([1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${step}` })));
  });

  it("cancellation: the upstream handler sees its abort signal", async () => {
    const { client } = await connect();
    const controller = new AbortController();
    const call = client.callTool({ name: "mcp__fw__wait-for-abort", arguments: {} }, undefined, { signal: controller.signal });
    await eventually(() => fs.existsSync(path.join(folder, "started")), 20_000, "upstream call started");
    controller.abort("user pressed stop");
    await expect(call).rejects.toThrow();
    await eventually(() => fs.existsSync(path.join(folder, "aborted")), 20_000, "upstream saw the abort");
  });

  // The call's signal and progress sink travel as the call's own options (no AsyncLocalStorage):
  // --progressive hands them through the catalog's call context to the same upstream call.
  it("the progress token and cancellation through --progressive's run_tool too", async () => {
    const { client } = await connect(["--progressive"]);
    const result = await client.callTool({ name: "run_tool", arguments: { name: "mcp__fw__progress", arguments: { steps: 1 } } }, undefined, { onprogress: () => undefined });
    expect(textOf(result)).toBe("done after 1 steps (token present)");

    for (const mark of ["started", "aborted"]) fs.rmSync(path.join(folder, mark), { force: true });
    const controller = new AbortController();
    const call = client.callTool({ name: "run_tool", arguments: { name: "mcp__fw__wait-for-abort", arguments: {} } }, undefined, { signal: controller.signal });
    await eventually(() => fs.existsSync(path.join(folder, "started")), 20_000, "upstream call started");
    controller.abort("user pressed stop");
    await expect(call).rejects.toThrow();
    await eventually(() => fs.existsSync(path.join(folder, "aborted")), 20_000, "upstream saw the abort");
  });

  it("upstream log messages at the level the client set, under the server's name", async () => {
    const { client, logs } = await connect();
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "mcp__fw__log", arguments: { level: "info", text: "too quiet" } });
    await client.callTool({ name: "mcp__fw__log", arguments: { level: "error", text: "disk full" } });
    await eventually(() => logs.length > 0, 20_000, "a log message");
    expect(logs).toEqual([{ level: "error", logger: "fw/fixture", data: "disk full" }]);
  });

  it("resource templates, namespaced, and a templated read", async () => {
    const { client } = await connect();
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      { uriTemplate: "foya://fw/note://{name}", name: "fw/note", description: 'A note by name. (from MCP server "fw", note://{name})', mimeType: "text/plain" },
    ]);
    const read = await client.readResource({ uri: "foya://fw/note://groceries" });
    expect(read.contents).toEqual([{ uri: "foya://fw/note://groceries", mimeType: "text/plain", text: "note groceries" }]);
  });

  it("resource subscriptions and their updates", async () => {
    const { client, updates } = await connect();
    await client.subscribeResource({ uri: "foya://fw/note://a" });
    expect(textOf(await client.callTool({ name: "mcp__fw__touch", arguments: { name: "a" } }))).toBe("announced");
    await eventually(() => updates.length > 0, 20_000, "resource update");
    expect(updates).toEqual(["foya://fw/note://a"]);
    await client.unsubscribeResource({ uri: "foya://fw/note://a" });
    expect(textOf(await client.callTool({ name: "mcp__fw__touch", arguments: { name: "a" } }))).toBe("no subscriber");
    await expect(client.subscribeResource({ uri: "note://a" })).rejects.toThrow(/Unknown resource: note:\/\/a/);
  });

  it("the client's roots to an upstream that asks", async () => {
    const { client } = await connect();
    expect(textOf(await client.callTool({ name: "mcp__fw__roots", arguments: {} }))).toBe("roots: file:///work/project");
  });

  it("an upstream's sampling request to the client, through the approval gate", async () => {
    const allowed = await connect();
    expect(textOf(await allowed.client.callTool({ name: "mcp__fw__sample", arguments: {} }))).toBe("model said: hello from the client (test-model)");
    expect(allowed.samples).toEqual([JSON.stringify([{ role: "user", content: { type: "text", text: "Say hello" } }])]);

    const denied = await connect(["--approval", "deny"]);
    const refused = await denied.client.callTool({ name: "mcp__fw__sample", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("foya serve runs with --approval deny");
    expect(denied.samples).toEqual([]);
  });
});
