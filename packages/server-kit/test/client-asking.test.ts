// ClientAsking in the 2026-07-28 era (SEP-2322), through the real SDK Server and the era router
// (answerStatelessRequest): a question ends the request with an input-required result whose
// requestState is sealed; the retry runs the handler again with the answers; several questions
// in one round, several rounds, a missing answer asked again; a tampered, foreign, expired or
// misplaced state, an undeclared capability and every bound get their own error.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { ClientAsking, answerStatelessRequest, type ClientAskingOptions } from "../src/index";
import { identity, NAME, server } from "./__fixtures__/asking-tools";

const ALL = { elicitation: {}, sampling: {}, roots: {} };
let nextId = 1;
interface Result {
  [key: string]: unknown;
  resultType: string;
  inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
  requestState: string;
}
type Answer = { result?: Result; error?: { code: number; message: string; data?: Record<string, unknown> } };
async function send(asking: ClientAsking, method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = ALL): Promise<Answer> {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": capabilities };
  const message = { jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: meta } } as JSONRPCMessage;
  return (await answerStatelessRequest(() => server(asking), identity, message)) as Answer;
}
const call = (asking: ClientAsking, tool: string, extra: Record<string, unknown> = {}, capabilities?: Record<string, unknown>) => send(asking, "tools/call", { name: tool, arguments: {}, ...extra }, capabilities);
const accept = (content: Record<string, unknown>) => ({ action: "accept", content });

