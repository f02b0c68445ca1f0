// Posts OTLP/HTTP JSON requests to a collector and settles when the answer arrives, failing on a
// non-2xx status, a network error or the timeout. The caller counts failures; nothing is retried
// (a failed batch is dropped, as the SDK's exporter does past its retries), except a request whose
// kept-alive connection turned out closed before it was answered (the collector's idle timeout),
// sent once more on a fresh one.
// The request is written by hand on a TCP (or, for https://, TLS) socket kept alive between
// batches, and the answer read by http-response.ts, not by node:http's client: an exporter needs
// one POST shape and a status, and node:http's general client cost a fresh process ~9 ms of CPU
// on its first request (compiling its request, agent and parser paths) and ~1 ms on each later one,
// inside the relay's first calls (issue 33, decision 0032). node:tls is imported only for an
// https:// endpoint, when the exporter starts: it costs ~15 ms of a process's start-up.
// The answer is read into one small buffer per connection (the socket's `onread`), not as the
// stream's "data" events: those allocate 64 KiB per read and run Readable's push path, which cost
// a fresh process's first export ~0.3 ms of its first calls (decision 0045).
import net from "node:net";
import type * as NodeTls from "node:tls";
import { bareHostname, CollectorAddresses } from "./collector-addresses";
import type { SignalTarget } from "./export-settings";
import { HttpResponseReader } from "./http-response";

/**
 * Posts `body` (OTLP JSON: a string, or the bytes as pieces sent in order) to `target.url`;
 * `timeoutMs` defaults to the target's. Pieces are not copied: they must stay unchanged until the
 * promise settles (it settles only once they were handed to the kernel or the socket is gone).
 */
export type OtlpPost = (target: SignalTarget, body: RequestBody, timeoutMs?: number) => Promise<void>;

/** A request body: text, or bytes in pieces written as one (a batch's encoded-span chunks). */
export type RequestBody = string | readonly Buffer[];

/** Idle connections kept per collector (one export of each signal at a time). */
const MAX_IDLE_CONNECTIONS = 2;
/** Bytes read at a time from a collector (its answer is a few hundred; a longer one takes more reads). */
const READ_BUFFER_BYTES = 16 * 1024;
// A header name is an HTTP token; a value has no line break (it would end the header).
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/** What one target's requests share: where to connect and the request head up to its length. */
interface PreparedTarget {
  url: string;
  head: string;
  collector: CollectorConnections;
}

