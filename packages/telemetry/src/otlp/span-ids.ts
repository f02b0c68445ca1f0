// W3C trace context ids and the traceparent header. Ids are hex slices of a random pool refilled
// in one crypto call per 512 span ids, because a crypto call per span was a measurable share of a
// relayed call. A parent is read from params._meta's traceparent by the W3C format's rules
// (version 00 layout, lowercase hex, ids not all zero).
import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
// The pool as hex, converted once per refill: an id is then a substring.
let poolHex = "";
let poolOffset = POOL_BYTES * 2;

function randomHex(bytes: number): string {
  const length = bytes * 2;
  if (poolOffset + length > poolHex.length) {
    randomFillSync(pool);
    poolHex = pool.toString("hex");
    poolOffset = 0;
  }
  const hex = poolHex.slice(poolOffset, poolOffset + length);
  poolOffset += length;
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

function isLowerHex(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}

// `vv-<32 hex trace id>-<16 hex span id>-ff`, read by position (a regex and its match array cost
// more than the rest of a span's start).
const TRACEPARENT_LENGTH = 55;

// The last traceparent this process wrote (traceparentOf) and the ids it was written from. A relay
// hands its server span's traceparent to the upstream call made for it (traceParentOf → _meta), so
// the client span's parent is most often the header minted just before: recognised by equality
// (the same string, usually the same instance), it needs no validation or slicing. Any other
// header, or this one after another was minted in between (concurrent calls), is parsed.
let mintedHeader = "";
let mintedTraceId = "";
let mintedSpanId = "";

/** The parent `carrier` (params._meta) names, or undefined for none or a malformed one (a new trace then). */
export function parentFrom(carrier: Record<string, unknown> | undefined): ParentContext | undefined {
  const raw = carrier?.traceparent;
  if (carrier === undefined || typeof raw !== "string") return undefined;
  if (raw.length === TRACEPARENT_LENGTH && raw === mintedHeader) return parentContext(carrier, mintedTraceId, mintedSpanId, raw.charCodeAt(54) === 49);
  const header = raw.length === TRACEPARENT_LENGTH ? raw : raw.trim();
  if (header.length < TRACEPARENT_LENGTH || header[2] !== "-" || header[35] !== "-" || header[52] !== "-") return undefined;
  if (!isLowerHex(header, 0, 2) || !isLowerHex(header, 3, 35) || !isLowerHex(header, 36, 52) || !isLowerHex(header, 53, 55)) return undefined;
  const version = header.slice(0, 2);
  // Version ff is invalid; version 00 has nothing after the flags; a later version may add "-…" fields.
  if (version === "ff" || (header.length > TRACEPARENT_LENGTH && (version === "00" || header[55] !== "-"))) return undefined;
  const traceId = header.slice(3, 35);
  const spanId = header.slice(36, 52);
  if (traceId === ALL_ZERO_TRACE || spanId === ALL_ZERO_SPAN) return undefined;
  return parentContext(carrier, traceId, spanId, (Number.parseInt(header.slice(53, 55), 16) & 1) === 1);
}

function parentContext(carrier: Record<string, unknown>, traceId: string, spanId: string, sampled: boolean): ParentContext {
  const tracestate = carrier.tracestate;
  const baggage = carrier.baggage;
  return {
    traceId,
    spanId,
    sampled,
    tracestate: typeof tracestate === "string" && tracestate !== "" ? tracestate : undefined,
    baggage: typeof baggage === "string" && baggage !== "" ? baggage : undefined,
  };
}

/** The traceparent header of a span (version 00: flags 01 sampled, 00 not). */
export function traceparentOf(traceId: string, spanId: string, sampled: boolean): string {
  const header = `00-${traceId}-${spanId}-${sampled ? "01" : "00"}`;
  mintedHeader = header;
  mintedTraceId = traceId;
  mintedSpanId = spanId;
  return header;
}