describe("ClientAsking, 2026-07-28", () => {
  it("ends a round with the question and a sealed state, and completes on the retry with the answer", async () => {
    const asking = new ClientAsking();
    const first = await call(asking, "greet");
    expect(Object.keys(first.result!).sort()).toEqual(["_meta", "inputRequests", "requestState", "resultType"]);
    expect(first.result).toMatchObject({ resultType: "input_required", inputRequests: { user_name: { method: "elicitation/create", params: { message: "Your name?", requestedSchema: NAME } } } });
    const done = await call(asking, "greet", { inputResponses: { user_name: accept({ name: "Alice" }), ignored: 12 }, requestState: first.result!.requestState });
    expect(done.result).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "Hello, Alice! (round 1)" }] });
  });

  it("asks questions made together in one round and keeps earlier answers across rounds", async () => {
    const asking = new ClientAsking();
    expect(Object.keys((await call(asking, "three_at_once")).result!.inputRequests)).toEqual(["user_name", "say", "roots"]);
    const round1 = await call(asking, "two_steps");
    const round2 = await call(asking, "two_steps", { inputResponses: { step1: accept({ name: "Ada" }) }, requestState: round1.result!.requestState });
    expect(Object.keys(round2.result!.inputRequests)).toEqual(["step2"]);
    expect(round2.result!.requestState).not.toBe(round1.result!.requestState);
    const done = await call(asking, "two_steps", { inputResponses: { step2: accept({ color: "blue" }) }, requestState: round2.result!.requestState });
    expect(done.result!.content).toEqual([{ type: "text", text: "Ada likes blue" }]);
  });

  it("asks a missing answer again, and ends the round even when the handler catches everything", async () => {
    const asking = new ClientAsking();
    const again = await call(asking, "greet", { inputResponses: { wrong_key: accept({ name: "x" }) } });
    expect(again.result).toMatchObject({ resultType: "input_required", inputRequests: { user_name: { method: "elicitation/create" } } });
    expect((await call(asking, "catches")).result).toMatchObject({ resultType: "input_required" });
  });

  it("works on prompts/get, and refuses a question on a method that cannot ask", async () => {
    const asking = new ClientAsking();
    const first = await send(asking, "prompts/get", { name: "p" });
    const done = await send(asking, "prompts/get", { name: "p", inputResponses: { user_name: accept({ name: "Bo" }) }, requestState: first.result!.requestState });
    expect(done.result).toMatchObject({ resultType: "complete", messages: [{ content: { text: "for Bo" } }] });
    expect((await send(asking, "tools/list", {})).error).toMatchObject({ code: -32603, data: { code: "INPUT_NOT_ALLOWED" } });
  });

  it("refuses a tampered, foreign, misplaced or expired requestState", async () => {
    let now = 1_000_000;
    const asking = new ClientAsking({ now: () => now, stateTtlMs: 60_000 });
    const state = (await call(asking, "greet")).result!.requestState;
    const answers = { user_name: accept({ name: "Eve" }) };
    const tampered = await call(asking, "greet", { inputResponses: answers, requestState: `${state}-TAMPERED` });
    expect(tampered.error).toMatchObject({ code: -32602, data: { code: "INPUT_STATE_INVALID" } });
    expect(tampered.error!.message).toBe("Invalid params: requestState failed verification (it was altered, or made by another server); send the request again without requestState and inputResponses to start over.");
    const foreign = new ClientAsking({ stateKey: "k".repeat(32) });
    expect((await call(foreign, "greet", { inputResponses: answers, requestState: state })).error).toMatchObject({ data: { code: "INPUT_STATE_INVALID" } });
    expect((await call(asking, "catches", { inputResponses: answers, requestState: state })).error).toMatchObject({ code: -32602, data: { code: "INPUT_STATE_MISMATCH" } });
    expect((await call(asking, "greet", { requestState: 7 })).error).toMatchObject({ data: { code: "INPUT_STATE_INVALID" } });
    now += 60_001;
    expect((await call(asking, "greet", { inputResponses: answers, requestState: state })).error).toMatchObject({ code: -32602, data: { code: "INPUT_STATE_EXPIRED" } });
  });

  it("refuses a state issued to another principal", async () => {
    let principal = "alice";
    const asking = new ClientAsking({ principal: () => principal });
    const state = (await call(asking, "greet")).result!.requestState;
    principal = "mallory";
    const stolen = await call(asking, "greet", { inputResponses: { user_name: accept({ name: "M" }) }, requestState: state });
    expect(stolen.error).toMatchObject({ code: -32602, message: expect.stringContaining("another principal"), data: { code: "INPUT_STATE_MISMATCH" } });
  });

  it("asks only what the request declared, else -32021 with the capability", async () => {
    const asking = new ClientAsking();
    const refused = await call(asking, "greet", {}, { sampling: {} });
    expect(refused.error).toMatchObject({ code: -32021, data: { code: "INPUT_CAPABILITY_MISSING", requiredCapabilities: { elicitation: {} } } });
    expect(refused.error!.message).toMatch(/^Missing required client capability: elicitation\./);
  });

  it("refuses answers that are not results, and content that does not match the form", async () => {
    const asking = new ClientAsking();
    expect((await call(asking, "greet", { inputResponses: null })).error).toMatchObject({ code: -32602, data: { code: "INPUT_RESPONSES_INVALID" } });
    const retry = async (answer: unknown) => call(asking, "greet", { inputResponses: { user_name: answer }, requestState: (await call(asking, "greet")).result!.requestState });
    const number = await retry(12345);
    expect(number.error).toMatchObject({ code: -32602, message: expect.stringContaining("inputResponses.user_name is not a valid elicitation/create result"), data: { key: "user_name" } });
    const wrongForm = await retry(accept({ nickname: "x" }));
    expect(wrongForm.error!.message).toContain("does not match the requested schema");
  });

  // Issue #36 R4: a retry replayed with the same state and answer ran the call again, every time,
  // and an answer sent without being asked (no requestState) was used.
  it("answers each state once with singleUse: a replayed retry runs nothing and gets INPUT_STATE_USED", async () => {
    const asking = new ClientAsking({ singleUse: true });
    const first = await call(asking, "greet");
    const retry = { inputResponses: { user_name: accept({ name: "Alice" }) }, requestState: first.result!.requestState };
    expect((await call(asking, "greet", retry)).result).toMatchObject({ resultType: "complete", content: [{ text: "Hello, Alice! (round 1)" }] });
    for (let replay = 0; replay < 5; replay++) {
      expect((await call(asking, "greet", retry)).error).toEqual({
        code: -32602,
        message: "Invalid params: requestState was used already (each one answers its questions once, so a replayed retry runs nothing); send the request again without requestState and inputResponses to start over.",
        data: { code: "INPUT_STATE_USED" },
      });
    }
  });

  it("ignores answers the server did not ask for with singleUse: without a state, or under a key the state's round did not ask", async () => {
    const asking = new ClientAsking({ singleUse: true });
    const unsolicited = await call(asking, "greet", { inputResponses: { user_name: accept({ name: "Mallory" }) } });
    expect(unsolicited.result).toMatchObject({ resultType: "input_required", inputRequests: { user_name: { method: "elicitation/create" } } });
    const round1 = await call(asking, "two_steps");
    const early = await call(asking, "two_steps", { inputResponses: { step1: accept({ name: "Ada" }), step2: accept({ color: "red" }) }, requestState: round1.result!.requestState });
    expect(Object.keys(early.result!.inputRequests)).toEqual(["step2"]);
  });

  it("without singleUse, uses a valid answer sent before it was asked and lets a state be retried (SEP-2322's SHOULD)", async () => {
    const asking = new ClientAsking();
    const early = await call(asking, "greet", { inputResponses: { user_name: accept({ name: "Alice" }), extra_key: accept({ foo: "bar" }) } });
    expect(early.result).toMatchObject({ resultType: "complete", content: [{ text: "Hello, Alice! (round 0)" }] });
    const first = await call(asking, "greet");
    const retry = { inputResponses: { user_name: accept({ name: "Bo" }) }, requestState: first.result!.requestState };
    expect((await call(asking, "greet", retry)).result).toMatchObject({ resultType: "complete" });
    expect((await call(asking, "greet", retry)).result).toMatchObject({ resultType: "complete" });
  });

  it("bounds the outstanding states it remembers, forgetting the oldest first", async () => {
    const asking = new ClientAsking({ singleUse: true, maxOutstandingStates: 2 });
    const states = [];
    for (let index = 0; index < 3; index++) states.push((await call(asking, "greet")).result!.requestState);
    const answer = { user_name: accept({ name: "Al" }) };
    expect((await call(asking, "greet", { inputResponses: answer, requestState: states[0] })).error?.data).toEqual({ code: "INPUT_STATE_USED" });
    expect((await call(asking, "greet", { inputResponses: answer, requestState: states[2] })).result).toMatchObject({ resultType: "complete" });
    expect(() => new ClientAsking({ singleUse: true, maxOutstandingStates: 0 })).toThrow("maxOutstandingStates must be a whole number of at least 1, got 0.");
  });

  it.each<[string, ClientAskingOptions, Record<string, unknown>, string]>([
    ["answers", { maxResponseBytes: 64 }, { inputResponses: { user_name: accept({ name: "x".repeat(100) }) } }, "INPUT_RESPONSES_TOO_LARGE"],
    ["state", { maxStateBytes: 64 }, {}, "INPUT_STATE_TOO_LARGE"],
    ["questions per round", { maxInputRequests: 2 }, {}, "INPUT_TOO_MANY_REQUESTS"],
  ])("bounds the %s", async (_what, options, extra, code) => {
    const answer = await call(new ClientAsking(options), "three_at_once", extra);
    expect(answer.error).toMatchObject({ data: { code } });
    expect(answer.error!.message).toMatch(/limit (is|of) \d+/);
  });

  it("bounds the rounds of one request", async () => {
    const asking = new ClientAsking({ maxRounds: 1 });
    const first = await call(asking, "greet");
    const again = await call(asking, "greet", { inputResponses: {}, requestState: first.result!.requestState });
    expect(again.error).toMatchObject({ code: -32602, data: { code: "INPUT_ROUNDS_EXCEEDED", limit: 1 } });
  });
});
