// Values a newer fact says were replaced (issue 32, the search-memory17 round): "the destination
// changed from a cabin in Norway to a beach house in Portugal" answers "where is the group holiday
// going", not the older pick of the cabin that holds more of the question's words
// (src/search/replaced-values.ts).
import { describe, expect, it } from "vitest";
import { savedFact, storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver, rankedIdsOver } from "./__fixtures__/ranked-ids";
import { replacedValues } from "../src/search/replaced-values";

// As chat keeps it: a pick, then a change of plan, nothing linking the two; details restated.
const first = firstRankedIdOver([
  savedFact("fact-0001", "The group holiday: a cabin in Norway", "After a vote we went with a cabin in Norway for the group holiday; Elena sorted out the details.", "2024-08-02T12:00:00Z", "decision"),
  savedFact("fact-0002", "Change of plan for the group holiday", "On 10 September the destination for the group holiday changed from a cabin in Norway to a beach house in Portugal because Tobias found a problem.", "2024-09-10T12:00:00Z", "decision"),
  savedFact("fact-0003", "Frank drives a blue Toyota hybrid", "Frank drives a blue Toyota hybrid, Frank told everyone.", "2024-12-21T12:00:00Z"),
  savedFact("fact-0004", "Frank's car changed", "Frank said it is no longer a blue Toyota hybrid: now Frank drives a white van.", "2025-04-17T12:00:00Z"),
  savedFact("fact-0005", "Ravi codes in VS Code", "Ravi Shah codes in VS Code, Ravi told everyone.", "2024-12-06T12:00:00Z"),
  savedFact("fact-0006", "Hannah's editor changed", "Hannah said that it is no longer VS Code: now Hannah codes in Emacs.", "2025-05-21T12:00:00Z"),
]);

describe("values a newer fact says were replaced", () => {
  // Regression: the older pick and the older detail, holding more of the question's words, came first.
  it("puts the newer fact telling the change above the older one holding the replaced value", async () => {
    expect(await first("where is the group holiday going")).toBe("fact-0002");
    expect(await first("what car does Frank drive these days")).toBe("fact-0004");
    expect(await first("what does Frank drive")).toBe("fact-0004");
  });

  it("leaves the older fact first when the question names the replaced value or asks for an earlier state", async () => {
    expect(await first("when did we vote for the cabin in Norway")).toBe("fact-0001");
    expect(await first("what did Frank drive originally")).toBe("fact-0003");
  });

  it("does not let one person's change demote another person's detail", async () => {
    expect(await first("what editor does Ravi code in")).toBe("fact-0005");
  });

  it("reads the replaced value and its successor from the ways a change is told", () => {
    const values = (body: string) => replacedValues(storedFact("fact-0009", "domain", "A change", body)).map(({ old, successor }) => [old, successor]);
    expect(values("The summer holiday moved from Crete to the Alps campsite because the flights got too expensive.")).toEqual([[["crete"], ["alp", "campsit"]]]);
    expect(values("Update from Wen: no longer a hairdresser; Wen works as a taxi driver these days.")).toEqual([[["hairdress"], []]]);
    expect(values("Wen works as a taxi driver now, not a hairdresser any more.")).toEqual([[["hairdress"], []]]);
    expect(values("The party is now the Turkish grill instead of the steak place, since the oven broke.")).toEqual([[["steak", "place"], ["turkish", "grill"]]]);
    expect(values("Mira was in Vienna from 14 March to 18 March for a long weekend.")).toEqual([]);
  });

  // Memory-tune19 round: "used to", "after all, not" and "fell through" tell a change as plainly.
  it("reads a value that used to hold, a plan taken back and a plan that fell through", () => {
    const values = (body: string) => replacedValues(storedFact("fact-0009", "domain", "A change", body)).map(({ old, successor }) => [old, successor]);
    expect(values("Noor commutes by tram; she used to cycle along the canal.")).toEqual([[["cycl", "along", "canal"], []]]);
    expect(values("The office used to be on Mill Street, before the lease ran out.")).toEqual([[["mill", "street"], []]]);
    expect(values("The retreat will be in Porto after all, not Lisbon, because of the prices.")).toEqual([[["lisbon"], ["porto"]]]);
    expect(values("The quiz night fell through, so we are doing karaoke.")).toEqual([[["quiz", "night"], []]]);
    expect(values("Dinner was booked, but the boat trip on the lake fell through.")).toEqual([[["boat", "trip", "lake"], []]]);
  });

  // Regression (memory holdout 11, "where is the training camp going to be"): the older pick held
  // the question's words as well and, being the plain statement, came first.
  it("puts a plan taken back or fallen through above the older pick", async () => {
    const planIds = rankedIdsOver([
      savedFact("fact-0001", "Team retreat venue", "We booked a villa in Lisbon for the team retreat in June.", "2025-02-01T12:00:00Z", "decision"),
      savedFact("fact-0002", "Retreat update", "The team retreat will be in Porto after all, not a villa in Lisbon, because the prices went up.", "2025-03-01T12:00:00Z"),
      savedFact("fact-0003", "Friday social", "For the Friday social we settled on a quiz night at the Crown.", "2025-02-03T12:00:00Z", "decision"),
      savedFact("fact-0004", "Social plans", "The quiz night at the Crown fell through, so it is karaoke on Friday.", "2025-03-04T12:00:00Z"),
    ]);
    expect(await planIds("where is the team retreat")).toEqual(["fact-0002", "fact-0001"]);
    expect(await planIds("what is on for the Friday social")).toEqual(["fact-0004", "fact-0003"]);
  });
});
