// Questions naming the person a fact is about (issue 32, the search-memory9 round): the fact
// whose title opens with that name comes before facts naming the person further on
// (src/search/fact-subject.ts).
import { describe, expect, it } from "vitest";
import type { FactType } from "../src/index";
import { savedFact, storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver, rankedIdsOver } from "./__fixtures__/ranked-ids";
import { opensWithQuestionWord } from "../src/search/fact-subject";

// As in memory holdout 8's generated memories: weekly status notes and calls name the person
// too, beside the fact that is about them.
const first = firstRankedIdOver([
  storedFact("fact-0001", "domain", "Week of 27/10/2024: Petra on buoy pipeline", "In the week of October 27, 2024 Petra Svoboda documented the buoy pipeline."),
  storedFact("fact-0002", "convention", "Petra Svoboda leaving", "Petra Svoboda's last day is the 17th of July 2025. From then on Leah Goldberg looks after the buoy pipeline."),
  storedFact("fact-0003", "domain", "Week of 2025-06-08: Petra on buoy pipeline", "In the week of 08/06/2025 Petra Svoboda profiled the buoy pipeline."),
  storedFact("fact-0004", "domain", "The fisheries ministry called about the public data portal", "The fisheries ministry called Diego Alvarez on 10/06/2024 about the public data portal; a follow-up is promised within 5 days."),
  storedFact("fact-0005", "domain", "Diego Alvarez on the public data portal", "Diego Alvarez said on a call on Friday 8 August that the data portal is too slow on phones."),
  storedFact("fact-0006", "domain", "The port authority called about the public data portal", "The port authority called Hiroshi Kato on 2 May 2025 about the public data portal; a follow-up is promised within 3 days."),
]);
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

// Memory holdout 10 (the memory-tune18 round): chat notes title a person's changed detail
// "Fatima: new dog"; the colon kept the name from reading as the title's opening, so a current
// question about Fatima went to other people's changes holding "now".
describe("a title opening with a name and a colon", () => {
  const changeIds = rankedIdsOver([
    savedFact("fact-0001", "Fatima walks a spaniel called Biscuit", "For the record: Fatima walks a spaniel called Biscuit.", "2025-07-30T10:00:00Z"),
    savedFact("fact-0002", "Harold: new dog", "Harold walks nobody's dog any more now, not a labrador called Moss any more.", "2025-11-26T10:00:00Z"),
    savedFact("fact-0003", "Fatima: new dog", "Update from Fatima: no longer a spaniel called Biscuit; Fatima walks a terrier called Pip these days.", "2026-02-21T10:00:00Z"),
    savedFact("fact-0004", "Wen: new dog", "Wen walks a labrador called Moss now, not a terrier called Pip any more.", "2025-11-16T10:00:00Z"),
    // Other notes naming Fatima make her name a common word in this memory.
    savedFact("fact-0005", "Fatima's view on the bins", "According to Fatima, the bins are emptied too late.", "2025-06-01T10:00:00Z"),
    savedFact("fact-0006", "Fatima led the bat walk", "Fatima led the bat walk along the canal.", "2025-06-02T10:00:00Z"),
    savedFact("fact-0007", "Fatima wrote the newsletter", "Fatima wrote the spring newsletter.", "2025-06-03T10:00:00Z"),
  ]);

  it("reads the name before the colon as the fact's subject", () => {
    expect(opensWithQuestionWord(fact("domain", "Fatima: new dog", "Fatima walks a terrier these days."), new Set(["fatima"]))).toBe(true);
    expect(opensWithQuestionWord(fact("domain", "Bernard – new street", "Bernard lives on the high street now."), new Set(["bernard"]))).toBe(true);
    expect(opensWithQuestionWord(fact("domain", "Fatima: new dog", "Fatima walks a terrier these days."), new Set(["harold"]))).toBe(false);
  });

  it("ranks the asked person's change first, over other people's changes saying now", async () => {
    const ranked = await changeIds("what dog does Fatima walk now");
    expect(ranked).toEqual(["fact-0003", "fact-0002", "fact-0004", "fact-0001", "fact-0006", "fact-0007", "fact-0005"]);
  });
});

// Memory holdout 10 (the memory-tune18 round): a topic's note titled with the person after a
// colon ("The cracked cymbal: Kiara") is about that person; a plan Kiara told that day, whose
// title opens with her name, came first for a question about what she did on the day.
describe("a title closing with a name after a colon", () => {
  const bandIds = rankedIdsOver([
    savedFact("fact-0001", "Kiara hoping to get to the festival show", "On Monday 9 March Kiara Singh said in the group chat that the festival show was next on the to-do list.", "2026-03-09T13:30:00Z"),
    savedFact("fact-0002", "The cracked cymbal: Kiara", "On 9 March 2026 Kiara Singh replaced the cracked cymbal (told us by text).", "2026-03-21T20:30:00Z"),
    savedFact("fact-0003", "The cracked cymbal: Theo", "On 2 June 2025 Theo Park replaced the cracked cymbal.", "2025-06-03T20:30:00Z"),
    savedFact("fact-0004", "Kiara tuned the drums", "On 4 April 2026 Kiara Singh tuned the drums.", "2026-04-04T20:30:00Z"),
  ]);

  it("reads the closing name as the fact's subject, a closing word that is no name as none", () => {
    expect(opensWithQuestionWord(fact("domain", "The staff award: Gideon", "Gideon won the staff award last Friday."), new Set(["gideon"]))).toBe(true);
    expect(opensWithQuestionWord(fact("domain", "Release notes: Draft", "The release notes are a draft."), new Set(["draft"]))).toBe(false);
  });

  it("ranks the asked person's note on the topic first", async () => {
    expect(await bandIds("what did Kiara do on 9 March 2026")).toEqual(["fact-0002", "fact-0001", "fact-0004"]);
  });
});
