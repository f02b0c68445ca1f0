// Splits a byte stream into newline-delimited frames in linear time with bounded memory. Each
// byte is scanned once (no re-scanning a growing string); a frame is held only up to
// `maxFrameBytes`, past which the rest of it is counted and dropped up to its newline, keeping
// just its first and last few kilobytes so the caller can still answer it by id. Pull-based:
// `push` queues a chunk, `next` hands out one frame at a time, so a consumer that must wait
// (its output is not draining) simply stops calling `next` and stops reading its input.
import { readFrameEdges, type FrameKind, type JsonRpcId } from "./frame-edges";

/** Default bound of one frame: 8 MiB. */
export const DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** Bytes kept of each end of an over-size frame, to read its id and kind. */
export const FRAME_EDGE_BYTES = 4096;

const NEWLINE = 0x0a;

/** One complete line (without its `\n` and any trailing `\r`); blank lines are never returned. */
export interface LineFrame {
  type: "line";
  text: string;
}

/** A frame longer than the bound: dropped, described by its size and what its edges tell. */
export interface OversizeFrame {
  type: "oversize";
  /** Length of the whole frame in bytes (without its newline). */
  bytes: number;
  id: JsonRpcId | undefined;
  kind: FrameKind;
  /** The frame's first bytes, decoded (at most FRAME_EDGE_BYTES), for messages and logs. */
  head: string;
}

/** What {@link JsonLineFramer.next} returns. */
export type Frame = LineFrame | OversizeFrame;

/** Options of {@link JsonLineFramer}. */
export interface JsonLineFramerOptions {
  /** Longest frame held, in bytes. Default {@link DEFAULT_MAX_FRAME_BYTES} (8 MiB). */
  maxFrameBytes?: number;
}

