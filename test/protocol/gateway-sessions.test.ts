// Two gateway processes on one PostgreSQL database (issue 17) serve the 2025 handshake with the
// session in the store: a 2025-11-25 SDK client (1.32.2) whose fetch sends every request to the
// other instance initializes on A, then lists and calls tools; DELETE on one instance ends the
// session on the other; the per-token cap holds with initializes racing on both; and a
// progress-streaming call whose SSE stream is cut resumes on the other instance (GET +
// Last-Event-ID) with every event exactly once, then the result, also while the call still runs
// on the first instance (held by a lock of the test's own). Skips loudly without
// PostgreSQL binaries outside CI, fails in CI (tooling/postgres-cluster.mjs).
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { postgresBinDir, postgresGate, startPostgres, type PostgresCluster } from "../../tooling/postgres-cluster.mjs";
import { payload, requireBuild, runCli, startGateway, textOf, type RunningGateway, type WorkspaceTokens } from "../../apps/amicited-gateway/test/support/gateway-process";

const PER_TOKEN = 3;
const gate = postgresGate();
let cluster: PostgresCluster | undefined;
let database: string;
let demo: WorkspaceTokens;
const instances: RunningGateway[] = [];
const clients: Client[] = [];

/** One request as the alternating fetch passed it on. */
interface Served {
  instance: number;
  method: string;
  rpc: string | undefined;
  lastEventId: string | null;
}

const rpcOf = (body: unknown): string | undefined => {
  if (typeof body !== "string") return undefined;
  return (JSON.parse(body) as { method?: string }).method;
};

/** Where the test cuts a stream: after the first progress event, or right after the priming event. */
type Cut = "first progress" | "priming";
const cutsHere = (cut: Cut, event: string): boolean =>
  cut === "priming" ? /^data: ?$/m.test(event) : event.includes('"notifications/progress"');

/** The SSE stream of `response` up to and including the event where `cut` says, then closed: the connection is cut. */
function cutStream(response: Response, cut: Cut): Response {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffered = "";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) return controller.close();
      buffered += decoder.decode(value, { stream: true });
      for (let end = buffered.indexOf("\n\n"); end >= 0; end = buffered.indexOf("\n\n")) {
        const event = buffered.slice(0, end + 2);
        buffered = buffered.slice(end + 2);
        controller.enqueue(encoder.encode(event));
        if (cutsHere(cut, event)) {
          await reader.cancel();
          return controller.close();
        }
      }
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** A fetch that sends each request to the instance after the previous one's; `cut` cuts the first tools/call stream. */
function alternatingFetch(log: Served[], cut?: Cut): (url: string | URL, init?: RequestInit) => Promise<Response> {
  let next = 0;
  let cutDone = false;
  return async (input, init) => {
    const instance = next++ % instances.length;
    const url = new URL(input);
    url.host = new URL(instances[instance]!.url).host;
    const rpc = rpcOf(init?.body);
    log.push({ instance, method: init?.method ?? "GET", rpc, lastEventId: new Headers(init?.headers).get("last-event-id") });
    const response = await fetch(url, init);
    if (cut && !cutDone && rpc === "tools/call" && response.headers.get("content-type")?.includes("text/event-stream")) {
      cutDone = true;
      return cutStream(response, cut);
    }
    return response;
  };
}

async function legacyClient(token: string, log: Served[], cut?: Cut) {
  const client = new Client({ name: "alternating-2025", version: "0.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(instances[0]!.url), {
    fetch: alternatingFetch(log, cut),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

let nextId = 1;
async function initialize(url: string, token: string) {
  const id = nextId++;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "racer", version: "0" } } }),
  });
  return { id, status: response.status, session: response.headers.get("mcp-session-id"), retryAfter: response.headers.get("retry-after"), body: (await response.json()) as unknown };
}

