// Spans as plain records: a sampled span is one small object holding its ids, name, times and
// attributes (already as OTLP JSON text: its name, kind and convention attributes come encoded
// from span-openings.ts, shared by the spans of one series), and is itself the record that ends up encoded: ending it
// stamps the end time, adds the outcome's attributes and hands it on, to be encoded at once into the export queue's
// bytes (otlp-bridge.ts), so the record dies young with its request. No context object, no
// per-span processor chain, no attribute copying, no clock read of its own (the operation's start
// and end readings are passed in): the parent travels in params._meta (trace-parent.ts). There is
// no ambient context (AsyncLocalStorage): on Node 20 it installs promise hooks that tax every
// promise in the process (foya's relay CPU +22% with them on), so a parent is always passed
// explicitly. A span the sampler drops still gets its own span id, so the context it passes on
// names it, with the sampled flag off.
import type { BridgeSpan, SpanEnding } from "../bridge";
import { writeOutcomeAttributes, type NetworkTransport, type OperationFacts } from "../semconv";
import { attributeText, type SpanRecord } from "./otlp-json";
import type { Sampler } from "./sampler";
import { SpanOpenings, type SpanOpening } from "./span-openings";
import { newSpanId, newTraceId, parentFrom, traceparentOf, type ParentContext } from "./span-ids";

const KIND = { server: 2, client: 3 } as const;

// performance.now() counts from here; read once (it is a getter).
const TIME_ORIGIN_MS = performance.timeOrigin;

function injectContext(carrier: Record<string, unknown>, traceparent: string, parent: ParentContext | undefined): void {
  carrier.traceparent = traceparent;
  if (parent?.tracestate !== undefined) carrier.tracestate = parent.tracestate;
  if (parent?.baggage !== undefined) carrier.baggage = parent.baggage;
}

class RecordingSpan implements BridgeSpan, SpanRecord {
  readonly recording = true;
  readonly parentSpanId: string | undefined;
  readonly head: string;
  attributesText: string;
  readonly startMs: number;
  endMs = 0;
  error = false;
  errorMessage: string | undefined = undefined;
  private ended = false;

  constructor(
    readonly traceId: string,
    readonly spanId: string,
    opening: SpanOpening,
    startedAt: number,
    private readonly parent: ParentContext | undefined,
    private readonly finished: (record: SpanRecord) => void,
  ) {
    this.parentSpanId = parent?.spanId;
    this.head = opening.head;
    this.attributesText = opening.attributesText;
    this.startMs = TIME_ORIGIN_MS + startedAt;
  }

  inject(carrier: Record<string, unknown>): void {
    injectContext(carrier, traceparentOf(this.traceId, this.spanId, true), this.parent);
  }

  // Encoded as it is set: the span keeps text, not an attribute object to walk at its end.
  setAttribute(key: string, value: string): void {
    const text = attributeText(key, value);
    this.attributesText = this.attributesText === "" ? text : `${this.attributesText},${text}`;
  }

  end(ending: SpanEnding, endedAt: number): void {
    if (this.ended) return;
    this.ended = true;
    this.endMs = TIME_ORIGIN_MS + endedAt;
    writeOutcomeAttributes(this, ending);
    if (ending.errorType !== undefined) {
      this.error = true;
      this.errorMessage = ending.message;
    }
    this.finished(this);
  }
}

class UnsampledSpan implements BridgeSpan {
  readonly recording = false;

  constructor(
    private readonly traceparent: string,
    private readonly parent: ParentContext | undefined,
  ) {}

  inject(carrier: Record<string, unknown>): void {
    injectContext(carrier, this.traceparent, this.parent);
  }

  setAttribute(): void {}

  end(): void {}
}

/** Starts spans; sampled ones go to `finished` when they end. */
export class SpanRecorder {
  constructor(
    private readonly sampler: Sampler,
    private readonly finished: (record: SpanRecord) => void,
    private readonly openings: SpanOpenings = new SpanOpenings(),
  ) {}

  /** A span for the operation `facts` describes, parented on the traceparent in its params._meta, its convention attributes written. */
  startSpan(kind: "server" | "client", facts: OperationFacts, transport: NetworkTransport, protocolVersion: string | undefined, startedAt: number): BridgeSpan {
    const parent = parentFrom(facts.meta);
    const traceId = parent?.traceId ?? newTraceId();
    const spanId = newSpanId();
    if (!this.sampler(traceId, parent?.sampled)) return new UnsampledSpan(traceparentOf(traceId, spanId, false), parent);
    return new RecordingSpan(traceId, spanId, this.openings.of(KIND[kind], facts, transport, protocolVersion), startedAt, parent, this.finished);
  }
}
