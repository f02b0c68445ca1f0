// The collector's answer as the OTLP poster reads it (src/otlp/http-response.ts), however TCP
// splits it: byte by byte here, so every stage resumes mid-token. What the poster relies on: the
// status, where the answer ends, and whether the connection may carry the next batch.
import { describe, expect, it } from "vitest";
import { HttpResponseReader } from "../src/otlp/http-response";

function readBytewise(text: string): { reader: HttpResponseReader; completeAt: number } {
  const reader = new HttpResponseReader();
  const bytes = Buffer.from(text, "latin1");
  for (let index = 0; index < bytes.length; index += 1) if (reader.push(bytes.subarray(index, index + 1))) return { reader, completeAt: index + 1 };
  return { reader, completeAt: -1 };
}

describe("an HTTP answer read byte by byte", () => {
  it("ends after a chunked body's trailers, its connection reusable", () => {
    const text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\n{\"a\":\r\n2\r\n1}\r\n0\r\nx-trailer: 1\r\n\r\n";
    const { reader, completeAt } = readBytewise(text);
    expect([reader.status, reader.reusable, completeAt]).toEqual([200, true, text.length]);
  });

  it("ends after Content-Length bytes, past a 100 Continue, and is not reused when told to close", () => {
    const text = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 400 Bad Request\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope";
    const { reader, completeAt } = readBytewise(text);
    expect([reader.status, reader.reusable, completeAt]).toEqual([400, false, text.length]);
  });

  it("without a length ends only with the connection; cut short it is incomplete", () => {
    const untilClose = readBytewise("HTTP/1.0 200 OK\r\n\r\n{}");
    expect([untilClose.completeAt, untilClose.reader.ended(), untilClose.reader.status]).toEqual([-1, true, 200]);
    const cut = readBytewise("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{}");
    expect([cut.completeAt, cut.reader.ended()]).toEqual([-1, false]);
  });

  it("keeps its own copy of bytes it waits on: the caller reads the next bytes into the same buffer", () => {
    const reused = Buffer.alloc(64);
    const reader = new HttpResponseReader();
    const first = reused.subarray(0, reused.write("HTTP/1.1 200 OK\r\nContent-Le", "latin1"));
    expect(reader.push(first)).toBe(false);
    const second = reused.subarray(0, reused.write("ngth: 2\r\n\r\n{}", "latin1"));
    expect([reader.push(second), reader.status, reader.reusable]).toEqual([true, 200, true]);
  });

  it("is refused when it is not HTTP or its chunk size is not hex", () => {
    expect(() => new HttpResponseReader().push(Buffer.from("SSH-2.0-OpenSSH\r\n\r\n"))).toThrow('not an HTTP/1.x response: "SSH-2.0-OpenSSH"');
    expect(() => new HttpResponseReader().push(Buffer.from("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))).toThrow("bad chunk size");
  });
});
