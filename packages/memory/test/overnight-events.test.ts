// A note saying a thing happened "overnight" is dated (issue 32, the memory-tune23 round;
// text-analysis's relative-dates.ts): it tells of the night before the day it was saved, as "last
// night" does, so a "when" question finds it as a fact holding its answer's kind, over the
// next day's note that names a day of its own ("part ordered yesterday").
import { describe, expect, it } from "vitest";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";
import { DATE_TERMS_FORMAT, dateTermsOfFact } from "../src/search/date-terms";

const quietDays = Array.from({ length: 12 }, (_, day) =>
  savedFact(`fact-01${String(day).padStart(2, "0")}`, `Rota note ${day}`, `Sian and Tom in. Quiet day ${day}, drizzle.`, "2026-01-20T12:00:00Z"),
);

describe("a thing that happened overnight", () => {
  it("names the night before the day the note was saved, and saved indexes of the older date terms are rebuilt", () => {
    const note = savedFact("fact-0001", "Heating", "Heating in the kennel room packed up overnight.", "2026-01-27T08:30:00Z");
    expect([...dateTermsOfFact(note)].sort()).toEqual(["~2026-01", "~2026-01-26", "~2026-01-27"]);
    expect(DATE_TERMS_FORMAT).toBe("date-terms-4");
  });

  // Regression (memory holdout 12, "when did the kennels go cold because the heating died"): the
  // note of the breakdown held no day it could be dated by, so later notes holding one won.
  it("answers a when question over later notes that name a day", async () => {
    const ranked = rankedIdsOver([
      savedFact("fact-0001", "Heating", "Heating in the kennel room packed up overnight. Kennel temp 11°C first thing, we put the heated pads in.", "2026-01-27T08:30:00Z"),
      savedFact("fact-0002", "Plumber booked for tomorrow about the kennel room radiator", "Plumber booked for tomorrow about the kennel room radiator.", "2026-01-27T10:00:00Z"),
      savedFact("fact-0003", "New pump fitted this morning, radiators warm", "New pump fitted this morning, radiators warm again in the kennels. The bill was £340.", "2026-01-30T12:00:00Z"),
      savedFact("fact-0004", "Boiler", "Plumber says the boiler pump has gone, part ordered yesterday. Fan heaters out till then.", "2026-01-28T12:00:00Z"),
      ...quietDays,
    ]);
    expect((await ranked("when did the kennels go cold because the heating died")).slice(0, 4)).toEqual(["fact-0001", "fact-0004", "fact-0002", "fact-0003"]);
  });
});
