// foya's approvals in the 2026-07-28 era (issue 17, SEP-2322): with `--approval ask`, a call asks
// the person through the client. A 2026-07-28 client gets the question as an input-required
// result (raw HTTP shows the wire: the approval form and a requestState; the retry with the
// answer runs the call); the v2 SDK client pinned to 2026-07-28 answers it through its own
// elicitation handler, over `foya serve --http` and over stdio (also through --progressive's
// run_tool); a decline refuses the call.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, foya, foyaBin, foyaInBackground, stopProcess, temporaryDir } from "./support/programs";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__");
const TOOL = "mcp__legacy__whisper";
const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } };
let home: string;
let serve: ChildProcess;
let url: string;
let token: string;

/** Polls until `check` holds (bounded). */
async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  home = temporaryDir("foya-approvals");
  foya(home, ["mcp", "add", "legacy", "--", process.execPath, path.join(fixtures, "legacy-only-server.mjs")]);
  serve = spawn(process.execPath, [foyaBin, "serve", "--http", "--port", "0", "--approval", "ask"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "ignore", "ignore"] });
  const endpoint = path.join(home, "serve.json");
  await until(() => fs.existsSync(endpoint), "serve.json");
  url = (JSON.parse(fs.readFileSync(endpoint, "utf8")) as { url: string }).url;
  token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
}, 120_000);

afterAll(async () => {
  if (serve) await stopProcess(serve);
  cleanupTemporaryDirs();
});

/** One raw 2026-07-28 tools/call of TOOL with `extra` params. */
interface RawAnswer {
  result?: { [key: string]: unknown; inputRequests: Record<string, { method: string; params: { message: string } }>; requestState: string };
  error?: { message: string };
}
async function rawCall(extra: Record<string, unknown>): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}`, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": TOOL },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: TOOL, arguments: { text: "Quiet PLEASE" }, ...extra, _meta: ENVELOPE } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RawAnswer;
}

/** A v2 client pinned to 2026-07-28 that answers every approval with `approve`, and the questions it saw. */
function pinnedClient(approve: boolean): { client: Client; asked: string[] } {
  const asked: string[] = [];
  const client = new Client({ name: "approver", version: "1.0.0" }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: "2026-07-28" } } });
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(String((request.params as { message?: unknown }).message));
    return { action: "accept", content: { approve } };
  });
  return { client, asked };
}

const textOf = (result: unknown): string => ((result as { content?: Array<{ text?: string }> }).content ?? []).map((block) => block.text ?? "").join("\n");

describe("foya serve --approval ask, 2026-07-28 clients", () => {
  it("puts the approval to the client as an input-required result, and runs the call on the retry with the answer", async () => {
    const first = await rawCall({});
    expect(first.result).toMatchObject({ resultType: "input_required", inputRequests: { foya_approval: { method: "elicitation/create", params: { requestedSchema: { required: ["approve"] } } } } });
    expect(first.result!.inputRequests.foya_approval!.params.message).toMatch(/^Allow the call whisper on MCP server "legacy"\?\n/);
    expect(first.result).not.toHaveProperty("content");
    const answered = await rawCall({ inputResponses: { foya_approval: { action: "accept", content: { approve: true } } }, requestState: first.result!.requestState });
    expect(answered.result).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "quiet please" }] });
    const forged = await rawCall({ inputResponses: { foya_approval: { action: "accept", content: { approve: true } } }, requestState: `${first.result!.requestState}x` });
    expect(forged.error?.message).toMatch(/^Invalid params: requestState failed verification/);
  }, 60_000);

  // Issue #36 R4: resending the approved retry ran the upstream call again, every time (5 of 5),
  // and an approval the server never asked for was accepted.
  it("answers one approval once: replays of the approved retry run nothing, and an unsolicited approval is not taken", async () => {
    const callsOfLegacy = async (): Promise<number> => {
      return (JSON.parse(await foyaInBackground(home, ["status", "--json"])) as { servers: Array<{ name: string; calls: number }> }).servers.find((row) => row.name === "legacy")?.calls ?? -1;
    };
    const approve = { foya_approval: { action: "accept", content: { approve: true } } };
    const unsolicited = await rawCall({ inputResponses: approve });
    expect(unsolicited.result).toMatchObject({ resultType: "input_required", inputRequests: { foya_approval: { method: "elicitation/create" } } });
    const retry = { inputResponses: approve, requestState: unsolicited.result!.requestState };
    const before = await callsOfLegacy();
    expect((await rawCall(retry)).result).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "quiet please" }] });
    for (let replay = 0; replay < 5; replay++) {
      const replayed = await rawCall(retry);
      expect(replayed.result).toBeUndefined();
      expect(replayed.error?.message).toBe(
        "Invalid params: requestState was used already (each one answers its questions once, so a replayed retry runs nothing); send the request again without requestState and inputResponses to start over.",
      );
    }
    expect(await callsOfLegacy()).toBe(before + 1);
  }, 60_000);

  it("lets the v2 SDK client answer through its elicitation handler over HTTP; a decline refuses the call", async () => {
    for (const approve of [true, false]) {
      const { client, asked } = pinnedClient(approve);
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
      const result = await client.callTool({ name: TOOL, arguments: { text: "Said SOFTLY" } });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain(`host tool: ${TOOL}`);
      expect(textOf(result)).toBe(approve ? "said softly" : `Call to ${TOOL} was declined by the user.`);
      await client.close();
    }
  }, 60_000);

  // --progressive: the approval is asked from inside run_tool's catalog call (the AskClient rides the call scope).
  it.each([[[], TOOL], [["--progressive"], "run_tool"]] as const)("asks the same way over stdio (%j)", async (flags, tool) => {
    const { client, asked } = pinnedClient(true);
    const args = [foyaBin, "serve", "--approval", "ask", ...flags];
    await client.connect(new StdioClientTransport({ command: process.execPath, args, env: { ...(process.env as Record<string, string>), FOYA_HOME: home }, stderr: "pipe" }));
    try {
      const toolArguments = tool === TOOL ? { text: "Over STDIO" } : { name: TOOL, arguments: { text: "Over STDIO" } };
      expect(textOf(await client.callTool({ name: tool, arguments: toolArguments }))).toBe("over stdio");
      expect(asked).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 60_000);
});
