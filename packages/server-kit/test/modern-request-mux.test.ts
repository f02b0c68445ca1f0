// One shared SDK Server answering many 2026-07-28 requests through answerStatelessRequest: two
// requests with the same client id get their own answers, in the modern form, a request's
// progress follows it, and a request abandoned before its answer is cancelled in the Server.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { answerStatelessRequest, ModernRequestMux, type ServerIdentity } from "../src/index";

const identity: ServerIdentity = { serverInfo: { name: "mux", version: "1" }, capabilities: { tools: {} } };
const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const call = (id: number, name: string, meta: Record<string, unknown> = {}) =>
  ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {}, _meta: { ...ENVELOPE, ...meta } } }) as JSONRPCMessage;

let mux: ModernRequestMux | undefined;
afterEach(async () => {
  await mux?.close();
  mux = undefined;
});

/** A shared Server whose "hold-*" calls wait until released by name (or aborted). */
async function sharedServer(onAbort: (name: string) => void): Promise<{ shared: ModernRequestMux; release: (name: string) => void }> {
  const server = new Server(identity.serverInfo, { capabilities: identity.capabilities });
  const gates = new Map<string, () => void>();
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    if (request.params._meta?.progressToken !== undefined) {
      await extra.sendNotification({ method: "notifications/progress", params: { progressToken: request.params._meta.progressToken, progress: 1 } });
    }
    if (name.startsWith("hold")) {
      await new Promise<void>((resolve) => {
        gates.set(name, resolve);
        extra.signal.addEventListener("abort", () => {
          onAbort(name);
          resolve();
        });
      });
    }
    return { content: [{ type: "text", text: `answered ${name}` }] };
  });
  return { shared: await ModernRequestMux.connect(server), release: (name) => gates.get(name)?.() };
}

describe("ModernRequestMux", () => {
  it("gives two requests with the same client id their own answers, in the 2026-07-28 form", async () => {
    const { shared, release } = await sharedServer(() => undefined);
    mux = shared;
    const first = answerStatelessRequest(() => mux!.requestServer(), identity, call(1, "hold-a"));
    const second = await answerStatelessRequest(() => mux!.requestServer(), identity, call(1, "b"));
    expect(second).toMatchObject({ id: 1, result: { content: [{ text: "answered b" }], resultType: "complete" } });
    expect(mux.inFlight).toBe(1);
    release("hold-a");
    expect(await first).toMatchObject({ id: 1, result: { content: [{ text: "answered hold-a" }] } });
    expect(mux.inFlight).toBe(0);
  });

  it("passes a request's progress to it and cancels a request abandoned before its answer", async () => {
    const aborted: string[] = [];
    mux = (await sharedServer((name) => aborted.push(name))).shared;
    const progress: JSONRPCMessage[] = [];
    const answer = await answerStatelessRequest(() => mux!.requestServer(), identity, call(7, "c", { progressToken: "t" }), undefined, (note) => void progress.push(note));
    expect(answer).toMatchObject({ id: 7, result: { content: [{ text: "answered c" }] } });
    expect(progress).toMatchObject([{ method: "notifications/progress", params: { progressToken: "t", progress: 1 } }]);

    const controller = new AbortController();
    const held = answerStatelessRequest(() => mux!.requestServer(), identity, call(8, "hold-d"), controller.signal);
    while (mux.inFlight === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    expect(await held).toMatchObject({ id: 8, error: { message: "Request cancelled: the client went away." } });
    while (aborted.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(aborted).toEqual(["hold-d"]);
    expect(mux.inFlight).toBe(0);
  });
});
