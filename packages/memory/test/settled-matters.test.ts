// The step of a thread a choice question asks for, read from the fact's words (issue 32, the
// memory-steps26 round; src/search/settled-matters.ts): a fact settling the matter in other words
// than a choice verb is lifted, a fact only telling a view or proposal falls a little, and the
// phrase asking for the outcome ("end up") is no topic.
import { describe, expect, it } from "vitest";
import { onlyProposes, outcomePhraseWords, settlesMatter } from "../src/search/settled-matters";
import { splitWords } from "../src/search/tokenize";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

describe("a choice question and the step that settled the matter", () => {
  // Regression (memory holdout 13, "did we end up moving the web app to tailwnd"): the view that
  // raised the matter and a decision holding "end" ("by end of September") won over the fact
  // settling it with "settled by … staying on".
  it("lifts the settling fact over the view and drops the outcome phrase's words", async () => {
    const facts = [
      savedFact("fact-0001", "Lior's view on Tailwind: wants to move the web app", "Lior's view on Tailwind: wants to move the web app from SCSS modules to Tailwind. Bea is against. Parked.", "2026-08-06T09:00:00Z"),
      savedFact("fact-0002", "Tailwind for the web app settled by Tomasz", "Tailwind question settled by Tomasz: staying on SCSS modules.", "2026-09-23T09:00:00Z"),
      savedFact("fact-0003", "Payments", "Decision: we move card payments to Adyen by end of September.", "2026-06-09T09:00:00Z", "decision"),
    ];
    expect(await rankedIdsOver(facts)("did we end up moving the web app to Tailwind")).toEqual(["fact-0002", "fact-0001", "fact-0003"]);
  });

  // Regression (memory holdout 13, "are we going to read the photographed declaration sheets
  // automatically next time"): the retro's question answered with "Margit: no" is the outcome.
  it("reads a question answered in the note as settling it", async () => {
    const facts = [
      savedFact("fact-0001", "Keying time", "Photographed declaration sheets took 2 min 40 s to publish, keyed by hand; the scraper read the rest.", "2026-11-09T09:00:00Z"),
      savedFact("fact-0002", "Retro", "Retro: OCR for photographed declaration sheets? Margit: no, too risky.", "2026-11-09T10:00:00Z"),
      savedFact("fact-0003", "Count centres", "Three count centres: Harrogate, Ilkley and Otley.", "2026-09-08T09:00:00Z"),
      savedFact("fact-0004", "Homepage", "Gemma owns the homepage layouts.", "2026-10-05T09:00:00Z"),
    ];
    expect(await rankedIdsOver(facts)("are we going to read the photographed declaration sheets automatically next time")).toEqual(["fact-0002", "fact-0001"]);
  });

  it("reads settling, proposing and the outcome phrase from plain words", () => {
    const fact = (body: string) => savedFact("fact-0001", "Note", body, "2026-01-01T00:00:00Z");
    expect(["Settled by Tomasz: staying on SCSS.", "Sol is in on the night after all.", "OCR next time? Margit: no.", "Prices keep going up.", "Sol wants the cartogram."].map((body) => settlesMatter(fact(body)))).toEqual([true, true, true, false, false]);
    expect([onlyProposes(fact("Sol wants the cartogram."), false), onlyProposes(fact("Sol wants the cartogram."), true), onlyProposes(fact("Greta said she got a tattoo."), false), onlyProposes(fact("Sol wants it, settled."), false)]).toEqual([true, false, false, false]);
    expect(["did we end up moving", "where are we going in the end", "what did we pick"].map((question) => outcomePhraseWords(splitWords(question)))).toEqual([["end", "up"], ["in", "the", "end"], []]);
  });
});
