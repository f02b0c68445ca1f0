// Reads one HTTP/1.1 response off a collector connection (otlp-http.ts): the status, whether the
// connection may serve the next request, and where the response ends (Content-Length, chunked
// transfer coding, or the connection's close), which is all an exporter needs of an answer whose
// body it ignores. Interim 1xx answers are skipped. A response that cannot be read this way is an
// error, and its connection is not reused.

/** Largest response head accepted (a collector's is a few hundred bytes). */
const MAX_HEAD_BYTES = 64 * 1024;
const HEAD_END = Buffer.from("\r\n\r\n", "latin1");
const LINE_END = Buffer.from("\r\n", "latin1");
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})/;

type Stage = "head" | "length" | "chunk-size" | "chunk-data" | "trailers" | "until-close" | "done";

export class HttpResponseReader {
  status = 0;
  /** True when the connection may carry another request once this response is read. */
  reusable = false;
  private stage: Stage = "head";
  private unread: Buffer = Buffer.alloc(0);
  private remaining = 0;

  get done(): boolean {
    return this.stage === "done";
  }

  /**
   * Reads `chunk`; true once the response is complete. Throws on a response it cannot read.
   * `chunk` may be read into again once this returns (a socket's `onread` buffer): what is kept
   * for the next push is copied.
   */
  push(chunk: Buffer): boolean {
    this.unread = this.unread.length === 0 ? chunk : Buffer.concat([this.unread, chunk]);
    while (this.stage !== "done" && this.step());
    // Bytes past the response's end mean the peer sent what was not asked for: do not reuse.
    if (this.stage === "done" && this.unread.length > 0) this.reusable = false;
    else if (this.unread.length > 0 && this.unread.buffer === chunk.buffer) this.unread = Buffer.from(this.unread);
    return this.stage === "done";
  }

  /** The connection ended: a response read "until close" is complete now; any other is cut short. */
  ended(): boolean {
    if (this.stage === "until-close") this.stage = "done";
    this.reusable = false;
    return this.stage === "done";
  }

  /** One parsing step; false when it needs more bytes. */
  private step(): boolean {
    switch (this.stage) {
      case "head":
        return this.readHead();
      case "length":
      case "chunk-data":
        return this.readBody();
      case "chunk-size":
        return this.readChunkSize();
      case "trailers":
        return this.readTrailer();
      case "until-close":
        this.unread = Buffer.alloc(0);
        return false;
      default:
        return false;
    }
  }

  private readHead(): boolean {
    const end = this.unread.indexOf(HEAD_END);
    if (end < 0) {
      if (this.unread.length > MAX_HEAD_BYTES) throw new Error(`response head longer than ${MAX_HEAD_BYTES} bytes`);
      return false;
    }
    const lines = this.unread.toString("latin1", 0, end).split("\r\n");
    this.unread = this.unread.subarray(end + HEAD_END.length);
    const status = STATUS_LINE.exec(lines[0] ?? "");
    if (!status) throw new Error(`not an HTTP/1.x response: ${JSON.stringify((lines[0] ?? "").slice(0, 40))}`);
    this.status = Number(status[2]);
    // Interim answers (100 Continue, 103 Early Hints) precede the real one.
    if (this.status >= 100 && this.status < 200) return true;
    let length: number | undefined;
    let chunked = false;
    let connection = "";
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim().toLowerCase();
      if (name === "content-length") length = Number(value);
      else if (name === "transfer-encoding") chunked = value.split(",").at(-1)?.trim() === "chunked";
      else if (name === "connection") connection = value;
    }
    this.reusable = status[1] === "1" ? connection !== "close" : connection === "keep-alive";
    if (this.status === 204 || this.status === 304) this.stage = "done";
    else if (chunked) this.stage = "chunk-size";
    else if (length !== undefined) {
      if (!Number.isSafeInteger(length) || length < 0) throw new Error("bad content-length");
      this.remaining = length;
      this.stage = length === 0 ? "done" : "length";
    } else {
      this.stage = "until-close";
      this.reusable = false;
    }
    return true;
  }

  private readBody(): boolean {
    const taken = Math.min(this.remaining, this.unread.length);
    this.unread = this.unread.subarray(taken);
    this.remaining -= taken;
    if (this.remaining > 0) return false;
    this.stage = this.stage === "length" ? "done" : "chunk-size";
    return true;
  }

  private readChunkSize(): boolean {
    const end = this.unread.indexOf(LINE_END);
    if (end < 0) return false;
    const sizeText = this.unread.toString("latin1", 0, end).split(";")[0]?.trim() ?? "";
    const size = /^[0-9a-fA-F]{1,12}$/.test(sizeText) ? Number.parseInt(sizeText, 16) : Number.NaN;
    if (Number.isNaN(size)) throw new Error("bad chunk size");
    this.unread = this.unread.subarray(end + LINE_END.length);
    // A chunk's data is followed by CRLF, read with it; the last (size 0) is followed by trailers.
    this.remaining = size + LINE_END.length;
    this.stage = size === 0 ? "trailers" : "chunk-data";
    return true;
  }

  private readTrailer(): boolean {
    const end = this.unread.indexOf(LINE_END);
    if (end < 0) return false;
    this.unread = this.unread.subarray(end + LINE_END.length);
    // An empty line ends the trailers (and the response).
    if (end === 0) this.stage = "done";
    return true;
  }
}
