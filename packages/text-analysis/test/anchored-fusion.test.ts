import { describe, expect, it } from "vitest";
import { fuseAnchored, keywordCoverage } from "../src/index";

describe("keywordCoverage", () => {
  it("is the share of the query's content words the text holds, stop words left out and stems met", () => {
    expect(keywordCoverage("send an email to my boss", "office_send_message: deliver an email")).toBeCloseTo(2 / 3);
    expect(keywordCoverage("booked rooms", "Book a meeting room")).toBe(1);
    expect(keywordCoverage("will it be sunny", "Tomorrow's temperature")).toBe(0);
  });

  it("is 1 for a query of stop words only: nothing is missing", () => {
    expect(keywordCoverage("what is it", "anything")).toBe(1);
  });
});

describe("fuseAnchored", () => {
  const keywordHits = [
    { position: 0, score: 10 },
    { position: 1, score: 9.5 },
    { position: 2, score: 4 },
  ];

  it("returns the keyword order when the weight is 0 (a first hit holding every query word)", () => {
    expect(fuseAnchored(keywordHits, [{ position: 2, similarity: 0.9 }, { position: 7, similarity: 0.8 }, { position: 0, similarity: 0.1 }], 0)).toEqual([0, 1, 2]);
  });

  it("lets the nearer meaning turn a close keyword race but not a clear lead", () => {
    const semantic = [{ position: 2, similarity: 0.9 }, { position: 1, similarity: 0.8 }, { position: 0, similarity: 0.2 }];
    // 0: 1 + 0; 1: 0.95 + 0.3 × 6/7; 2: 0.4 + 0.3 × 1.
    expect(fuseAnchored(keywordHits, semantic, 0.3)).toEqual([1, 0, 2]);
  });

  it("puts a document only the embeddings found after the keyword hits unless the weight passes the first hit's 1", () => {
    const semantic = [{ position: 9, similarity: 0.9 }, { position: 0, similarity: 0.5 }];
    expect(fuseAnchored(keywordHits, semantic, 0.9)).toEqual([0, 1, 9, 2]);
    expect(fuseAnchored(keywordHits, semantic, 2)[0]).toBe(9);
  });

  it("ranks by meaning alone when there is no keyword hit", () => {
    expect(fuseAnchored([], [{ position: 4, similarity: 0.6 }, { position: 3, similarity: 0.5 }], 1)).toEqual([4, 3]);
  });
});
