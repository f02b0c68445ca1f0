// The client surface over real HTTP against the built gateway: four fixed tools, ?toolsets=
// pinning, instructions and the skill resource, and the HTTP hygiene (401, Origin/Host 403,
// malformed JSON, body limit, sessions bound to their token, SSE event ids and resumption).
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { GATEWAY, payload, serveGateway } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";

const BASE = ["describe_tool", "read_tool", "run_tool", "search_tools"];
const served = serveGateway({ flags: () => ["--max-body-bytes", "65536"] });
let demo: WorkspaceTokens;
const open = (token: string, toolsets?: string) => served.open(token, toolsets);
const post = (headers: Record<string, string>, body: string) =>
  fetch(served.gateway.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
/** The events of an SSE body: each one's id and data. */
const sseEvents = (text: string): { id: string; data: string }[] =>
  text
    .split("\n\n")
    // Comment-only blocks (": keepalive") are not events.
    .filter((block) => block.split("\n").some((line) => line !== "" && !line.startsWith(":")))
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).trimStart())
          .join("\n");
      return { id: field("id"), data: field("data") };
    });
const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "0" },
  },
});

/** Valid JSON that no JSON-RPC message can be (issue #38). */
const NON_MESSAGE_BODIES = ["null", "0", "-1.5", "1e308", '"ping"', '""', "true", "false", "[]", "[null]", "[1,2]", '["x"]', "[true]", "[[]]"];

beforeAll(() => {
  demo = served.tokens.demo!;
});