const inSession = (url: string, token: string, session: string, init: { method: string; body?: unknown }) =>
  fetch(url, {
    method: init.method,
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}`, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

beforeAll(async () => {
  if (!gate.run) return;
  requireBuild();
  cluster = await startPostgres();
  database = cluster.createDatabase("sessions");
  demo = JSON.parse(runCli(["init", "--database", database]).trim()) as WorkspaceTokens;
  for (let index = 0; index < 2; index++)
    instances.push(await startGateway(database, ["--max-sessions-per-token", String(PER_TOKEN)]));
}, 240_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  for (const instance of instances) await instance.stop();
  cluster?.stop();
});

describe.skipIf(!gate.run)("2025-era sessions in PostgreSQL, requests alternating between two instances", () => {
  it("initializes on A, then lists and calls tools with every request on the other instance", async () => {
    const log: Served[] = [];
    const { client, transport } = await legacyClient(demo.readToken, log);
    expect(client.getServerVersion()?.name).toBe("amicited-gateway");
    expect(transport.protocolVersion).toBe("2025-11-25");
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(["describe_tool", "read_tool", "run_tool", "search_tools"]);
    const answers: string[] = [];
    for (let call = 0; call < 4; call++)
      answers.push(textOf(await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain("domain_id");
    // Then initialized, the optional GET stream (405 here), tools/list and four calls, each on
    // the instance the previous request did not go to.
    expect(log[0]).toMatchObject({ instance: 0, rpc: "initialize" });
    expect(log.filter((entry) => entry.method === "GET")).toHaveLength(1);
    const calls = log.filter((entry) => entry.rpc === "tools/call");
    expect(calls.map((entry) => entry.instance).sort()).toEqual([0, 0, 1, 1]);
  });

  it("ends the session for every instance: DELETE on A, the next request on B gets 404", async () => {
    const opened = await initialize(instances[0]!.url, demo.readToken);
    expect(opened.status).toBe(200);
    const listed = await inSession(instances[1]!.url, demo.readToken, opened.session!, { method: "POST", body: { jsonrpc: "2.0", id: 2, method: "tools/list" } });
    expect(listed.status).toBe(200);
    const hijack = await inSession(instances[1]!.url, demo.writeToken, opened.session!, { method: "POST", body: { jsonrpc: "2.0", id: 3, method: "tools/list" } });
    expect(hijack.status).toBe(403);
    expect(((await hijack.json()) as { error: unknown }).error).toEqual({ code: -32000, message: "Forbidden: this session belongs to another token" });
    expect((await inSession(instances[0]!.url, demo.readToken, opened.session!, { method: "DELETE" })).status).toBe(200);
    const gone = await inSession(instances[1]!.url, demo.readToken, opened.session!, { method: "POST", body: { jsonrpc: "2.0", id: 4, method: "tools/list" } });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: unknown }).error).toEqual({ code: -32001, message: "Session not found: initialize a new session" });
  });

  it("holds the per-token cap across instances with initializes racing on both", async () => {
    // The write token has no session yet; this test ends the ones it opens.
    const token = demo.writeToken;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => initialize(instances[index % 2]!.url, token)));
    const opened = answers.filter((answer) => answer.status === 200);
    expect(opened).toHaveLength(PER_TOKEN);
    const message = `Too many sessions: this token already has ${PER_TOKEN} open sessions, the cap per token (--max-sessions-per-token ${PER_TOKEN}). Reuse one, or end one with DELETE /mcp and its Mcp-Session-Id; idle sessions close after 30 min.`;
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(503);
      expect(refused.session).toBeNull();
      expect(refused.body).toEqual({ jsonrpc: "2.0", error: { code: -32000, message }, id: refused.id });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // A slot ended on one instance is free on the other at once.
    expect((await inSession(instances[0]!.url, token, opened[0]!.session!, { method: "DELETE" })).status).toBe(200);
    const reopened = await initialize(instances[1]!.url, token);
    expect(reopened.status).toBe(200);
    expect((await initialize(instances[0]!.url, token)).status).toBe(503);
    for (const [at, session] of [opened[1]!.session!, opened[2]!.session!, reopened.session!].entries())
      expect((await inSession(instances[at % 2]!.url, token, session, { method: "DELETE" })).status).toBe(200);
  });

  it("resumes a cut progress stream on the other instance: every event once, then the result", async () => {
    const log: Served[] = [];
    const { client } = await legacyClient(demo.writeToken, log, "first progress");
    const { result, progress } = await runPromptNow(client);
    expect(result.isError).toBeFalsy();
    expect((payload(result).answers as unknown[]).length).toBe(5);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    // One resume, a GET with the cut stream's last event id, on the other instance.
    const resumes = log.filter((entry) => entry.lastEventId !== null);
    expect(resumes).toHaveLength(1);
    const resumedAt = log.indexOf(resumes[0]!);
    const cut = log.slice(0, resumedAt).filter((entry) => entry.rpc === "tools/call").pop()!;
    expect(resumes[0]!.method).toBe("GET");
    expect(resumes[0]!.lastEventId).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    expect(resumes[0]!.instance).not.toBe(cut.instance);
  }, 60_000);

  it("keeps a cut call running on its instance while the other one's resumed stream waits for its events", async () => {
    // A transaction of the test's own holds prompt_runs, so the call blocks before its first step.
    const lock = holdPromptRuns();
    await lock.held;
    const log: Served[] = [];
    const { client } = await legacyClient(demo.writeToken, log, "priming");
    const running = runPromptNow(client);
    // The stream was cut after its priming event; once the client resumes elsewhere, let the call go on.
    const deadline = Date.now() + 20_000;
    while (!log.some((entry) => entry.lastEventId !== null) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log.filter((entry) => entry.lastEventId !== null)).toHaveLength(1);
    lock.release();
    const { result, progress } = await running;
    expect(result.isError).toBeFalsy();
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    const resumedAt = log.findIndex((entry) => entry.lastEventId !== null);
    expect(log[resumedAt]!.lastEventId).toMatch(/\.0$/);
    expect(log[resumedAt]!.instance).not.toBe(log.slice(0, resumedAt).filter((entry) => entry.rpc === "tools/call").pop()!.instance);
  }, 60_000);
});

/** prompts_run_now on the demo workspace's first prompt, with the progress the client saw. */
async function runPromptNow(client: Client) {
  const domainId = (payload(await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } })).rows as { domain_id: number }[])[0]!.domain_id;
  const promptId = (payload(await client.callTool({ name: "read_tool", arguments: { name: "prompts_list", arguments: { domain_id: domainId, limit: 1 } } })).rows as { prompt_id: number }[])[0]!.prompt_id;
  const progress: number[] = [];
  const result = await client.callTool(
    { name: "run_tool", arguments: { name: "prompts_run_now", arguments: { domain_id: domainId, prompt_id: promptId } } },
    undefined,
    { onprogress: (step) => progress.push(step.progress), timeout: 60_000 },
  );
  return { result, progress };
}

/** A psql session holding prompt_runs in SHARE mode (reads pass, inserts wait) until release(). */
function holdPromptRuns(): { held: Promise<void>; release(): void } {
  const psql = spawn(path.join(postgresBinDir(), "psql"), [database, "-q", "-v", "ON_ERROR_STOP=1"], { stdio: ["pipe", "pipe", "inherit"] });
  psql.stdin.write("BEGIN;\nLOCK TABLE prompt_runs IN SHARE MODE;\n\\echo locked\n");
  const held = new Promise<void>((resolve, reject) => {
    let out = "";
    psql.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("locked")) resolve();
    });
    psql.once("exit", (code) => reject(new Error(`psql exited with ${code} before locking`)));
  });
  return { held, release: () => psql.stdin.end("COMMIT;\n") };
}
