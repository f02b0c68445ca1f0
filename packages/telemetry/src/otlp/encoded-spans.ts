// Finished spans waiting for export, kept as the OTLP JSON bytes they will be sent as: each span is
// encoded the moment it ends and written into reusable off-heap chunks (Buffers), so no span object
// outlives its request. Span records held until a batch left (up to 512 of them, for seconds) were
// promoted by the young-generation collector and then cost foya's relay a major collection every
// few thousand calls, and the batch's body was built as one large string and scanned again for its
// length; bytes in Buffers are neither scanned nor copied by the collector (decision 0022).
// Spans are grouped in batches of at most OTEL_BSP_MAX_EXPORT_BATCH_SIZE as they arrive.

// A chunk holds about a hundred spans of the conventions' size (~640 bytes each).
const CHUNK_BYTES = 64 * 1024;
// Chunks kept for reuse after a batch left: enough for a full default queue (2048 spans).
const SPARE_CHUNKS = 32;
// A UTF-16 code unit is at most 3 bytes of UTF-8: a text fits when 3 × its length does.
const MAX_BYTES_PER_UNIT = 3;

/** Node's Buffer method that `write(text, offset)` ends in (utf8Write below says why it is called directly). */
interface Utf8Writer {
  utf8Write(text: string, offset: number, length: number): number;
}

// Buffer's own UTF-8 writer, the one `chunk.write(text, offset)` ends in after handling its
// arguments (offset checked, length defaulted to the rest of the chunk): the same bytes without
// Buffer.prototype.write's JavaScript in front, which was a measurable share of a span's cost
// while a relay's code is still cold (its first few hundred calls; decision 0039). Not in Node's
// documentation but on every Node Buffer (protobufjs writes strings with it); where a runtime
// lacks it, write.
const writeUtf8: (chunk: Buffer, text: string, offset: number) => number =
  typeof (Buffer.prototype as Partial<Utf8Writer>).utf8Write === "function"
    ? (chunk, text, offset) => (chunk as unknown as Utf8Writer).utf8Write(text, offset, chunk.length - offset)
    : (chunk, text, offset) => chunk.write(text, offset);

/** One batch's spans: chunks filled up to `fills[i]` bytes, the spans comma-separated. */
export class SpanBatch {
  readonly chunks: Buffer[] = [];
  readonly fills: number[] = [];
  count = 0;

  /** The encoded spans, to sit between a body's head and tail. */
  bytes(): Buffer[] {
    return this.chunks.map((chunk, index) => chunk.subarray(0, this.fills[index]));
  }
}

export class EncodedSpans {
  private readonly sealed: SpanBatch[] = [];
  private open = new SpanBatch();
  private readonly spare: Buffer[] = [];
  /** Spans held (every batch). */
  size = 0;

  constructor(private readonly maxBatchSize: number) {}

  /** Adds one span's JSON text (otlp-json.ts spanText). */
  add(spanJson: string): void {
    let batch = this.open;
    if (batch.count >= this.maxBatchSize) {
      this.sealed.push(batch);
      batch = this.open = new SpanBatch();
    }
    const text = batch.count === 0 ? spanJson : `,${spanJson}`;
    const last = batch.chunks.length - 1;
    let chunk = batch.chunks[last];
    let fill = batch.fills[last] ?? 0;
    if (chunk === undefined || fill + text.length * MAX_BYTES_PER_UNIT > chunk.length) {
      chunk = this.newChunk(text.length * MAX_BYTES_PER_UNIT);
      batch.chunks.push(chunk);
      batch.fills.push(0);
      fill = 0;
    }
    batch.fills[batch.chunks.length - 1] = fill + writeUtf8(chunk, text, fill);
    batch.count += 1;
    this.size += 1;
  }

  /** True when a whole batch (OTEL_BSP_MAX_EXPORT_BATCH_SIZE spans) waits. */
  get hasFullBatch(): boolean {
    return this.sealed.length > 0 || this.open.count >= this.maxBatchSize;
  }

  /** The oldest batch, removed from the queue; undefined when empty. Hand it to `release` once its bytes are copied. */
  take(): SpanBatch | undefined {
    const batch = this.sealed.shift() ?? (this.open.count > 0 ? this.open : undefined);
    if (batch === undefined) return undefined;
    if (batch === this.open) this.open = new SpanBatch();
    this.size -= batch.count;
    return batch;
  }

  /** Takes a taken batch's chunks back for reuse. */
  release(batch: SpanBatch): void {
    for (const chunk of batch.chunks) if (chunk.length === CHUNK_BYTES && this.spare.length < SPARE_CHUNKS) this.spare.push(chunk);
  }

  private newChunk(atLeast: number): Buffer {
    if (atLeast > CHUNK_BYTES) return Buffer.allocUnsafeSlow(atLeast);
    return this.spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
  }
}
