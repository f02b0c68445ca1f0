import { describe, expect, it } from "vitest";
import { readFrameEdges } from "../src/frame-edges";

describe("readFrameEdges", () => {
  it("finds the id among the top-level keys of the start, skipping nested values", () => {
    expect(readFrameEdges('{"jsonrpc":"2.0","params":{"id":99,"s":"}\\"id\\":3"},"id":5,"method":"x","params2":"cut', "")).toEqual({ id: 5, kind: "request" });
  });

  it("does not take an id that the kept start cuts short", () => {
    expect(readFrameEdges('{"jsonrpc":"2.0","id":12', "")).toEqual({ id: undefined, kind: "unknown" });
  });

  it("takes a trailing top-level id only", () => {
    expect(readFrameEdges('{"method":"tools/call","params":{"a":"', 'aaa"},"jsonrpc":"2.0","id":7}')).toEqual({ id: 7, kind: "request" });
    expect(readFrameEdges('{"result":{"a":"', 'aaa","id":7}}')).toEqual({ id: undefined, kind: "response" });
    expect(readFrameEdges('{"error":{"code":1', '"jsonrpc":"2.0","id":null}')).toEqual({ id: null, kind: "response" });
  });

  it("knows nothing of a frame that is not an object", () => {
    expect(readFrameEdges("[1,2,3", "4]")).toEqual({ id: undefined, kind: "unknown" });
  });
});
