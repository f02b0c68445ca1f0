// The export queue writes each span's JSON text into its chunks with Buffer's own UTF-8 writer
// (decision 0039): a batch's bytes must be exactly the UTF-8 of its spans, comma-separated, for
// any text (multi-byte characters, surrogate pairs, a span filling a chunk to its last bytes), and
// the same where a runtime has no such writer and Buffer.prototype.write is used.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EncodedSpans as EncodedSpansClass } from "../src/otlp/encoded-spans";

const CHUNK_BYTES = 64 * 1024;

/** Texts of every UTF-8 width, long enough that a few hundred of them span several chunks. */
function spanTexts(count: number): string[] {
  const widths = ["a", "é", "€", "😀"];
  return Array.from({ length: count }, (_, index) => `{"n":${index},"s":"${(widths[index % widths.length] as string).repeat(40 + (index % 97))}"}`);
}

function batchBytes(spans: EncodedSpansClass): Buffer[] {
  const batches: Buffer[] = [];
  for (let batch = spans.take(); batch !== undefined; batch = spans.take()) batches.push(Buffer.concat(batch.bytes()));
  return batches;
}

async function encodedSpansModule() {
  vi.resetModules();
  return import("../src/otlp/encoded-spans");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("EncodedSpans", () => {
  it("holds each batch as exactly the UTF-8 of its spans, comma-separated, across chunks", async () => {
    const { EncodedSpans } = await encodedSpansModule();
    const spans = new EncodedSpans(100);
    const texts = spanTexts(250);
    for (const text of texts) spans.add(text);
    const expected = [texts.slice(0, 100), texts.slice(100, 200), texts.slice(200)].map((batch) => Buffer.from(batch.join(",")));
    const batches = batchBytes(spans);
    expect(batches.map((bytes) => bytes.length)).toEqual(expected.map((bytes) => bytes.length));
    expect(batches).toEqual(expected);
  });

  it("writes a span that fills a chunk to its last byte without cutting it", async () => {
    const { EncodedSpans } = await encodedSpansModule();
    const spans = new EncodedSpans(10);
    // Two texts whose worst case (3 bytes a unit) just fits one chunk, the second with 4-byte characters.
    const first = "x".repeat(CHUNK_BYTES / 3 - 100);
    const second = `"${"😀".repeat(40)}"`;
    spans.add(first);
    spans.add(second);
    expect(batchBytes(spans)).toEqual([Buffer.from(`${first},${second}`)]);
  });

  it("writes the same bytes through Buffer.prototype.write where Buffer had no utf8Write when it loaded", async () => {
    const prototype = Buffer.prototype as { utf8Write?: unknown };
    const utf8Write = prototype.utf8Write;
    expect(typeof utf8Write).toBe("function");
    // Gone only while the module loads (it picks its writer then): write itself needs it after.
    delete prototype.utf8Write;
    let loaded: Awaited<ReturnType<typeof encodedSpansModule>>;
    try {
      loaded = await encodedSpansModule();
    } finally {
      prototype.utf8Write = utf8Write;
    }
    const write = vi.spyOn(Buffer.prototype, "write");
    const spans = new loaded.EncodedSpans(100);
    const texts = spanTexts(120);
    for (const text of texts) spans.add(text);
    expect(write).toHaveBeenCalledTimes(texts.length);
    expect(batchBytes(spans)).toEqual([Buffer.from(texts.slice(0, 100).join(",")), Buffer.from(texts.slice(100).join(","))]);
  });
});
