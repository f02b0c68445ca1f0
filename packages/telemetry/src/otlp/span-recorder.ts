// Spans as plain records: a sampled span is one small object holding its ids, name, start time and
// attributes; ending it stamps the end time and hands the record on, to be encoded at once into the
// export queue's bytes (otlp-bridge.ts), so the record dies young with its request. No context
// object, no per-span processor chain, no attribute copying: the parent travels in params._meta
// (trace-parent.ts). There is no ambient
// context (AsyncLocalStorage): on Node 20 it installs promise hooks that tax every promise in the
// process (foya's relay CPU +22% with them on), so a parent is always passed explicitly. A span the sampler drops
// still gets its own span id, so the context it passes on names it, with the sampled flag off.
import type { BridgeSpan, SpanAttributes } from "../bridge";
import type { SpanRecord } from "./otlp-json";
import type { Sampler } from "./sampler";
import { newSpanId, newTraceId, parentFrom, traceparentOf, type ParentContext } from "./span-ids";

const KIND = { server: 2, client: 3 } as const;

/** Epoch milliseconds with sub-millisecond precision. */
const epochMs = (): number => performance.timeOrigin + performance.now();

function injectContext(carrier: Record<string, unknown>, traceparent: string, parent: ParentContext | undefined): void {
  carrier.traceparent = traceparent;
  if (parent?.tracestate !== undefined) carrier.tracestate = parent.tracestate;
  if (parent?.baggage !== undefined) carrier.baggage = parent.baggage;
}

class RecordingSpan implements BridgeSpan {
  private ended = false;

  constructor(
    private readonly record: SpanRecord,
    private readonly parent: ParentContext | undefined,
    private readonly finished: (record: SpanRecord) => void,
  ) {}

  inject(carrier: Record<string, unknown>): void {
    injectContext(carrier, traceparentOf(this.record.traceId, this.record.spanId, true), this.parent);
  }

  end(attributes: SpanAttributes, errorMessage: string | undefined): void {
    if (this.ended) return;
    this.ended = true;
    const record = this.record;
    record.endMs = epochMs();
    Object.assign(record.attributes, attributes);
    if (attributes["error.type"] !== undefined) {
      record.error = true;
      record.errorMessage = errorMessage;
    }
    this.finished(record);
  }
}

class UnsampledSpan implements BridgeSpan {
  constructor(
    private readonly traceparent: string,
    private readonly parent: ParentContext | undefined,
  ) {}

  inject(carrier: Record<string, unknown>): void {
    injectContext(carrier, this.traceparent, this.parent);
  }

  end(): void {}
}

/** Starts spans; sampled ones go to `finished` when they end. */
export class SpanRecorder {
  constructor(
    private readonly sampler: Sampler,
    private readonly finished: (record: SpanRecord) => void,
  ) {}

  startSpan(kind: "server" | "client", name: string, attributes: SpanAttributes, carrier: Record<string, unknown> | undefined): BridgeSpan {
    const parent = parentFrom(carrier);
    const traceId = parent?.traceId ?? newTraceId();
    const spanId = newSpanId();
    if (!this.sampler(traceId, parent?.sampled)) return new UnsampledSpan(traceparentOf(traceId, spanId, false), parent);
    const record: SpanRecord = {
      traceId,
      spanId,
      parentSpanId: parent?.spanId,
      name,
      kind: KIND[kind],
      startMs: epochMs(),
      endMs: 0,
      attributes,
      error: false,
      errorMessage: undefined,
    };
    return new RecordingSpan(record, parent, this.finished);
  }
}
