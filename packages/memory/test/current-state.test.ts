// Questions about the current state (issue 32, the search-memory9 round): a detail restated
// with a new value, the older fact not superseded, is answered by the newer fact when the
// question asks "now", "currently", "these days" (src/search/current-state.ts).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";
import { currentStateMarkers } from "../src/search/current-state";

// As in bench/current-facts.json: chat restates a detail, and nothing links the newer fact to the older.
const first = firstRankedIdOver([
  savedFact("fact-0001", "On-call alerts via Opsgenie", "On-call alerts go through Opsgenie.", "2024-10-03T12:00:00Z"),
  savedFact("fact-0002", "On-call alerts via PagerDuty", "We use PagerDuty for on-call alerts since the Opsgenie contract ended.", "2025-08-25T12:00:00Z"),
  savedFact("fact-0003", "Staging database is 40 GB", "The staging database is 40 GB.", "2024-09-09T12:00:00Z"),
  savedFact("fact-0004", "Staging database at 95 GB", "The staging database grew to 95 GB after the import.", "2025-03-17T12:00:00Z"),
]);

describe("current-state questions", () => {
  // Regression: the older value, said in fewer words, came first.
  it("puts the newer of two facts on one detail first when the question asks for now", async () => {
    expect(await first("what do we use for on-call alerts currently")).toBe("fact-0002");
    expect(await first("how big is the staging database currently")).toBe("fact-0004");
  });

  it("leaves questions that do not ask for now to the plain ranking", async () => {
    expect(await first("staging database size")).toBe("fact-0003");
  });

  it("reads now, currently, these days and at the moment as asking for the current state", () => {
    const words = (text: string) => text.split(" ");
    expect(currentStateMarkers(words("where does hannah live now"))).toEqual(["now"]);
    expect(currentStateMarkers(words("what editor does ines use these days"))).toEqual(["these", "days"]);
    expect(currentStateMarkers(words("what is our cloud provider at the moment"))).toEqual(["at", "the", "moment"]);
    expect(currentStateMarkers(words("when did production move to aws"))).toEqual([]);
    expect(currentStateMarkers(words("how many days until the release"))).toEqual([]);
  });
});