function toBytes(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * A bounded, linear newline-delimited frame splitter.
 *
 * @example
 * const framer = new JsonLineFramer({ maxFrameBytes: 1024 * 1024 });
 * stream.on("data", (chunk) => {
 *   framer.push(chunk);
 *   for (let frame = framer.next(); frame; frame = framer.next()) handle(frame);
 * });
 */
export class JsonLineFramer {
  readonly maxFrameBytes: number;
  private queue: Buffer[] = [];
  private queueOffset = 0;
  private queuedBytes = 0;
  private parts: Buffer[] = [];
  private partBytes = 0;
  private discarding = false;
  private discardedBytes = 0;
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);

  constructor(options: JsonLineFramerOptions = {}) {
    const max = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxFrameBytes must be a positive integer number of bytes, got ${String(max)}`);
    this.maxFrameBytes = max;
  }

  /** Bytes pushed but not yet handed out by `next` (at most the chunks since the last drain). */
  get pendingBytes(): number {
    return this.queuedBytes + this.partBytes;
  }

  /** Queues a chunk; call `next` until it returns undefined to take its frames. */
  push(chunk: Uint8Array | string): void {
    const bytes = toBytes(chunk);
    if (bytes.length === 0) return;
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
  }

  /** The next complete frame, or undefined until more input arrives. */
  next(): Frame | undefined {
    while (this.queue.length > 0) {
      const chunk = this.queue[0] as Buffer;
      const newline = chunk.indexOf(NEWLINE, this.queueOffset);
      const end = newline === -1 ? chunk.length : newline;
      // The common frame: whole inside one chunk, nothing held before it. Decoded straight from
      // the chunk, without a view of it or the parts list (a young relay's every frame).
      if (newline !== -1 && this.partBytes === 0 && !this.discarding && end - this.queueOffset <= this.maxFrameBytes) {
        const text = withoutCarriageReturn(chunk.toString("utf8", this.queueOffset, end));
        this.advance(chunk, end + 1 - this.queueOffset);
        if (!isBlank(text)) return { type: "line", text };
        continue;
      }
      this.take(chunk.subarray(this.queueOffset, end));
      this.advance(chunk, (newline === -1 ? end : end + 1) - this.queueOffset);
      if (newline === -1) continue;
      const frame = this.endFrame();
      if (frame) return frame;
    }
    return undefined;
  }

  /** At end of input: the last frame when it had no newline (undefined when there is none). */
  finish(): Frame | undefined {
    const frame = this.next();
    if (frame) return frame;
    return this.partBytes > 0 || this.discarding ? this.endFrame() : undefined;
  }

  /** Marks `consumed` bytes of the first queued chunk as read, dropping the chunk when it is done. */
  private advance(chunk: Buffer, consumed: number): void {
    this.queuedBytes -= consumed;
    this.queueOffset += consumed;
    if (this.queueOffset >= chunk.length) {
      this.queue.shift();
      this.queueOffset = 0;
    }
  }

  private take(part: Buffer): void {
    if (part.length === 0) return;
    if (this.discarding) {
      this.discardedBytes += part.length;
      this.keepTail(part);
      return;
    }
    if (this.partBytes + part.length <= this.maxFrameBytes) {
      this.parts.push(part);
      this.partBytes += part.length;
      return;
    }
    // Over the bound: keep the edges only, drop what was held, count the rest as it passes.
    const held = [...this.parts, part];
    this.head = Buffer.from(Buffer.concat(held.slice(0, headPartsNeeded(held))).subarray(0, FRAME_EDGE_BYTES));
    this.tail = Buffer.alloc(0);
    for (const piece of held.slice(-tailPartsNeeded(held))) this.keepTail(piece);
    this.discardedBytes = this.partBytes + part.length;
    this.parts = [];
    this.partBytes = 0;
    this.discarding = true;
  }

  private keepTail(part: Buffer): void {
    const recent = part.length >= FRAME_EDGE_BYTES ? part.subarray(part.length - FRAME_EDGE_BYTES) : part;
    const joined = Buffer.concat([this.tail, recent]);
    this.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - FRAME_EDGE_BYTES)));
  }

  private endFrame(): Frame | undefined {
    if (this.discarding) {
      const head = this.head.toString("utf8");
      const edges = readFrameEdges(head, this.tail.toString("utf8").replace(/\r$/, ""));
      const frame: OversizeFrame = { type: "oversize", bytes: this.discardedBytes, id: edges.id, kind: edges.kind, head };
      this.discarding = false;
      this.discardedBytes = 0;
      this.head = Buffer.alloc(0);
      this.tail = Buffer.alloc(0);
      return frame;
    }
    const text = withoutCarriageReturn((this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts, this.partBytes)).toString("utf8"));
    this.parts = [];
    this.partBytes = 0;
    return isBlank(text) ? undefined : { type: "line", text };
  }
}

const CARRIAGE_RETURN = 0x0d;

/** The line without one trailing `\r` (a CRLF writer's line end). */
function withoutCarriageReturn(text: string): string {
  return text.charCodeAt(text.length - 1) === CARRIAGE_RETURN ? text.slice(0, -1) : text;
}

/**
 * Whether a line is only whitespace (as `String.prototype.trim` counts it). A line starting with
 * a visible ASCII character (every JSON frame: `{`) is answered without trimming it.
 */
function isBlank(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first > 0x20 && first < 0x7f) return false;
  return text.trim() === "";
}

/** How many trailing parts make up at least FRAME_EDGE_BYTES. */
function tailPartsNeeded(parts: Buffer[]): number {
  let bytes = 0;
  for (let index = parts.length - 1; index >= 0; index--) {
    bytes += (parts[index] as Buffer).length;
    if (bytes >= FRAME_EDGE_BYTES) return parts.length - index;
  }
  return parts.length;
}

/** How many leading parts make up at least FRAME_EDGE_BYTES. */
function headPartsNeeded(parts: Buffer[]): number {
  let bytes = 0;
  for (let index = 0; index < parts.length; index++) {
    bytes += (parts[index] as Buffer).length;
    if (bytes >= FRAME_EDGE_BYTES) return index + 1;
  }
  return parts.length;
}

/**
 * A frame bound as messages state it: `8 MiB` for whole mebibytes, else `1024 bytes`.
 *
 * @example
 * formatFrameBound(8 * 1024 * 1024) // "8 MiB"
 */
export function formatFrameBound(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${bytes} bytes`;
}
