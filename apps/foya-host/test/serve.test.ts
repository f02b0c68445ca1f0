// `foya serve` as an MCP server, driven by the SDK's Client over stdio: tools aggregated under host
// names, resources and prompts namespaced by server, a live edit of mcp.json announced with
// list_changed, approvals by elicitation and by policy, and an upstream crash that leaves the
// other servers usable.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CRASHY, EVERYTHING, FOUNDRY_SERVER, FOYA, processesMentioning, removeTemporaryFolders, runFoya, startEverythingHttp, temporaryFolder } from "./support/processes";
import { connectServe, eventually, textOf, type ServeSession } from "./support/serve-client";

let home: string;
let root: string;
const sessions: ServeSession[] = [];
const open = async (...args: Parameters<typeof connectServe>): Promise<ServeSession> => {
  const session = await connectServe(...args);
  sessions.push(session);
  return session;
};

beforeAll(() => {
  expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
  home = temporaryFolder("serve-home");
  root = temporaryFolder("serve-root");
  expect(runFoya(home, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  expect(runFoya(home, ["mcp", "add", "crashy", "--", process.execPath, CRASHY, root]).status).toBe(0);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close().catch(() => undefined);
});

afterAll(() => {
  removeTemporaryFolders();
});

describe("foya serve", () => {
  it("aggregates every server's tools under host names and calls through", async () => {
    const { client } = await open(home, []);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["mcp__ev__echo", "mcp__ev__get-sum", "mcp__crashy__ping", "mcp__crashy__crash"]));
    const sum = await client.callTool({ name: "mcp__ev__get-sum", arguments: { a: 1, b: 2 } });
    expect(textOf(sum)).toContain("3");
    await expect(client.callTool({ name: "mcp__ev__nope", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^MCP error -32602: Unknown tool: mcp__ev__nope\. It is not among the \d+ tools listed now/),
    });
  });

  it("namespaces resources and prompts by server", async () => {
    const { client } = await open(home, []);
    const resources = (await client.listResources()).resources;
    const architecture = resources.find((item) => item.uri === "foya://ev/demo://resource/static/document/architecture.md");
    expect(architecture?.name).toBe("ev/architecture.md");
    const read = await client.readResource({ uri: "foya://ev/demo://resource/static/document/architecture.md" });
    expect(read.contents[0]?.uri).toBe("foya://ev/demo://resource/static/document/architecture.md");
    expect(JSON.stringify(read.contents[0])).toContain("Architecture");
    await expect(client.readResource({ uri: "demo://resource/static/document/architecture.md" })).rejects.toThrow(/Unknown resource/);
    const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts).toContain("ev__args-prompt");
    const prompt = await client.getPrompt({ name: "ev__args-prompt", arguments: { city: "Lisbon" } });
    expect(JSON.stringify(prompt.messages)).toContain("Lisbon");
  });

  it("follows a live edit of mcp.json and announces tools/list_changed", { timeout: 90_000 }, async () => {
    const session = await open(home, []);
    // This file's crashy server only (its argument is this file's root): other test files that run
    // at the same time start crashy servers of their own.
    const crashyPids = () => processesMentioning(`${CRASHY} ${root}`).map((line) => line.trim().split(/\s+/)[0]);
    const pidsBefore = crashyPids();
    expect(pidsBefore.length).toBeGreaterThan(0);
    const before = session.toolListChanges();
    expect(runFoya(home, ["mcp", "add", "mem", "--", process.execPath, FOUNDRY_SERVER, "--root", root]).status).toBe(0);
    await eventually(() => session.toolListChanges() > before, 30_000, "list_changed after adding mem");
    await eventually(async () => (await session.client.listTools()).tools.some((tool) => tool.name === "mcp__mem__memory_search"), 20_000, "mem tools");
    // The diff left the unchanged server alone: same process, same session.
    expect(crashyPids()).toEqual(pidsBefore);
    const beforeRemove = session.toolListChanges();
    expect(runFoya(home, ["mcp", "remove", "mem"]).status).toBe(0);
    await eventually(() => session.toolListChanges() > beforeRemove, 30_000, "list_changed after removing mem");
    await eventually(async () => !(await session.client.listTools()).tools.some((tool) => tool.name.startsWith("mcp__mem__")), 20_000, "mem tools gone");
  });

  it("keeps the previous configuration when an edit is invalid", async () => {
    const session = await open(home, []);
    const file = path.join(home, "mcp.json");
    const good = fs.readFileSync(file, "utf8");
    try {
      fs.writeFileSync(file, '{"servers": {"broken": {"transport": "carrier-pigeon"}}}');
      await eventually(() => session.stderr().includes("configuration not applied, keeping the previous one"), 20_000, "the refusal on stderr");
      expect(session.stderr()).toContain("servers.broken.transport");
      const echo = await session.client.callTool({ name: "mcp__ev__echo", arguments: { message: "unchanged" } });
      expect(textOf(echo)).toBe("Echo: unchanged");
    } finally {
      fs.writeFileSync(file, good);
    }
  });

  it("passes an upstream list_changed through", async () => {
    const session = await open(home, []);
    const before = session.toolListChanges();
    await session.client.callTool({ name: "mcp__crashy__grow", arguments: {} });
    await eventually(() => session.toolListChanges() > before, 20_000, "list_changed after grow");
    expect((await session.client.listTools()).tools.map((tool) => tool.name)).toContain("mcp__crashy__extra");
  });

  it("keeps the other servers usable when one crashes, and reconnects when it can", { timeout: 90_000 }, async () => {
    const crashHome = temporaryFolder("crash-home");
    const crashFolder = temporaryFolder("crash-marker");
    expect(runFoya(crashHome, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
    expect(runFoya(crashHome, ["mcp", "add", "crashy", "--", process.execPath, CRASHY, crashFolder]).status).toBe(0);
    const session = await open(crashHome, []);
    const hasCrashy = async () => (await session.client.listTools()).tools.some((tool) => tool.name.startsWith("mcp__crashy__"));
    expect(await hasCrashy()).toBe(true);
    const changes = session.toolListChanges();
    await session.client.callTool({ name: "mcp__crashy__crash", arguments: {} });
    await eventually(async () => !(await hasCrashy()), 20_000, "crashy tools gone");
    // Regression (flaky before): the count was read before the notification could arrive.
    await session.toolListChangesAbove(changes);
    await expect(session.client.callTool({ name: "mcp__crashy__ping", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      // The name is one of a server that is down: the refusal says which and in what state, so a
      // call that raced the server's loss still names why (a dead HTTP upstream's error is its cause).
      message: expect.stringMatching(/Unknown tool: mcp__crashy__ping\. It is not among the \d+ tools listed now \(its server may be disconnected\); list tools again\. Server "crashy" is (?:in error: .+|connecting\.)$/),
    });
    const echo = await session.client.callTool({ name: "mcp__ev__echo", arguments: { message: "still here" } });
    expect(textOf(echo)).toBe("Echo: still here");
    // Let it start again: the manager's backoff reconnects and the tools come back.
    fs.rmSync(path.join(crashFolder, "crashed"));
    await eventually(hasCrashy, 40_000, "crashy back after reconnect");
    expect(textOf(await session.client.callTool({ name: "mcp__crashy__ping", arguments: {} }))).toBe("pong");
  });
});

describe("the start-up line", () => {
  // Issue #36 D7: over stdio it said "0 servers configured" (no session existed yet when it was written).
  it("counts the configured servers over stdio", async () => {
    const session = await open(home, []);
    await eventually(() => session.stderr().includes("servers configured"), 20_000, "the start-up line");
    expect(session.stderr()).toContain(`foya serve: 2 servers configured in ${home}; approval auto; on stdio.`);
  });
});

describe("a dead Streamable HTTP upstream", () => {
  it("fails a call to it at once, naming why (ECONNREFUSED or the closed socket), and says nothing about resending a read-only tool", { timeout: 60_000 }, async () => {
    const http = await startEverythingHttp("streamableHttp");
    try {
      const deadHome = temporaryFolder("dead-home");
      expect(runFoya(deadHome, ["mcp", "add", "web", "--transport", "streamable_http", "--url", http.url]).status).toBe(0);
      const session = await open(deadHome, []);
      expect(textOf(await session.client.callTool({ name: "mcp__web__echo", arguments: { message: "alive" } }))).toBe("Echo: alive");
      const exited = new Promise((resolve) => http.child.once("exit", resolve));
      http.stop();
      await exited;
      // The client's own request timeout is well below foya's call timeout: a slow failure
      // (waiting for reconnects until the call timeout) would reject here instead of answering.
      // Or the probe saw the loss first and dropped the server's tools: the call is then refused
      // (-32602) with the server's error appended, which names the cause as well.
      const text = await session.client.callTool({ name: "mcp__web__echo", arguments: { message: "anyone?" } }, undefined, { timeout: 15_000 }).then(
        (result) => {
          expect(result.isError).toBe(true);
          return textOf(result);
        },
        (error: Error) => {
          expect(error.message).toMatch(/^MCP error -32602: Unknown tool: mcp__web__echo\. .* Server "web" is in error: /);
          return error.message;
        },
      );
      // A killed HTTP server is seen in one of two true ways, by timing: a new connection is
      // refused (ECONNREFUSED), or a kept-alive socket the host's probe was using is closed by the
      // other side (UND_ERR_SOCKET: other side closed). Either way the cause is named.
      const cause = /ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET: other side closed/;
      expect(text).toMatch(cause);
      // The loss may be seen first by the call, by the host's own probe (which then closes the
      // session under the call), or already be in the status; each names the cause fast.
      // Or the probe's reconnect already failed under the call: the session's error is named.
      expect(text).toMatch(/server "web" cannot be reached|Server "web" is in error|connection to server "web" was lost during the call \(.*\); (?:reconnecting failed|the server stays in error): .*(?:ECONNREFUSED|ECONNRESET|UND_ERR_SOCKET: other side closed)/);
      expect(text).not.toContain("not annotated read-only or idempotent");
    } finally {
      http.stop();
    }
  });
});

describe("approvals", () => {
  it("asks the client through elicitation and runs the call when approved", async () => {
    const session = await open(home, ["--approval", "ask"], { action: "accept", content: { approve: true } });
    const result = await session.client.callTool({ name: "mcp__crashy__write_note", arguments: { text: "hello" } });
    expect(textOf(result)).toBe("noted: hello");
    expect(session.elicitations).toHaveLength(1);
    const message = session.elicitations[0] as string;
    expect(message).toContain("write_note");
    expect(message).toContain('MCP server "crashy"');
    expect(message).toContain(CRASHY);
    expect(message).toContain('{"text":"hello"}');
  });

  it("refuses the call when the person declines, and lets read-only tools pass unasked", async () => {
    const session = await open(home, ["--approval", "ask"], { action: "decline" });
    const refused = await session.client.callTool({ name: "mcp__crashy__write_note", arguments: { text: "no" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("Call to mcp__crashy__write_note was declined by the user.");
    const ping = await session.client.callTool({ name: "mcp__crashy__ping", arguments: {} });
    expect(textOf(ping)).toBe("pong");
    expect(session.elicitations).toHaveLength(1);
  });

  it("decides by policy when the client cannot be asked", async () => {
    const session = await open(home, ["--approval", "ask"]);
    const refused = await session.client.callTool({ name: "mcp__crashy__write_note", arguments: { text: "x" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("cannot be asked (no MCP elicitation)");
    expect(textOf(await session.client.callTool({ name: "mcp__crashy__ping", arguments: {} }))).toBe("pong");
  });

  it("refuses everything with --approval deny and allows everything with auto", async () => {
    const denied = await open(home, ["--approval", "deny"], { action: "accept", content: { approve: true } });
    const refused = await denied.client.callTool({ name: "mcp__crashy__write_note", arguments: { text: "x" } });
    expect(textOf(refused)).toBe("Call to mcp__crashy__write_note refused: foya serve runs with --approval deny.");
    expect(denied.elicitations).toHaveLength(0);
    const auto = await open(home, ["--approval", "auto"]);
    expect(textOf(await auto.client.callTool({ name: "mcp__crashy__write_note", arguments: { text: "y" } }))).toBe("noted: y");
  });

  it("forwards an upstream server's elicitation request to the client", async () => {
    const session = await open(home, ["--approval", "auto"], { action: "decline" });
    const names = (await session.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("mcp__ev__trigger-elicitation-request");
    const result = await session.client.callTool({ name: "mcp__ev__trigger-elicitation-request", arguments: {} });
    expect(session.elicitations).toHaveLength(1);
    expect(session.elicitations[0]).toMatch(/^\[MCP server "ev"\] Please provide inputs/);
    expect(textOf(result).toLowerCase()).toContain("decline");
  });

  it("rejects an unknown approval mode as a usage error", () => {
    const result = runFoya(home, ["serve", "--approval", "maybe"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--approval must be auto, ask or deny");
  });
});

describe("shutdown", () => {
  it("ends every upstream child when the client disconnects", async () => {
    const marker = temporaryFolder("marker");
    const markedHome = temporaryFolder("marked-home");
    expect(runFoya(markedHome, ["mcp", "add", "m", "--", process.execPath, CRASHY, marker]).status).toBe(0);
    const session = await connectServe(markedHome, []);
    expect((await session.client.listTools()).tools.map((tool) => tool.name)).toContain("mcp__m__ping");
    expect(processesMentioning(marker).length).toBeGreaterThan(0);
    await session.close();
    await eventually(() => processesMentioning(marker).length === 0, 10_000, "children gone");
    expect(fs.existsSync(path.join(markedHome, "mcp.json"))).toBe(true);
  });
});
