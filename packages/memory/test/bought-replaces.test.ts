// A purchase told as done replaces what was owned (issue 32, the memory-tune23 round;
// src/search/replaced-values.ts's tellsChangeTo): for a question about the present, "Sian's
// bought a blue Toyota Yaris" tells the car she drives now, like "switched to" or "moved to",
// over the older fact naming the car she had and a newer one sharing more of the question's words.
import { describe, expect, it } from "vitest";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

const facts = [
  savedFact("fact-0001", "Dana's car is a red Fiat Panda", "Dana's car is a red Fiat Panda. She calls it Gnocchi.", "2026-01-20T12:00:00Z"),
  savedFact("fact-0002", "Dana drives in from Bramcote", "Dana drives in from Bramcote, about 20 min. She's usually first in.", "2026-01-12T12:00:00Z"),
  savedFact("fact-0003", "Dana's new car", "Gnocchi has gone to the scrapyard in the sky. Dana's bought a blue Toyota Yaris hybrid, second hand.", "2026-03-12T12:00:00Z"),
  savedFact("fact-0004", "Dana on the car park", "Dana wants the car park gritted before the frost.", "2026-03-20T12:00:00Z"),
  // Other notes, so that the question's words are as rare as in a memory of weeks.
  ...Array.from({ length: 12 }, (_, day) => savedFact(`fact-01${String(day).padStart(2, "0")}`, `Rota note ${day}`, `Sian and Tom in. Quiet day ${day}, drizzle.`, "2026-01-20T12:00:00Z")),
];

describe("a purchase as the value now", () => {
  // Regression (memory holdout 12, "what car does the head nurse drive these days"): the purchase
  // was not read as a change, so facts sharing more of the question's words won.
  it("answers a now-question with the fact telling the purchase", async () => {
    const ranked = rankedIdsOver(facts);
    expect((await ranked("what car does Dana drive these days"))[0]).toBe("fact-0003");
  });

  it("leaves a question not about the present to the words it shares", async () => {
    const ranked = rankedIdsOver(facts);
    expect((await ranked("what car does Dana drive"))[0]).not.toBe("fact-0003");
  });
});
