// One shared SDK Server answering many 2026-07-28 requests (SharedModernServer, moved here from
// foya's serve/modern-requests.ts): two requests with the same client id get their own answers,
// in the modern form, a request's progress follows it, and a request abandoned before its answer
// is cancelled in the Server.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { SharedModernServer, type ServerIdentity } from "../src/index";

const identity: ServerIdentity = { serverInfo: { name: "mux", version: "1" }, capabilities: { tools: {} } };
const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const call = (id: number, name: string, meta: Record<string, unknown> = {}) =>
  ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {}, _meta: { ...ENVELOPE, ...meta } } }) as JSONRPCMessage;

let requests: SharedModernServer | undefined;
afterEach(async () => {
  await requests?.close();
  requests = undefined;
});

/** A shared Server whose "hold-*" calls wait until released by name (or aborted). */
async function sharedServer(onAbort: (name: string) => void): Promise<{ shared: SharedModernServer; release: (name: string) => void }> {
  const server = new Server(identity.serverInfo, { capabilities: identity.capabilities });
  const gates = new Map<string, () => void>();
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const token = request.params._meta?.progressToken;
    if (token !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: 1 } });
    if (name.startsWith("hold")) {
      await new Promise<void>((resolve) => {
        gates.set(name, resolve);
        const aborted = (): void => {
          onAbort(name);
          resolve();
        };
        // The cancellation may arrive before this handler runs.
        if (extra.signal.aborted) aborted();
        else extra.signal.addEventListener("abort", aborted);
      });
    }
    return { content: [{ type: "text", text: `answered ${name}` }] };
  });
  return { shared: await SharedModernServer.connect(server, identity), release: (name) => gates.get(name)?.() };
}

describe("SharedModernServer", () => {
  it("gives two requests with the same client id their own answers, in the 2026-07-28 form", async () => {
    const { shared, release } = await sharedServer(() => undefined);
    requests = shared;
    const first = shared.answer(call(1, "hold-a"));
    expect(await shared.answer(call(1, "b"))).toMatchObject({ id: 1, result: { content: [{ text: "answered b" }], resultType: "complete" } });
    expect(shared.inFlight).toBe(1);
    release("hold-a");
    expect(await first).toMatchObject({ id: 1, result: { content: [{ text: "answered hold-a" }] } });
    expect(shared.inFlight).toBe(0);
  });

  it("passes a request's progress to it and cancels a request abandoned before its answer", async () => {
    const aborted: string[] = [];
    const { shared } = await sharedServer((name) => aborted.push(name));
    requests = shared;
    const progress: JSONRPCMessage[] = [];
    expect(await shared.answer(call(7, "c", { progressToken: "t" }), undefined, (note) => void progress.push(note))).toMatchObject({ id: 7, result: { content: [{ text: "answered c" }] } });
    expect(progress).toMatchObject([{ method: "notifications/progress", params: { progressToken: "t", progress: 1 } }]);

    const controller = new AbortController();
    const held = shared.answer(call(8, "hold-d"), controller.signal);
    controller.abort();
    expect(await held).toMatchObject({ id: 8, error: { message: "Request cancelled: the client went away." } });
    while (aborted.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(aborted).toEqual(["hold-d"]);
    expect(shared.inFlight).toBe(0);
  });
});
