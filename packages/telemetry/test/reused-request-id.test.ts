// A client that sends a request with an id still in flight (a JSON-RPC mistake, but servers answer
// both) kept only the later request's server span: the first was overwritten in the table of
// waiting operations and never ended (issue 33's known quirk). Both now end, in the order they
// started, each with its own tool name and outcome; a close ends whatever still waits.
// Real OTLP/HTTP receiver on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOtlpReceiver, type OtlpReceiver } from "../../../tooling/otlp-receiver.mjs";
import { ServerOperations } from "../src/observers/server-operations";
import { startTelemetry } from "../src/telemetry";

let receiver: OtlpReceiver;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

const call = (id: number, tool: string) => ({ jsonrpc: "2.0" as const, id, method: "tools/call", params: { name: tool } });
const answer = (id: number) => ({ jsonrpc: "2.0" as const, id, result: { content: [] } });
const refusal = (id: number) => ({ jsonrpc: "2.0" as const, id, error: { code: -32602, message: "bad arguments" } });

async function spansOf(service: string, run: (observer: ServerOperations) => void) {
  const telemetry = await startTelemetry({ service: { name: service, version: "1" }, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: "none" } });
  run(new ServerOperations({ transport: "pipe" }));
  await telemetry.shutdown();
  return receiver.spans.filter((span) => span.service === service).map((span) => ({ tool: span.attributes["gen_ai.tool.name"], error: span.attributes["error.type"] }));
}

describe("a request id reused while the first request waits", () => {
  it("keeps both server spans, answers ending them in the order they started", async () => {
    const spans = await spansOf("reused-id-test", (observer) => {
      observer.received(call(7, "first"), undefined, undefined);
      observer.received(call(7, "second"), undefined, undefined);
      observer.sent(answer(7));
      observer.sent(refusal(7));
    });
    expect(spans).toEqual([
      { tool: "first", error: undefined },
      { tool: "second", error: "-32602" },
    ]);
  });

  it("ends every waiting request when the connection closes, and frees the id for the next", async () => {
    const spans = await spansOf("reused-id-close-test", (observer) => {
      observer.received(call(1, "a"), undefined, undefined);
      observer.received(call(1, "b"), undefined, undefined);
      observer.received(call(1, "c"), undefined, undefined);
      observer.sent(answer(1));
      observer.closed();
      observer.received(call(1, "d"), undefined, undefined);
      observer.sent(answer(1));
    });
    expect(spans).toEqual([
      { tool: "a", error: undefined },
      { tool: "b", error: "transport_closed" },
      { tool: "c", error: "transport_closed" },
      { tool: "d", error: undefined },
    ]);
  });
});
