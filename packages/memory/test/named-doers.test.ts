// "Who" questions asking who does something (issue 32, the memory-who26 round): a fact naming a
// person as the doer ("Deepak leads the Adyen migration", "his replacement will be Shona") comes
// before a fact sharing more of the question's words that names people only in passing
// (src/search/named-doers.ts).
import { describe, expect, it } from "vitest";
import { storedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { asksForDoer, namesDoer } from "../src/search/named-doers";

const ranked = rankedIdsOver([
  storedFact("fact-0001", "domain", "Moving to Adyen", "Decision: the payment provider changes to Adyen by September; Marta reviews the contract."),
  storedFact("fact-0002", "domain", "Who is on the Adyen work", "Deepak leads the payment provider switch; Lior does the web component."),
  storedFact("fact-0003", "domain", "Office plants", "The plants on the second floor are watered on Mondays."),
]);

describe("who does the asked thing", () => {
  // Regression: the decision naming the switch, with Marta in passing, came first.
  it("puts the fact naming the doer first for a who-question in the present", async () => {
    expect(await ranked("who is running the payment provider switch")).toEqual(["fact-0002", "fact-0001"]);
  });

  it("leaves a who-question about a past act and a question of another form to the plain ranking", async () => {
    expect(await ranked("who reviewed the payment provider switch")).toEqual(["fact-0001", "fact-0002"]);
    expect(await ranked("payment provider switch")).toEqual(["fact-0001", "fact-0002"]);
  });

  it("reads a name or pronoun taking something on, and a role given a name, as naming the doer", () => {
    const fact = (body: string) => storedFact("fact-0009", "domain", "Note", body);
    expect(namesDoer(fact("Deepak leads the Adyen migration."))).toBe(true);
    expect(namesDoer(fact("Hattie Lund, the trainee on the desk, will do keying on the night."))).toBe(true);
    expect(namesDoer(fact("Priya: Ama's away, I'm on canopy."))).toBe(true);
    expect(namesDoer(fact("Marcus retiring. His replacement at Portavadie will be Shona MacRae."))).toBe(true);
    expect(namesDoer(fact("Reminder: VetCall 24 takes over nights from 1 May."))).toBe(true);
    expect(namesDoer(fact("Kwame on graphics, Duncan in charge."))).toBe(true);
    expect(namesDoer(fact("Dry run: Dom phoned 2 results; Hattie keyed them."))).toBe(false);
    expect(namesDoer(fact("Sunita started today. Priya to walk her through the dashboard."))).toBe(false);
    expect(namesDoer(fact("Adyen handles the card terminals too."))).toBe(false);
  });

  it("asks for a doer unless a past verb follows who", () => {
    expect(asksForDoer(["who", "is", "keying", "results"])).toBe(true);
    expect(asksForDoer(["who", "s", "the", "photographer"])).toBe(true);
    expect(asksForDoer(["who", "covers", "nights"])).toBe(true);
    expect(asksForDoer(["who", "handled", "the", "outage"])).toBe(false);
    expect(asksForDoer(["who", "dealt", "with", "it"])).toBe(false);
    expect(asksForDoer(["who", "did", "the", "keying"])).toBe(false);
    expect(asksForDoer(["what", "is", "the", "plan"])).toBe(false);
  });
});
