// Questions about a choice (issue 32, the search-memory16 round): "which venue did we pick" is
// answered by the fact telling the pick, not by the facts suggesting the options, which hold
// the kind of option ("venue", "place") the question names (src/search/choice.ts).
import { describe, expect, it } from "vitest";
import { savedFact, storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver, rankedIdsOver } from "./__fixtures__/ranked-ids";
import { asksForChoice, recordsChoice } from "../src/search/choice";
import { splitWords } from "../src/search/tokenize";

// As a chat is kept: options suggested by several people, then the one picked, in other words.
const first = firstRankedIdOver([
  savedFact("fact-0001", "Ravi suggested the sailing club", "Ravi suggested the sailing club as the venue for the summer party.", "2025-05-02T18:00:00Z"),
  savedFact("fact-0002", "Mei suggested the old brewery", "Mei suggested the old brewery as the venue for the summer party.", "2025-05-03T18:00:00Z"),
  savedFact("fact-0003", "Summer party at the brewery", "After the poll we went with the old brewery for the summer party.", "2025-05-09T18:00:00Z"),
  savedFact("fact-0004", "Jo suggested a hotel for the reunion", "Jo suggested the Harbour Hotel as the place for the class reunion dinner.", "2025-07-01T18:00:00Z"),
  savedFact("fact-0005", "Class reunion at Casa Verde", "We settled on Casa Verde for the class reunion dinner; Jo sends the invitations.", "2025-07-06T18:00:00Z"),
]);

describe("questions about a choice", () => {
  // Regression: the suggestions, holding "venue" and "place" beside the event, came first.
  it("puts the fact telling the pick first, over the facts suggesting options", async () => {
    expect(await first("which venue did we pick for the summer party")).toBe("fact-0003");
    expect(await first("which place did we go with for the class reunion dinner")).toBe("fact-0005");
  });

  // Regression (search-memory17): with no word of choosing, the suggestion naming the event came first.
  it("reads a question about an arrangement as asking for the pick", async () => {
    expect(await first("where are we having the class reunion dinner")).toBe("fact-0005");
    expect(await first("which hotel is the class reunion dinner going to be at")).toBe("fact-0005");
  });

  it("leaves questions that do not ask for a choice to the plain ranking", async () => {
    expect(await first("place for the class reunion dinner")).toBe("fact-0004");
  });

  it("reads pick, choose, decide, settle, go with and end up as asking for a choice", () => {
    const words = (text: string) => text.split(" ");
    expect(asksForChoice(words("which venue did we pick"))).toBe(true);
    expect(asksForChoice(words("what did we decide for the launch"))).toBe(true);
    expect(asksForChoice(words("which hotel did we go with"))).toBe(true);
    expect(asksForChoice(words("what did we end up calling the cat"))).toBe(true);
    expect(asksForChoice(words("what are we getting Lucy for graduating"))).toBe(true);
    expect(asksForChoice(words("who is doing the kitchen renovation"))).toBe(true);
    expect(asksForChoice(words("who suggested the brewery"))).toBe(false);
    expect(asksForChoice(words("when is the summer party"))).toBe(false);
  });

  it("reads a past choice verb or the decision type as recording a choice, a suggestion as not", () => {
    expect(recordsChoice(storedFact("fact-0101", "domain", "Kitten is called Luna", "In the end we settled on Luna."))).toBe(true);
    expect(recordsChoice(storedFact("fact-0102", "decision", "ClickHouse for analytics", "Why: simple.\nHow to apply: use it."))).toBe(true);
    expect(recordsChoice(storedFact("fact-0103", "domain", "Names for the kitten", "The kids floated Pepper and Luna."))).toBe(false);
  });
});

// Memory holdout 10 (the memory-tune18 round): "who is producing the album" asks for an agreed
// plan as "who is doing the kitchen" does; only "is/are doing" was read that way, so the
// suggestion naming the album's producer came first.
describe("an arrangement asked in the present progressive", () => {
  const bandIds = rankedIdsOver([
    savedFact("fact-0001", "Idea for the album's producer: nobody, we produce it ourselves", "Jesse thought nobody, we produce it ourselves would make a good producer for the album.", "2025-01-09T18:30:00Z"),
    savedFact("fact-0002", "Idea for the album's producer: Ben Holloway", "Kiara put forward Ben Holloway as the producer for the album.", "2025-01-10T18:30:00Z"),
    savedFact("fact-0003", "The album's producer decided", "On 17/01/2025 everyone agreed on Ben Holloway for the album.", "2025-01-17T12:30:00Z"),
  ]);

  it("puts the fact recording the pick first, whatever the verb", async () => {
    expect(await bandIds("who is producing the album")).toEqual(["fact-0003", "fact-0001", "fact-0002"]);
  });

  it("reads is or are before a verb in -ing as an arrangement, not going or a plain is", () => {
    const words = (text: string) => text.split(" ");
    expect(asksForChoice(words("who is directing the music video"))).toBe(true);
    expect(asksForChoice(words("who are catering the wedding"))).toBe(true);
    expect(asksForChoice(words("where is the retreat"))).toBe(false);
    expect(asksForChoice(words("who is going"))).toBe(false);
    expect(asksForChoice(words("what is king of the hill"))).toBe(false);
    expect(asksForChoice(words("why is nothing on the agenda"))).toBe(false);
    // Regression: "are shipping" read as an arrangement pushed the answer from third to seventh.
    expect(asksForChoice(words("how are shipping addresses checked"))).toBe(false);
    expect(asksForChoice(words("who is cooking"))).toBe(true);
  });

  // Regression (memory holdout 11, "who's making the club kit"): the contraction hid the "is".
  it("reads a contracted is or are (who's, we're) like the full word", async () => {
    expect(await first("who's organising the venue for the summer party")).toBe("fact-0003");
    expect(asksForChoice(splitWords("who's making the club kit"))).toBe(true);
    expect(asksForChoice(splitWords("where're we having the reunion"))).toBe(true);
    expect(asksForChoice(splitWords("Lucy's baking tin"))).toBe(false);
  });
});

// Memory holdout 10 (the memory-tune18 round): "argued about the summer fair and agreed on
// nothing" was read as recording a choice and came before the changed plan.
describe("a choice verb negated or closed by nothing", () => {
  const associationIds = rankedIdsOver([
    savedFact("fact-0001", "Discussion of the summer fair", "Kwame and Fatima argued about the date of the summer fair over breakfast and agreed on nothing.", "2026-02-15T17:30:00Z"),
    savedFact("fact-0002", "Summer fair on the bank holiday", "We settled on the bank holiday Monday for the fair; Fatima booked the field.", "2025-08-21T09:30:00Z"),
  ]);

  it("puts the fact telling the pick first, over a discussion that picked nothing", async () => {
    expect(await associationIds("what date did we pick for the summer fair")).toEqual(["fact-0002", "fact-0001"]);
  });

  it("reads a negated choice verb or one closed by nothing as no choice", () => {
    expect(recordsChoice(storedFact("fact-0101", "domain", "Summer fair talk", "They argued about the summer fair and agreed on nothing."))).toBe(false);
    expect(recordsChoice(storedFact("fact-0102", "domain", "Venue still open", "We did not pick a venue yet."))).toBe(false);
    expect(recordsChoice(storedFact("fact-0103", "domain", "Deploy freeze", "The leads agreed on no production deploys on Fridays."))).toBe(true);
    expect(recordsChoice(storedFact("fact-0104", "domain", "Venue", "Nobody liked the barn, so we picked the hall."))).toBe(true);
  });
});
