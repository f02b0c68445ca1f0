// Questions about the state before a change (issue 32, the search-memory2-16 round): "where did
// we have team lunch before the ramen bar" is answered by the older fact that does not name the
// ramen bar, not by the newer one telling the change (src/search/earlier-state.ts).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver, rankedIdsOver } from "./__fixtures__/ranked-ids";
import { datesIn } from "@foundry-mcp/text-analysis";
import { laterStateTerms } from "../src/search/earlier-state";

// As chat keeps it: a detail said, then said again with a new value, nothing linking the two.
const first = firstRankedIdOver([
  savedFact("fact-0001", "Team lunch at the Thai place", "Team lunch is at the Thai place on Fridays.", "2024-03-04T12:00:00Z"),
  savedFact("fact-0002", "Team lunch at the ramen bar", "Team lunch is at the ramen bar on Fridays.", "2025-01-20T12:00:00Z"),
  savedFact("fact-0003", "Ines codes in Vim", "Ines writes code in Vim.", "2024-05-25T12:00:00Z"),
  savedFact("fact-0004", "Ines moved to VS Code", "Ines gave up on Vim and codes in VS Code now.", "2025-10-02T12:00:00Z"),
]);

describe("questions about the state before a change", () => {
  // Regression: the newer fact, holding the question's "ramen bar" / "VS Code" too, came first.
  it("puts the older fact that does not name the later state first", async () => {
    expect(await first("where did we have team lunch before the ramen bar")).toBe("fact-0001");
    expect(await first("what did Ines use for code before VS Code")).toBe("fact-0003");
  });

  it("leaves other questions to the plain ranking", async () => {
    expect(await first("team lunch at the ramen bar")).toBe("fact-0002");
  });

  it("reads a state after 'before', not a clause, a verb or a date", () => {
    const terms = (query: string) => laterStateTerms(query.split(" "), datesIn(query));
    expect(terms("where did we have team lunch before the ramen bar")).toEqual(["ramen", "bar"]);
    expect(terms("what did Ines use before VS Code")).toEqual(["vs", "code"]);
    expect(terms("what do I need before deploying to production")).toBeUndefined();
    expect(terms("can we track users before they accept cookies")).toBeUndefined();
    expect(terms("what happened before 3 March 2025")).toBeUndefined();
    expect(terms("what happened before March 2025")).toBeUndefined();
    expect(terms("team lunch at the ramen bar")).toBeUndefined();
  });
});

// Memory holdout 10 (the memory-tune18 round): the fact telling the change ("no longer a
// battered Telecaster; a borrowed Gretsch these days") names the earlier state too; an older
// fact on Theo's guitar playing that never named the guitar came first.
describe("a change naming the value it replaced, for a question about before", () => {
  const bandIds = rankedIdsOver([
    savedFact("fact-0001", "Theo in the band", "Theo Park plays lead guitar in the band, Theo mentioned in the group chat.", "2025-06-20T15:30:00Z"),
    savedFact("fact-0002", "Theo: new guitar", "Update from Theo: no longer a battered Telecaster; Theo tours with a borrowed Gretsch these days.", "2026-03-06T14:30:00Z"),
    savedFact("fact-0003", "Freya: new guitar", "Freya plays a red Fender guitar now, not a Gibson any more.", "2025-02-06T14:30:00Z"),
  ]);

  it("lifts the change that names the earlier value beside the later one", async () => {
    expect(await bandIds("what guitar did Theo have before the Gretsch")).toEqual(["fact-0002", "fact-0001", "fact-0003"]);
  });
});
