import { describe, expect, it } from "vitest";
import { devSets } from "../bench/dev-set-list.mjs";
import { learnTermNecessity, MIN_ASKED_PER_SET, MIN_SETS } from "../bench/learn-term-necessity.mjs";
import { buildSearchIndex, rankFacts, tokenize } from "../src/index";
import { termNecessity } from "../src/search/term-necessity";
import { TERM_NECESSITY } from "../src/search/term-necessity-table";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";
import { storedFact } from "./__fixtures__/stored-fact";

describe("term necessity", () => {
  it("lets a fact holding the asked thing beat one holding only the question's habitual words", async () => {
    const first = firstRankedIdOver([
      storedFact("fact-0001", "domain", "Van failed its MOT on the brakes", "Booked in for Thursday."),
      storedFact("fact-0002", "domain", "Nothing happened at the depot today", "Quiet shift."),
      storedFact("fact-0003", "convention", "Office keys", "The van keys hang beside the door."),
    ]);
    // "happened" is rarer here than "van", so plain BM25 puts the depot note first.
    expect(await first("what happened to the van")).toBe("fact-0001");
  });

  it("weighs the common question words answers seldom repeat below 1 and every other word 1", () => {
    expect(termNecessity("happen")).toBeLessThan(0.5);
    expect(termNecessity("want")).toBeLessThan(0.5);
    expect(termNecessity("van")).toBe(1);
    expect(termNecessity("invoic")).toBe(1);
  });

  it("is the table the learner makes of the dev sets: numbers and months out, each word asked in many sets", () => {
    const sets = devSets();
    const learned = learnTermNecessity(sets, { buildSearchIndex, rankFacts, tokenize });
    expect([...TERM_NECESSITY]).toEqual(learned);
    for (const [stem] of learned) {
      expect(stem).not.toMatch(/^\d/);
      const askedIn = sets.filter(([, questions]) => questions.filter(({ query }) => tokenize(query).includes(stem)).length >= MIN_ASKED_PER_SET);
      expect(askedIn.length).toBeGreaterThanOrEqual(MIN_SETS);
    }
    expect(TERM_NECESSITY.has("august")).toBe(false);
  });
});
