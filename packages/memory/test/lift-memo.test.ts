// The lift features rank.ts reads by position (src/search/lift-memo.ts) belong to the fact that
// filled the slot: after a removal moves the last fact into the gap, and after a fact is added at
// a freed position, a question ranks exactly as over an index built afresh.
import { describe, expect, it } from "vitest";
import { buildSearchIndex } from "../src/search/incremental-index";
import { rankFacts } from "../src/search/rank";
import type { Fact } from "../src/types";
import { storedFact } from "./__fixtures__/stored-fact";

// The first fact opens with Petra's name, records a choice and names a product; the last one
// (moved into the first's position when it goes) does none of these, though it shares the words.
const petra = storedFact("fact-0001", "domain", "Petra picked RabbitMQ for the buoy pipeline queue", "Petra Svoboda settled on RabbitMQ on 3 May.");
const middle = storedFact("fact-0002", "domain", "Buoy pipeline queue sizing", "The buoy pipeline queue holds a day of readings.");
const last = storedFact("fact-0003", "domain", "The buoy pipeline queue that Petra asked about", "the queue for the buoy pipeline was suggested by the ops team.");
const later = storedFact("fact-0004", "domain", "Leah Goldberg chose the buoy pipeline queue engine", "Leah Goldberg went with NATS on 9 May.");
const QUESTIONS = ["which queue engine did Petra pick for the buoy pipeline", "who chose the buoy pipeline queue", "Petra buoy pipeline queue"];

const ranking = (index: ReturnType<typeof buildSearchIndex>, query: string) =>
  rankFacts(index, query, { limit: 10 }).map(({ fact, score }) => [fact.id, score.toFixed(9)]);

function expectSameAsFresh(index: ReturnType<typeof buildSearchIndex>, held: readonly Fact[]): void {
  const fresh = buildSearchIndex(held);
  for (const query of QUESTIONS) expect(ranking(index, query), query).toEqual(ranking(fresh, query));
}

describe("lift features by position", () => {
  it("are worked out again for the fact a removal moves into a read position", () => {
    const index = buildSearchIndex([petra, middle, last]);
    // Every slot is read first, so each position holds its fact's features.
    for (const query of QUESTIONS) expect(ranking(index, query).length).toBeGreaterThan(0);
    index.remove(petra);
    expect(index.facts[0]).toBe(last);
    expectSameAsFresh(index, [last, middle]);
    expect(ranking(index, QUESTIONS[2] as string)[0]?.[0]).toBe("fact-0003");
  });

  it("are worked out again for a fact added at a position another fact's features were read at", () => {
    const index = buildSearchIndex([middle, last, petra]);
    for (const query of QUESTIONS) ranking(index, query);
    index.remove(petra);
    index.add(later);
    expect(index.facts[2]).toBe(later);
    expectSameAsFresh(index, [middle, last, later]);
    expect(ranking(index, QUESTIONS[1] as string)[0]?.[0]).toBe("fact-0004");
  });
});