describe("tools/list", () => {
  it("advertises exactly the four base tools, read_tool read-only, unchanged on every call", async () => {
    const client = await open(demo.readToken);
    const first = await client.listTools();
    expect(first.tools.map((tool) => tool.name).sort()).toEqual(BASE);
    expect(first.tools.find((tool) => tool.name === "read_tool")?.annotations?.readOnlyHint).toBe(
      true,
    );
    expect(first.tools.find((tool) => tool.name === "run_tool")?.annotations?.readOnlyHint).toBe(
      false,
    );
    await client.callTool({ name: "search_tools", arguments: { query: "orders" } });
    expect(await client.listTools()).toEqual(first);
  });

  it("pins named toolsets natively, ignores unknown names, and `all` advertises everything", async () => {
    const eshop = (await (await open(demo.readToken, "eshop,bogus")).listTools()).tools.map(
      (tool) => tool.name,
    );
    const extra = eshop.filter((name) => !BASE.includes(name));
    expect(extra.length).toBeGreaterThanOrEqual(15);
    expect(extra.every((name) => name.startsWith("eshop_"))).toBe(true);
    const browse = await (
      await open(demo.readToken)
    ).callTool({ name: "search_tools", arguments: { query: "", toolset: "eshop", limit: 1 } });
    expect(extra.length).toBe(
      (browse.structuredContent as { paging: { total: number } }).paging.total,
    );
    const two = (await (await open(demo.readToken, "eshop,uptime")).listTools()).tools.map(
      (tool) => tool.name,
    );
    expect(
      two.some((name) => name.startsWith("uptime_")) &&
        two.some((name) => name.startsWith("eshop_")),
    ).toBe(true);
    expect(
      (await (await open(demo.readToken, "bogus")).listTools()).tools
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(BASE);
    const all = (await (await open(demo.readToken, "all")).listTools()).tools;
    expect(all.length).toBeGreaterThanOrEqual(304);
    expect(all.find((tool) => tool.name === "list_domains")?.annotations?.readOnlyHint).toBe(true);
  });

  it("refuses a natively called tool that is not pinned on this connection", async () => {
    const client = await open(demo.readToken, "uptime");
    await expect(client.callTool({ name: "list_domains", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: "MCP error -32602: Unknown tool: list_domains. It is not advertised on this connection; find it with search_tools and call it through read_tool or run_tool.",
    });
    const pinned = await client.callTool({
      name: "uptime_list_monitors",
      arguments: { domain_id: 1 },
    });
    expect(pinned.isError).toBeFalsy();
  });
});

describe("base tool arguments", () => {
  const textOf = (result: unknown) => ((result as { content?: Array<{ text?: string }> }).content ?? []).map((block) => block.text ?? "").join("");

  it("refuses a misspelled or mistyped argument, naming it and what the tool takes", async () => {
    const client = await open(demo.readToken);
    const typo = await client.callTool({ name: "search_tools", arguments: { qurey: "site down" } });
    expect(typo.isError).toBe(true);
    expect(textOf(typo)).toBe(
      "INVALID_ARGUMENTS: Invalid arguments for search_tools: `query` is required: What you want to do or know. unknown field `qurey`: the known fields are `query`, `toolset`, `offset`, `limit`. Its inputSchema is in tools/list.",
    );
    const wrongType = await client.callTool({ name: "search_tools", arguments: { query: "orders", limit: "ten" } });
    expect(textOf(wrongType)).toBe('INVALID_ARGUMENTS: Invalid arguments for search_tools: `limit` must be an integer; got the string "ten". Its inputSchema is in tools/list.');
    const notObject = await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: "all" } });
    expect(textOf(notObject)).toBe('INVALID_ARGUMENTS: Invalid arguments for read_tool: `arguments` must be a JSON object; got the string "all". Its inputSchema is in tools/list.');
  });

  it("answers search_tools with name, toolset, kind, summary and matchedIn, without internal scores", async () => {
    const client = await open(demo.readToken);
    const found = (await client.callTool({ name: "search_tools", arguments: { query: "is the site down", limit: 3 } })).structuredContent as {
      results: Array<Record<string, unknown>>;
    };
    expect(found.results).toHaveLength(3);
    for (const row of found.results) {
      expect(Object.keys(row).filter((key) => key !== "matchedIn")).toEqual(["name", "toolset", "kind", "summary"]);
      expect(row.score).toBeUndefined();
    }
    const browse = (await client.callTool({ name: "search_tools", arguments: { query: "", toolset: "uptime", limit: 2 } })).structuredContent as {
      results: Array<Record<string, unknown>>;
    };
    expect(browse.results.every((row) => row.matchedIn === undefined)).toBe(true);
  });

  it("matches ?toolsets= names case-insensitively", async () => {
    const client = await open(demo.readToken, "ESHOP");
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.length).toBeGreaterThan(4);
    expect(names.filter((name) => !BASE.includes(name)).every((name) => name.startsWith("eshop_"))).toBe(true);
  });
});

describe("instructions and the using-amicited skill", () => {
  it("teaches find, describe, execute in the instructions and the skill resource", async () => {
    const client = await open(demo.readToken);
    const instructions = client.getInstructions() ?? "";
    for (const word of ["search_tools", "describe_tool", "read_tool", "run_tool", "list_domains"])
      expect(instructions).toContain(word);
    const resources = await client.listResources();
    expect(resources.resources.map((resource) => resource.uri)).toContain(
      "amicited://skills/using-amicited",
    );
    const skill = await client.readResource({ uri: "amicited://skills/using-amicited" });
    const text = (skill.contents[0] as { text: string }).text;
    expect(text).toContain("name: using-amicited");
    expect(text).toBe(
      fs.readFileSync(
        new URL("../dist/skills/using-amicited/SKILL.md", `file://${GATEWAY}`),
        "utf8",
      ),
    );
    const toolsets = await client.readResource({ uri: "amicited://toolsets" });
    expect((toolsets.contents[0] as { text: string }).text).toContain(
      "| google_ppc | `google_ppc_` |",
    );
    // Regression: the message reached the client prefixed twice ("MCP error -32002: MCP error -32002: …").
    const unknown = await client.readResource({ uri: "amicited://nope" }).then(
      () => undefined,
      (error: unknown) => error as { code?: number; message?: string },
    );
    // One shape in every app (server-kit's unknownResource): -32602 `Unknown resource: <uri>. …`.
    expect(unknown?.code).toBe(-32602);
    expect(unknown?.message).toBe(
      "MCP error -32602: Unknown resource: amicited://nope. Resources: amicited://skills/using-amicited, amicited://toolsets.",
    );
  });
});

