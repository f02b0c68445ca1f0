// Newline-delimited JSON-RPC over stdin/stdout that survives whatever a client sends.
// The SDK's StdioServerTransport drops unparsable lines without an answer and closes itself on
// one oversized frame; this transport answers every broken frame with a JSON-RPC error
// (-32700 parse error, -32600 invalid request) and keeps serving, so a client that sent garbage
// can still `ping`. server.ts connects the SDK's low-level Server to it.
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** Largest accepted line: bigger frames are discarded up to their newline and answered with -32600. */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;

const NEWLINE = 0x0a;

type WireId = string | number | null;

/** A stdio transport for the SDK's `Server` that answers malformed frames instead of dropping them. */
export class LineStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private chunks: Buffer[] = [];
  private bufferedBytes = 0;
  private discarding = false;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxFrameBytes: number = MAX_FRAME_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("end", this.onEnd);
    this.input.on("error", this.onStreamError);
    this.output.on("error", this.onStreamError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.writeLine(JSON.stringify(message));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.chunks = [];
    this.bufferedBytes = 0;
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
    let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    while (data.length > 0) {
      const newline = data.indexOf(NEWLINE);
      if (newline === -1) {
        this.buffer(data);
        return;
      }
      this.buffer(data.subarray(0, newline));
      data = data.subarray(newline + 1);
      this.endOfLine();
    }
  };

  private buffer(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    if (this.bufferedBytes + part.length > this.maxFrameBytes) {
      // Stop holding the frame in memory; the rest of it is skipped up to its newline.
      this.chunks = [];
      this.bufferedBytes = 0;
      this.discarding = true;
      return;
    }
    this.chunks.push(part);
    this.bufferedBytes += part.length;
  }

  private endOfLine(): void {
    if (this.discarding) {
      this.discarding = false;
      this.replyError(null, -32600, `Invalid Request: message larger than ${formatBytes(this.maxFrameBytes)} was discarded.`);
      return;
    }
    const line = Buffer.concat(this.chunks, this.bufferedBytes).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.bufferedBytes = 0;
    if (line.trim() === "") return;
    this.handleLine(line);
  }

  private handleLine(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      this.replyError(null, -32700, `Parse error: ${(error as Error).message}`);
      return;
    }
    if (Array.isArray(value)) {
      this.replyError(null, -32600, "Invalid Request: JSON-RPC batches are not supported; send one message per line.");
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.replyError(wireIdOf(value), -32600, `Invalid Request: ${describeInvalid(value)}`);
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private replyError(id: WireId, code: number, message: string): void {
    void this.writeLine(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
  }

  private writeLine(json: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.output.write(json + "\n")) resolve();
      else this.output.once("drain", () => resolve());
    });
  }
}

function formatBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${bytes} bytes`;
}

function wireIdOf(value: unknown): WireId {
  if (typeof value !== "object" || value === null) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function describeInvalid(value: unknown): string {
  if (typeof value !== "object" || value === null) return "a message must be a JSON object.";
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== "2.0") return '"jsonrpc" must be "2.0".';
  if ("method" in message && typeof message.method !== "string") return '"method" must be a string.';
  if ("id" in message && wireIdOf(value) === null) return '"id" must be a string or a number.';
  if ("params" in message && (typeof message.params !== "object" || message.params === null || Array.isArray(message.params))) {
    return '"params" must be an object.';
  }
  return "not a JSON-RPC request, notification or response.";
}
