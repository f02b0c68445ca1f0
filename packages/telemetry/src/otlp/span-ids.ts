// W3C trace context ids and the traceparent header. Ids are hex slices of a random pool refilled
// in one crypto call per 512 ids, because a crypto call per span was a measurable share of a
// relayed call. A parent is read from params._meta's traceparent by the W3C format's rules
// (version 00 layout, lowercase hex, ids not all zero).
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString("hex", poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

const ALL_ZERO_TRACE = "0".repeat(32);
const ALL_ZERO_SPAN = "0".repeat(16);

/** A new 16-byte trace id, hex (never all zero: the chance is 2^-128, checked anyway). */
export function newTraceId(): string {
  const id = randomHex(16);
  return id === ALL_ZERO_TRACE ? newTraceId() : id;
}

/** A new 8-byte span id, hex. */
export function newSpanId(): string {
  const id = randomHex(8);
  return id === ALL_ZERO_SPAN ? newSpanId() : id;
}

/** A parent span's context as a traceparent names it. */
export interface ParentContext {
  traceId: string;
  spanId: string;
  sampled: boolean;
  tracestate: string | undefined;
  baggage: string | undefined;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The parent `carrier` (params._meta) names, or undefined for none or a malformed one (a new trace then). */
export function parentFrom(carrier: Record<string, unknown> | undefined): ParentContext | undefined {
  const header = carrier?.traceparent;
  if (typeof header !== "string") return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // Version ff is invalid; version 00 has nothing after the flags; later versions may add fields.
  if (version === "ff" || (version === "00" && rest !== undefined) || traceId === ALL_ZERO_TRACE || spanId === ALL_ZERO_SPAN) return undefined;
  const tracestate = carrier?.tracestate;
  const baggage = carrier?.baggage;
  return {
    traceId,
    spanId,
    sampled: (Number.parseInt(flags, 16) & 1) === 1,
    tracestate: typeof tracestate === "string" && tracestate !== "" ? tracestate : undefined,
    baggage: typeof baggage === "string" && baggage !== "" ? baggage : undefined,
  };
}

/** The traceparent header of a span. */
export function traceparentOf(traceId: string, spanId: string, sampled: boolean): string {
  return `00-${traceId}-${spanId}-${sampled ? "01" : "00"}`;
}