describe("HTTP hygiene", () => {
  it("answers 401 with WWW-Authenticate without a token or with an unknown one", async () => {
    const missing = await post({}, initialize);
    expect(missing.status).toBe(401);
    // The challenge names the protected-resource metadata and the scopes (RFC 9728, issue 35).
    const oauthParams = `resource_metadata="${new URL(served.gateway.url).origin}/.well-known/oauth-protected-resource/mcp", scope="read write"`;
    expect(missing.headers.get("www-authenticate")).toBe(`Bearer realm="amicited-gateway", ${oauthParams}`);
    expect(await missing.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32001, message: "Unauthorized: send Authorization: Bearer <token>" },
      id: null,
    });
    const unknown = await post({ authorization: "Bearer amc_r_not-a-real-token" }, initialize);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toBe(
      `Bearer realm="amicited-gateway", error="invalid_token", error_description="unknown or revoked token", ${oauthParams}`,
    );
    expect(((await unknown.json()) as { error: unknown }).error).toEqual({
      code: -32001,
      message: "Unauthorized: unknown or revoked token",
    });
    // Not a bearer token at all: server-kit's edge asks for one (it used to read as a revoked token).
    const basic = await post({ authorization: "Basic YTpi" }, initialize);
    expect(basic.status).toBe(401);
    expect(basic.headers.get("www-authenticate")).toBe(`Bearer realm="amicited-gateway", ${oauthParams}`);
  });

  it("refuses a foreign Origin or Host with 403 and accepts local ones", async () => {
    const auth = { authorization: `Bearer ${demo.readToken}` };
    const foreign = await post({ ...auth, origin: "http://evil.example" }, initialize);
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: unknown }).error).toEqual({
      code: -32000,
      message: "Forbidden: Origin http://evil.example is not allowed",
    });
    expect((await post({ ...auth, origin: "null" }, initialize)).status).toBe(403);
    const port = new URL(served.gateway.url).port;
    const rebinding = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: "/mcp",
            method: "POST",
            headers: {
              host: `evil.example:${port}`,
              "content-type": "application/json",
              accept: "application/json, text/event-stream",
              ...auth,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end(initialize);
      }, reject);
    });
    expect(rebinding).toBe(403);
    expect((await post({ ...auth, origin: `http://localhost:${port}` }, initialize)).status).toBe(
      200,
    );
  });

  it("answers malformed JSON with a JSON-RPC parse error and oversized bodies with 413", async () => {
    const auth = { authorization: `Bearer ${demo.readToken}` };
    const bad = await post(auth, "{ not json");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const big = await post(
      auth,
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "ping",
        params: { pad: "x".repeat(70_000) },
      }),
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: unknown }).error).toEqual({
      code: -32600,
      message: "Request body exceeds 65536 bytes",
    });
    const notFound = await fetch(served.gateway.url.replace("/mcp", "/other"), { headers: auth });
    expect(notFound.status).toBe(404);
    expect(((await notFound.json()) as { error: unknown }).error).toEqual({
      code: -32000,
      message: "Not found: the MCP endpoint is /mcp",
    });
    const put = await fetch(served.gateway.url, { method: "PUT", headers: auth, body: "{}" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST, DELETE");
  });

  // Issue #38: a body of `null` (and other JSON no message can be) was a 500 "Cannot read properties of null".
  it("answers every valid-JSON non-message body with 400 -32600, in a 2025 session, before one and at 2026-07-28", async () => {
    const auth = { authorization: `Bearer ${demo.readToken}` };
    const opened = await post(auth, initialize);
    const session = { ...auth, "mcp-session-id": opened.headers.get("mcp-session-id") ?? "", "mcp-protocol-version": "2025-06-18" };
    await opened.body?.cancel();
    const modern = { ...auth, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" };
    for (const headers of [auth, session, modern]) {
      for (const body of NON_MESSAGE_BODIES) {
        const response = await post(headers, body);
        expect({ body, status: response.status, code: ((await response.json()) as { error: { code: number } }).error.code }).toEqual({ body, status: 400, code: -32600 });
      }
    }
  });

  it("binds a session to the token that opened it", async () => {
    const opened = await post({ authorization: `Bearer ${demo.readToken}` }, initialize);
    const session = opened.headers.get("mcp-session-id")!;
    expect(session).toBeTruthy();
    const hijack = await post(
      { authorization: `Bearer ${demo.writeToken}`, "mcp-session-id": session },
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    );
    expect(hijack.status).toBe(403);
    expect(((await hijack.json()) as { error: unknown }).error).toEqual({
      code: -32000,
      message: "Forbidden: this session belongs to another token",
    });
    const gone = await post(
      { authorization: `Bearer ${demo.readToken}`, "mcp-session-id": "no-such-session" },
      JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    );
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: unknown }).error).toEqual({
      code: -32001,
      message: "Session not found: initialize a new session",
    });
  });

  it("gives every SSE event an id and resumes a stream after a Last-Event-ID, then ends it", async () => {
    const auth = { authorization: `Bearer ${demo.writeToken}` };
    const opened = await post(auth, initialize.replace("2025-06-18", "2025-11-25"));
    const headers = { ...auth, "mcp-session-id": opened.headers.get("mcp-session-id")!, "mcp-protocol-version": "2025-11-25" };
    const call = async (id: number, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) =>
      post(headers, JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } }));
    const read = async (id: number, name: string, args: Record<string, unknown>) =>
      payload(((await (await call(id, "read_tool", { name, arguments: args })).json()) as { result: unknown }).result);
    const domain = ((await read(10, "list_domains", {})).rows as { domain_id: number }[])[0]!.domain_id;
    const prompt = ((await read(11, "prompts_list", { domain_id: domain, limit: 1 })).rows as { prompt_id: number }[])[0]!.prompt_id;
    const streamed = await call(12, "run_tool", { name: "prompts_run_now", arguments: { domain_id: domain, prompt_id: prompt } }, { progressToken: "p-12" });
    expect(streamed.headers.get("content-type")).toContain("text/event-stream");
    const events = sseEvents(await streamed.text());
    expect(events.every((event) => /^[0-9a-f-]{36}\.\d+$/.test(event.id))).toBe(true);
    expect(events[0]!.data).toBe("");
    const messages = events.slice(1).map((event) => JSON.parse(event.data) as { id?: number; method?: string; params?: { progress: number } });
    expect(messages.map((message) => message.method ?? `answer ${message.id}`)).toEqual([...Array(5).fill("notifications/progress"), "answer 12"]);
    expect(messages.slice(0, 5).map((message) => message.params!.progress)).toEqual([1, 2, 3, 4, 5]);
    const resume = (lastEventId?: string) =>
      fetch(served.gateway.url, { headers: { ...headers, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) } });
    const resumed = await resume(events[2]!.id);
    expect(resumed.status).toBe(200);
    expect(sseEvents(await resumed.text())).toEqual(events.slice(3));
    const plain = await resume();
    expect(plain.status).toBe(405);
    expect(plain.headers.get("allow")).toBe("POST, DELETE");
    const unknown = await resume("00000000-0000-4000-8000-000000000000.1");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: unknown }).error).toEqual({
      code: -32001,
      message: "Stream not found: Last-Event-ID names no stream of this session that is still kept; send the request again",
    });
  });

  it("prints the listening line on 127.0.0.1", () => {
    expect(served.gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });
});
