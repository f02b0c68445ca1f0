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
    { position: 1, score: 5 },
    { position: 2, score: 4.9 },
    { position: 3, score: 1 },
  ];
  const neighbours = [
    { position: 3, similarity: 0.9 },
    { position: 2, similarity: 0.8 },
    { position: 7, similarity: 0.75 },
    { position: 1, similarity: 0.3 },
    { position: 0, similarity: 0.1 },
  ];

  it("returns the keyword order when the weight is 0 (a first hit holding every query word)", () => {
    expect(fuseAnchored(keywordHits, neighbours, 0)).toEqual([0, 1, 2, 3]);
  });

  it("keeps the first keyword hit first whatever the weight and the neighbours", () => {
    expect(fuseAnchored(keywordHits, neighbours, 10)[0]).toBe(0);
  });

  it("lets the nearer meaning turn a close keyword race below the first hit but not a clear lead", () => {
    // 1: 0.5 + 0.2 × 0.25; 2: 0.49 + 0.2 × 0.875; 3: 0.1 + 0.2 × 1; 7: 0.2 × 0.8125.
    expect(fuseAnchored(keywordHits, neighbours, 0.2)).toEqual([0, 2, 1, 3, 7]);
  });

  it("lifts a document only the embeddings found above weak keyword hits as the weight grows", () => {
    expect(fuseAnchored(keywordHits, neighbours, 1)).toEqual([0, 2, 3, 7, 1]);
  });

  it("ranks by meaning alone when there is no keyword hit", () => {
    expect(fuseAnchored([], [{ position: 4, similarity: 0.6 }, { position: 3, similarity: 0.5 }], 1)).toEqual([4, 3]);
  });
});
