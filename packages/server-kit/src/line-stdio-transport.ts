// Newline-delimited JSON-RPC over stdin/stdout that survives whatever a client sends, and a
// client that does not read. The SDK's StdioServerTransport drops unparsable lines without an
// answer and closes itself on one oversized frame; this transport answers every broken frame
// with a JSON-RPC error (-32700 parse error, -32600 invalid request, with the frame's id where
// it can be read) and keeps serving. Framing is @foundry-mcp/jsonl's (linear, bounded). Output
// has backpressure: while more than `outputHighWaterBytes` wait to reach the client, no input
// is read (so no new work starts), and past `maxQueuedOutputBytes` the session ends with a
// clear error instead of growing without bound. server.ts connects the SDK's Server to it.
import type { Readable, Writable } from "node:stream";
import { messageOf } from "@foundry-mcp/core";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_MAX_FRAME_BYTES, formatFrameBound, JsonLineFramer, type Frame } from "@foundry-mcp/jsonl";
import { checkMessage, type WireId } from "./jsonrpc-frames";

/** Largest accepted line: bigger frames are discarded up to their newline and answered with -32600. */
export const MAX_FRAME_BYTES = DEFAULT_MAX_FRAME_BYTES;

/** Options of {@link LineStdioTransport}. */
export interface LineStdioTransportOptions {
  /** Largest accepted frame in bytes. Default MAX_FRAME_BYTES (8 MiB). */
  maxFrameBytes?: number;
  /** Stop reading input while this many bytes of output are still unwritten. Default 1 MiB. */
  outputHighWaterBytes?: number;
  /** Most unwritten output held for a client; a send past it ends the session. Default 64 MiB. */
  maxQueuedOutputBytes?: number;
}

/** Stable code of the error reported when a client stops reading its replies. */
export const OUTPUT_NOT_DRAINING = "OUTPUT_NOT_DRAINING";

/** A stdio transport for the SDK's `Server` that answers malformed frames instead of dropping them. */
export class LineStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly framer: JsonLineFramer;
  private readonly highWater: number;
  private readonly maxQueued: number;
  private closed = false;
  private paused = false;
  private draining: Promise<void> | undefined;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    options: number | LineStdioTransportOptions = {},
  ) {
    const settings = typeof options === "number" ? { maxFrameBytes: options } : options;
    this.framer = new JsonLineFramer({ maxFrameBytes: settings.maxFrameBytes ?? MAX_FRAME_BYTES });
    this.highWater = settings.outputHighWaterBytes ?? 1024 * 1024;
    this.maxQueued = settings.maxQueuedOutputBytes ?? 64 * 1024 * 1024;
  }

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onStreamError);
    this.output.on("error", this.onStreamError);
    this.output.on("close", this.onEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.writeLine(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.output.off("close", this.onEnd);
    this.output.off("drain", this.onDrain);
    // Not reading any more also lets the process exit once its other work is done.
    this.input.pause();
    this.onclose?.();
  }

  private readonly onEnd = (): void => {
    void this.close();
  };

  private readonly onStreamError = (error: Error): void => {
    this.onerror?.(error);
    // A broken pipe means the client is gone: nothing more can be answered.
    if ((error as NodeJS.ErrnoException).code === "EPIPE") void this.close();
  };

  private readonly onData = (chunk: Buffer | string): void => {
    this.framer.push(chunk);
    this.pump();
  };

  private readonly onDrain = (): void => {
    if (this.closed || !this.paused) return;
    this.paused = false;
    this.input.resume();
    this.pump();
  };

  // Handles queued frames until the output backs up; then reads nothing until it drains.
  private pump(): void {
    while (!this.closed) {
      // At or past the stream's own mark a write has returned false, so "drain" will come.
      if (this.output.writableLength >= Math.max(this.highWater, this.output.writableHighWaterMark)) {
        if (!this.paused) {
          this.paused = true;
          this.input.pause();
          this.output.once("drain", this.onDrain);
        }
        return;
      }
      const frame = this.framer.next();
      if (!frame) return;
      this.handleFrame(frame);
    }
  }

  private handleFrame(frame: Frame): void {
    if (frame.type === "line") {
      this.handleLine(frame.text);
      return;
    }
    const message = `message larger than ${formatFrameBound(this.framer.maxFrameBytes)} was discarded.`;
    if (frame.kind === "response" && frame.id !== undefined && frame.id !== null) {
      // The client's answer to one of our requests: fail that request, not the session.
      this.onmessage?.({ jsonrpc: "2.0", id: frame.id, error: { code: -32600, message: `Invalid Request: response ${message}` } });
      return;
    }
    this.replyError(frame.id ?? null, -32600, `Invalid Request: ${message}`);
  }

  private handleLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.replyError(null, -32700, `Parse error: ${messageOf(error)}`);
      return;
    }
    if (Array.isArray(value)) {
      this.replyError(null, -32600, "Invalid Request: JSON-RPC batches are not supported; send one message per line.");
      return;
    }
    const checked = checkMessage(value);
    if (checked.ok) this.onmessage?.(checked.message);
    else this.replyError(checked.id, -32600, checked.error);
  }

  private replyError(id: WireId, code: number, message: string): void {
    void this.writeLine(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })).catch(() => undefined);
  }

  private writeLine(json: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    const queued = this.output.writableLength;
    if (queued + json.length > this.maxQueued) {
      const error = Object.assign(
        new Error(
          `${OUTPUT_NOT_DRAINING}: ${queued} bytes of replies are waiting for the client to read them, and ${json.length} more would pass the ${formatFrameBound(this.maxQueued)} bound (maxQueuedOutputBytes); the client is not reading its stdin, so the session is closed.`,
        ),
        { code: OUTPUT_NOT_DRAINING },
      );
      this.onerror?.(error);
      void this.close();
      return Promise.reject(error);
    }
    return this.output.write(json + "\n") ? Promise.resolve() : this.drained();
  }

  // One shared wait for every write that found the pipe full (not one listener per write).
  private drained(): Promise<void> {
    this.draining ??= new Promise((resolve) => {
      this.output.once("drain", () => {
        this.draining = undefined;
        resolve();
      });
    });
    return this.draining;
  }
}
