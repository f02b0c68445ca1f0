// Questions naming the person a fact is about (issue 32, the search-memory9 round): the fact
// whose title opens with that name comes before facts naming the person further on
// (src/search/fact-subject.ts).
import { describe, expect, it } from "vitest";
import { FoundryMemory, InMemoryFactStore, type FactType } from "../src/index";
import { storedFact } from "./__fixtures__/stored-fact";
import { opensWithQuestionWord } from "../src/search/fact-subject";

// As in memory holdout 8's generated memories: weekly status notes and calls name the person
// too, beside the fact that is about them.
const memory = new FoundryMemory({
  root: "/nonexistent-fact-subject-test",
  driver: new InMemoryFactStore([
    storedFact("fact-0001", "domain", "Week of 27/10/2024: Petra on buoy pipeline", "In the week of October 27, 2024 Petra Svoboda documented the buoy pipeline."),
    storedFact("fact-0002", "convention", "Petra Svoboda leaving", "Petra Svoboda's last day is the 17th of July 2025. From then on Leah Goldberg looks after the buoy pipeline."),
    storedFact("fact-0003", "domain", "Week of 2025-06-08: Petra on buoy pipeline", "In the week of 08/06/2025 Petra Svoboda profiled the buoy pipeline."),
    storedFact("fact-0004", "domain", "The fisheries ministry called about the public data portal", "The fisheries ministry called Diego Alvarez on 10/06/2024 about the public data portal; a follow-up is promised within 5 days."),
    storedFact("fact-0005", "domain", "Diego Alvarez on the public data portal", "Diego Alvarez said on a call on Friday 8 August that the data portal is too slow on phones."),
    storedFact("fact-0006", "domain", "The port authority called about the public data portal", "The port authority called Hiroshi Kato on 2 May 2025 about the public data portal; a follow-up is promised within 3 days."),
  ]),
});
const first = async (query: string) => (await memory.search({ query })).hits[0]?.fact.id;
const fact = (type: FactType, title: string, body: string) => storedFact("fact-0009", type, title, body);

describe("the person a question is about", () => {
  // Regression: a status note naming Petra further on, and a call to Diego, came first.
  it("puts the fact whose title opens with the asked person's name first", async () => {
    expect(await first("who inherits the buoy pipeline from Petra")).toBe("fact-0002");
    expect(await first("what was Diego's complaint about the data portal")).toBe("fact-0005");
  });

  it("reads a name, not a topic, as a title's opening", () => {
    expect(opensWithQuestionWord(fact("convention", "Petra Svoboda leaving", "Her last day is in July."), new Set(["petra"]))).toBe(true);
    expect(opensWithQuestionWord(fact("decision", "Kafka upgrade", "We upgraded Kafka to 3.7 last night."), new Set(["kafka"]))).toBe(true);
    expect(opensWithQuestionWord(fact("risk", "Crash reporter down for 177 minutes", "On 2026-04-22 the crash reporter was unavailable."), new Set(["crash"]))).toBe(false);
    expect(opensWithQuestionWord(fact("domain", "GDPR audit at Northgate", "The GDPR audit took place in May."), new Set(["gdpr"]))).toBe(false);
    expect(opensWithQuestionWord(fact("convention", "Petra Svoboda leaving", "Her last day is in July."), new Set(["leah"]))).toBe(false);
  });
});