function prepare(target: SignalTarget, collector: CollectorConnections): PreparedTarget {
  const url = new URL(target.url);
  let head = `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
  for (const [name, value] of Object.entries(target.headers)) {
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value)) throw new Error(`header ${JSON.stringify(name)} cannot be sent over HTTP`);
    const lower = name.toLowerCase();
    if (lower !== "content-type" && lower !== "content-length" && lower !== "host") head += `${name}: ${value}\r\n`;
  }
  return { url: target.url, head: `${head}Content-Type: application/json\r\nContent-Length: `, collector };
}

const ignoreBytes = (): void => {};

/** What opens a socket with a given `onread` (plain TCP or TLS). */
type OpenSocket = (onread: net.OnReadOpts) => net.Socket;

/** A socket to a collector and where the bytes it reads go: the exchange's reader, or, idle, its end. */
class Connection {
  /** Called with each read's bytes, valid only during the call: the buffer is read into again. */
  onBytes: (bytes: Buffer) => void = ignoreBytes;
  readonly socket: net.Socket;

  constructor(open: OpenSocket) {
    const onread: net.OnReadOpts = {
      buffer: Buffer.allocUnsafeSlow(READ_BUFFER_BYTES),
      callback: (length, buffer) => {
        this.onBytes((buffer as Buffer).subarray(0, length));
        return true;
      },
    };
    this.socket = open(onread).on("error", ignoreSettledError);
  }
}

/** Opens a connection to the collector at `address` (an IP, or a name Node resolves). */
type Connect = (address: string) => Connection;

/** One collector's connections: an idle one is reused, else a new one opened. */
class CollectorConnections {
  private readonly idle: { connection: Connection; forget: () => void }[] = [];

  constructor(
    private readonly connect: Promise<Connect>,
    private readonly addresses: CollectorAddresses,
  ) {}

  async post(prepared: PreparedTarget, body: RequestBody, timeoutMs: number): Promise<number> {
    const connect = await this.connect;
    const reused = this.takeIdle();
    try {
      return await this.exchange(reused ?? connect(this.addresses.current), prepared, body, timeoutMs);
    } catch (error) {
      if (!(error instanceof ClosedBeforeAnswer)) throw error;
      // Once more on a fresh connection: the kept-alive one was closed, or (localhost) the new one
      // found nothing at the first address and the other is tried.
      if (reused === undefined && !this.addresses.moveOnAfter(error.reason)) throw error;
      return this.exchange(connect(this.addresses.current), prepared, body, timeoutMs);
    }
  }

  private exchange(connection: Connection, prepared: PreparedTarget, body: RequestBody, timeoutMs: number): Promise<number> {
    const { socket } = connection;
    return new Promise((resolve, reject) => {
      const reader = new HttpResponseReader();
      let received = false;
      // A collector may answer before it read the whole body; the pieces are the caller's to reuse
      // once this settles, and the connection may carry the next request, so success waits for both.
      let answered = false;
      let flushed = false;
      let settled = false;
      const finish = (error: Error | undefined) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        connection.onBytes = ignoreBytes;
        socket.off("end", onEnd).off("close", onClose).off("error", onError);
        if (error === undefined && reader.reusable && this.idle.length < MAX_IDLE_CONNECTIONS) this.keepIdle(connection);
        else socket.destroy();
        if (error) reject(error);
        else resolve(reader.status);
      };
      const onData = (chunk: Buffer) => {
        received = true;
        try {
          if (reader.push(chunk)) {
            answered = true;
            if (flushed) finish(undefined);
          }
        } catch (error) {
          finish(new Error(`${prepared.url} sent an unreadable answer: ${(error as Error).message}`));
        }
      };
      const onEnd = () => (reader.ended() ? finish(undefined) : onClose());
      const onClose = () => finish(received ? new Error(`${prepared.url} closed the connection mid-answer`) : new ClosedBeforeAnswer(prepared.url));
      const onError = (error: Error) => finish(received ? error : new ClosedBeforeAnswer(prepared.url, error));
      const onTimeout = () => finish(new Error(`${prepared.url} did not answer within ${timeoutMs} ms`));
      connection.onBytes = onData;
      socket.on("end", onEnd).on("close", onClose).on("error", onError);
      // The whole exchange, not the socket's idle time: a collector trickling its answer still fails.
      const timer = setTimeout(onTimeout, timeoutMs);
      socket.ref();
      const onFlushed = (error: Error | null | undefined) => {
        if (error) return; // the socket's "error" or "close" fails the export
        flushed = true;
        if (answered) finish(undefined);
      };
      if (typeof body === "string") socket.write(`${prepared.head}${Buffer.byteLength(body)}\r\n\r\n${body}`, onFlushed);
      else {
        let length = 0;
        for (const piece of body) length += piece.length;
        // Corked: the head and every piece leave in one writev.
        socket.cork();
        socket.write(`${prepared.head}${length}\r\n\r\n`);
        for (let index = 0; index < body.length - 1; index += 1) socket.write(body[index] as Buffer);
        socket.write(body[body.length - 1] ?? "", onFlushed);
        socket.uncork();
      }
    });
  }

  /** Parks `connection` for the next request: it holds no process open, and leaves the pool if it closes or speaks. */
  private keepIdle(connection: Connection): void {
    const { socket } = connection;
    socket.unref();
    const forget = () => {
      const index = this.idle.findIndex((entry) => entry.connection === connection);
      if (index >= 0) this.idle.splice(index, 1);
      connection.onBytes = ignoreBytes;
      socket.off("close", forget).off("error", forget).off("end", forget);
      socket.destroy();
    };
    connection.onBytes = forget;
    socket.on("close", forget).on("error", forget).on("end", forget);
    this.idle.push({ connection, forget });
  }

  /** The most recently parked connection, its idle listeners removed, or undefined for none. */
  private takeIdle(): Connection | undefined {
    const entry = this.idle.pop();
    if (!entry) return undefined;
    entry.connection.onBytes = ignoreBytes;
    entry.connection.socket.off("close", entry.forget).off("error", entry.forget).off("end", entry.forget);
    return entry.connection;
  }
}

/** The connection closed (or failed) before any byte of the answer: a stale kept-alive one, or refused. */
class ClosedBeforeAnswer extends Error {
  constructor(
    url: string,
    readonly reason?: Error,
  ) {
    super(reason ? `${url}: ${reason.message}` : `${url} closed the connection before answering`);
  }
}

// A socket can emit "error" after its exchange has settled and dropped its listeners: TLS reports
// a connection closed mid-handshake on the "end" that already failed the export. With no listener
// that error would be thrown from the event loop and end the host process, so every socket keeps
// this one for its whole life; the exchange's own listener is what fails an export.
const ignoreSettledError = (): void => {};

function connectorFor(url: URL): Promise<Connect> {
  if (url.protocol === "https:") {
    const port = Number(url.port || 443);
    // The certificate is checked against the URL's name, whichever address is connected to.
    const name = bareHostname(url.hostname);
    const servername = net.isIP(name) === 0 ? name : undefined;
    return import("node:tls").then(
      (tls: typeof NodeTls) => (host) => new Connection((onread) => tls.connect({ host, port, servername, ALPNProtocols: ["http/1.1"], onread } as NodeTls.ConnectionOptions)),
    );
  }
  const port = Number(url.port || 80);
  return Promise.resolve((host) => new Connection((onread) => net.connect({ host, port, noDelay: true, onread })));
}

/**
 * A poster for `targets` (the signals exported): starts importing node:tls now when one is an
 * https:// endpoint, so the first batch finds it loaded.
 *
 * @example const post = otlpPoster([settings.traces]); await post(settings.traces, body);
 */
export function otlpPoster(targets: readonly SignalTarget[]): OtlpPost {
  const collectors = new Map<string, CollectorConnections>();
  const prepared = new Map<SignalTarget, PreparedTarget>();
  const collectorOf = (target: SignalTarget): CollectorConnections => {
    const url = new URL(target.url);
    let collector = collectors.get(url.origin);
    if (!collector) collectors.set(url.origin, (collector = new CollectorConnections(connectorFor(url), new CollectorAddresses(url.hostname))));
    return collector;
  };
  for (const target of targets) collectorOf(target);
  return async (target, body, timeoutMs = target.timeoutMs) => {
    let request = prepared.get(target);
    if (!request) prepared.set(target, (request = prepare(target, collectorOf(target))));
    const status = await request.collector.post(request, body, timeoutMs);
    if (status < 200 || status >= 300) throw new Error(`${target.url} answered ${status}`);
  };
}
