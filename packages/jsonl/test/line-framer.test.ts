import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_FRAME_BYTES, JsonLineFramer, type Frame } from "../src/line-framer";

function drain(framer: JsonLineFramer): Frame[] {
  const frames: Frame[] = [];
  for (let frame = framer.next(); frame; frame = framer.next()) frames.push(frame);
  return frames;
}

describe("JsonLineFramer", () => {
  it("splits lines across chunks, strips CR and skips blank lines", () => {
    const framer = new JsonLineFramer();
    framer.push('{"a":1}\n{"b"');
    expect(drain(framer)).toEqual([{ type: "line", text: '{"a":1}' }]);
    framer.push(':2}\r\n\n  \n{"c":3}\n');
    expect(drain(framer)).toEqual([
      { type: "line", text: '{"b":2}' },
      { type: "line", text: '{"c":3}' },
    ]);
    expect(framer.pendingBytes).toBe(0);
  });

  // Frames whole inside one chunk are decoded straight from it (the relay's common case); the
  // same input cut into single bytes takes the held-parts path. Both must hand out the same frames.
  it("frames a line whole in one chunk as it frames the same bytes pushed one by one", () => {
    const input = '{"a":1}\r\n\u00a0\n\u3000\r\n \t\n{"é":"€"}\n[2]\r\r\n\r\n"x"\n';
    const whole = new JsonLineFramer();
    whole.push(input);
    const bytewise = new JsonLineFramer();
    for (const byte of Buffer.from(input, "utf8")) bytewise.push(Uint8Array.of(byte));
    const expected = [
      { type: "line", text: '{"a":1}' },
      { type: "line", text: '{"é":"€"}' },
      { type: "line", text: "[2]\r" },
      { type: "line", text: '"x"' },
    ];
    expect(drain(whole)).toEqual(expected);
    expect(drain(bytewise)).toEqual(expected);
    expect(whole.pendingBytes).toBe(0);
  });

  it("keeps the bound for a frame whole in one chunk: maxFrameBytes passes, one byte more is over-size", () => {
    const framer = new JsonLineFramer({ maxFrameBytes: 16 });
    framer.push(`${"7".repeat(16)}\n${"8".repeat(17)}\n`);
    expect(framer.next()).toEqual({ type: "line", text: "7".repeat(16) });
    expect(framer.next()).toMatchObject({ type: "oversize", bytes: 17 });
    expect(framer.next()).toBeUndefined();
  });

  it("keeps a multi-byte character whole when a chunk boundary cuts it", () => {
    const bytes = Buffer.from('{"t":"héllo €"}\n', "utf8");
    const framer = new JsonLineFramer();
    for (const byte of bytes) framer.push(Uint8Array.of(byte));
    expect(drain(framer)).toEqual([{ type: "line", text: '{"t":"héllo €"}' }]);
  });

  it("hands out one frame per next() and keeps the rest queued", () => {
    const framer = new JsonLineFramer();
    framer.push("1\n2\n3\n");
    expect(framer.next()).toEqual({ type: "line", text: "1" });
    expect(framer.pendingBytes).toBe(4);
    expect(drain(framer).map((frame) => (frame.type === "line" ? frame.text : "?"))).toEqual(["2", "3"]);
  });

  it("returns an unterminated last line from finish()", () => {
    const framer = new JsonLineFramer();
    framer.push('{"last":true}');
    expect(framer.next()).toBeUndefined();
    expect(framer.finish()).toEqual({ type: "line", text: '{"last":true}' });
    expect(framer.finish()).toBeUndefined();
  });

  it("defaults to 8 MiB and refuses a bound that is not a positive integer", () => {
    expect(new JsonLineFramer().maxFrameBytes).toBe(DEFAULT_MAX_FRAME_BYTES);
    expect(DEFAULT_MAX_FRAME_BYTES).toBe(8 * 1024 * 1024);
    expect(() => new JsonLineFramer({ maxFrameBytes: 0 })).toThrow("maxFrameBytes must be a positive integer number of bytes, got 0");
  });

  it("drops an over-size frame without holding it and reads its id from the start", () => {
    const framer = new JsonLineFramer({ maxFrameBytes: 1024 });
    const start = '{"jsonrpc":"2.0","id":41,"method":"tools/call","params":{"x":"';
    framer.push(start);
    const filler = "y".repeat(64 * 1024);
    let peak = 0;
    for (let i = 0; i < 200; i++) {
      framer.push(filler);
      expect(framer.next()).toBeUndefined();
      peak = Math.max(peak, framer.pendingBytes);
    }
    framer.push('"}}\n{"jsonrpc":"2.0","id":42,"method":"ping"}\n');
    const frames = drain(framer);
    expect(peak).toBeLessThanOrEqual(1024);
    expect(frames).toHaveLength(2);
    expect(frames[0]).toMatchObject({ type: "oversize", id: 41, kind: "request", bytes: start.length + 200 * 64 * 1024 + 3 });
    expect(frames[1]).toEqual({ type: "line", text: '{"jsonrpc":"2.0","id":42,"method":"ping"}' });
  });

  it("reads the id from the end when the frame puts it last, as the SDK does", () => {
    const framer = new JsonLineFramer({ maxFrameBytes: 100 });
    framer.push(`{"result":{"content":[{"type":"text","text":"${"z".repeat(5000)}"}]},"jsonrpc":"2.0","id":"call-7"}\n`);
    expect(drain(framer)).toMatchObject([{ type: "oversize", id: "call-7", kind: "response" }]);
  });

  it("reports an unreadable id as undefined", () => {
    const framer = new JsonLineFramer({ maxFrameBytes: 100 });
    framer.push(`${"x".repeat(500)}\n`);
    expect(drain(framer)).toMatchObject([{ type: "oversize", id: undefined, kind: "unknown", bytes: 500 }]);
  });
});
