// What someone thinks or said (issue 32, the memory-steps26 round; src/search/stated-views.ts):
// the verb of saying frames the question, any word telling a view meets it, and a fact telling
// the view of the person asked about is lifted over facts that only name the person.
import { describe, expect, it } from "vitest";
import { askFrameWords, viewFrameWords, viewHolders } from "../src/search/stated-views";
import { splitWords } from "../src/search/tokenize";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

const words = (question: string) => splitWords(question);

describe("a question asking what someone thinks or said", () => {
  // Regression (memory holdout 13, "what did Sol say about the geographic map"): a fact where Sol
  // "says" something about another map matched the frame word and won over Sol's view on the
  // geographic map, told with "wants".
  it("meets the frame word with any word telling a view", async () => {
    const facts = [
      savedFact("fact-0001", "Sol says the old map was hard to read", "Sol says the 2021 map was \"a crime against colour-blind people\".", "2026-09-17T09:00:00Z"),
      savedFact("fact-0002", "Sol wants the hexagon cartogram", "Sol wants the hexagon cartogram as the main graphic, not the geographic map.", "2026-09-10T09:00:00Z"),
      savedFact("fact-0003", "Boundaries file", "Geographic boundaries file simplified to 180 KB.", "2026-09-11T09:00:00Z"),
    ];
    expect(await rankedIdsOver(facts)("what did Sol say about the geographic map")).toEqual(["fact-0002", "fact-0001", "fact-0003"]);
  });

  // Regression (memory holdout 13, "what does the night editor think of Slack"): the fact naming
  // the person and the topic's word won over the one telling the person's view.
  it("lifts the view of the person asked about over a fact naming the person", async () => {
    const facts = [
      savedFact("fact-0001", "Duncan on election night", "Duncan Frew runs the night desk; Slack channel #results is his.", "2026-09-07T09:00:00Z"),
      savedFact("fact-0002", "Phones on the night", "Duncan prefers phone calls to Slack on the night. \"Slack is where messages go to die.\"", "2026-09-10T09:00:00Z"),
    ];
    expect(await rankedIdsOver(facts)("what does Duncan think of Slack")).toEqual(["fact-0002", "fact-0001"]);
    expect(await rankedIdsOver(facts)("Duncan Slack")).toEqual(["fact-0001", "fact-0002"]);
  });

  // Regression (memory holdout 13, "what did the head grower ask about muting alerts"): what
  // someone asked is often a quoted question; facts saying "asked" about other matters won.
  it("drops a frame word of asking and lifts the asker's own note", async () => {
    const facts = [
      savedFact("fact-0001", "Rhiannon asked about missing data", "Sunita: Rhiannon asked about the missing data in GH5, a server log issue.", "2026-04-28T09:00:00Z"),
      savedFact("fact-0002", "Texts for the grower", "Rhiannon asked for alerts by SMS when a glasshouse goes dry.", "2026-02-19T09:00:00Z"),
      savedFact("fact-0003", "Too many texts", "Rhiannon: got 14 texts last night, the benches were dry on purpose. \"Can I mute a glasshouse?\"", "2026-03-12T09:00:00Z"),
      savedFact("fact-0004", "Server alerts", "Grafana alerts for the box: disk over 80%, no uplinks for an hour.", "2026-02-11T09:00:00Z"),
    ];
    expect((await rankedIdsOver(facts)("what did Rhiannon ask about muting alerts"))[0]).toBe("fact-0003");
  });

  // Regression (memory holdout 13, "what's Oksana's advice when the client asks for a delivery
  // date"): the date noun made it a "when" question, lifting a fact holding dates.
  it("asks for a view, not a date, when the question names a date", async () => {
    const facts = [
      savedFact("fact-0001", "Oksana away 13–17 July", "Oksana is away 13–17 July at a family wedding; the client gets Deepak while she's away.", "2026-06-30T09:00:00Z"),
      savedFact("fact-0002", "Oksana on estimates", "Oksana: \"don't give the client dates, give ranges.\"", "2026-06-17T09:00:00Z"),
    ];
    expect(await rankedIdsOver(facts)("what's Oksana's advice when the client asks for a delivery date")).toEqual(["fact-0002", "fact-0001"]);
  });

  it("reads the frame words, and none when the asker's own belief is asked", () => {
    expect(["what did Sol say about the map", "what does the night editor think of Slack", "what's Oksana's advice", "what did we think the hall cost", "who said that", "what did Rhiannon ask about muting"].map((question) => viewFrameWords(words(question)))).toEqual([["say"], ["think"], ["advice"], [], [], ["ask"]]);
    expect([askFrameWords(words("what did Rhiannon ask about muting")), askFrameWords(words("what did Sol say about the map"))]).toEqual([["ask", "about"], []]);
  });

  it("reads whose view a fact tells", () => {
    const holders = (title: string, body: string) => [...viewHolders(savedFact("fact-0001", title, body, "2026-01-01T00:00:00Z"))].sort();
    expect([
      holders("Margit doesn't want a projected seats number", "\"We report results.\""),
      holders("Dorothy still thinks so", "Dorothy made the same point again."),
      holders("Corner shop", "According to Dorothy Price (over breakfast), it closes too early."),
      holders("Oksana on estimates", "Ranges, not dates."),
      holders("Kickoff", "Rhiannon: got 14 texts last night."),
      holders("Night editor", "Duncan Frew is night editor; he decides what goes on the homepage."),
    ]).toEqual([["margit"], ["dorothi"], ["dorothi", "price"], ["oksana"], ["rhiannon"], []]);
  });
});
