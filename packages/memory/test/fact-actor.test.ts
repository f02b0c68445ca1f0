// "Who" questions (issue 32, the search-memory16 round): the fact opening with a person's full
// name tells what that person does, and comes before a fact naming someone further on that shares
// the topic's words (src/search/fact-subject.ts, opensWithPersonName).
import { describe, expect, it } from "vitest";
import { storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";
import { opensWithPersonName } from "../src/search/fact-subject";

const first = firstRankedIdOver([
  storedFact("fact-0001", "domain", "Store review before a mobile release", "Plan two days of store review before every mobile release date; Tom Baker tracks the dates."),
  storedFact("fact-0002", "domain", "Ana Silva signs the mobile builds", "Ana Silva holds the upload key and signs every release build; without her nothing ships."),
  storedFact("fact-0003", "domain", "Office plants", "The plants on the second floor are watered on Mondays."),
]);

describe("who acted, for a who question", () => {
  // Regression: the store-review fact, naming Tom Baker in passing, came first.
  it("puts the fact opening with a full name first for a who question", async () => {
    expect(await first("who is responsible for the mobile release")).toBe("fact-0002");
  });

  it("leaves questions that are not who questions to the plain ranking", async () => {
    expect(await first("mobile release")).toBe("fact-0001");
  });

  it("reads two capitalised words and a lower-case one, at the title's or body's start, as a name opening", () => {
    const fact = (title: string, body: string) => storedFact("fact-0009", "domain", title, body);
    expect(opensWithPersonName(fact("Leah on the tide model", "Leah Goldberg said at stand-up that the tide model has no tests."))).toBe(true);
    expect(opensWithPersonName(fact("Maya Chen's phone number changed", "Noted."))).toBe(true);
    expect(opensWithPersonName(fact("Chat about the bakery", "On 3 May Tom laughed when Maya Chen brought it up."))).toBe(false);
    expect(opensWithPersonName(fact("Tracing switched to OpenTelemetry", "Services emit traces to Tempo."))).toBe(false);
  });
});
