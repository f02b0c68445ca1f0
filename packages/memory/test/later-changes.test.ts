// A question about the state before a change, and a change told by its new value alone (issue 32,
// the memory-states26 round; src/search/earlier-state.ts's lowerLaterChanges and
// src/search/replaced-values.ts's tellsChangeTo).
import { describe, expect, it } from "vitest";
import { laterStateTerms, lowerLaterChanges } from "../src/search/earlier-state";
import { tellsChangeTo } from "../src/search/replaced-values";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";
import { savedFact } from "./__fixtures__/stored-fact";

// Other notes, so that the question's words are as rare as in a memory of weeks.
const filler = Array.from({ length: 12 }, (_, day) =>
  savedFact(`fact-01${String(day).padStart(2, "0")}`, `Standup note ${day}`, `Bea and Lior in. Quiet day ${day}, drizzle.`, "2026-08-20T12:00:00Z"),
);

const groups = [
  savedFact("fact-0001", 'Fenna on group bookings: "minimum 10 people, one', 'Fenna on group bookings: "minimum 10 people, one payer, coach counts as one vehicle". Schools and coach tours mainly.', "2026-08-12T10:00:00Z"),
  savedFact("fact-0002", "Group bookings: minimum changed to 8 people (Fenna", "Group bookings: minimum changed to 8 people (Fenna, after a call with two schools).", "2026-09-17T10:00:00Z"),
  ...filler,
];

describe("the state before a change", () => {
  // Regression (memory holdout 13): the fact telling the new minimum shares the question's words
  // ("call", "schools") and won over the older fact holding the minimum asked for.
  it("answers with the older value, below it the change to the new one", async () => {
    const ranked = rankedIdsOver(groups);
    expect((await ranked("what was the minimum number of people for group bookings before the call with the schools")).slice(0, 2)).toEqual(["fact-0001", "fact-0002"]);
  });

  it("leaves a question about the present to the change", async () => {
    const ranked = rankedIdsOver(groups);
    expect((await ranked("what is the minimum number of people for group bookings now"))[0]).toBe("fact-0002");
  });

  it("lowers only the changes that do not name the value replaced", () => {
    const scores = [30, 15, 9];
    lowerLaterChanges(scores, (at) => at !== 1, (at) => at === 2);
    expect(scores).toEqual([20, 15, 9]);
  });
});

describe("an amount verb's object before the new figure", () => {
  // Regression (memory holdout 13, "what was the AWS budget alert before the election"): "lowered
  // the AWS budget alert to $50" was not read as a change.
  it("reads a change to a new figure after the verb's object", () => {
    const fact = (body: string) => savedFact("x", "Budget", body, "2026-11-13T09:00:00Z");
    expect(tellsChangeTo(fact("Yusuf lowered the AWS budget alert to $50."))).toBe(true);
    expect(tellsChangeTo(fact("We raised our daily cap to 40 bags."))).toBe(true);
    expect(tellsChangeTo(fact("The alert went off at 3am and Yusuf cut the power."))).toBe(false);
    expect(tellsChangeTo(fact("Yusuf lowered the blinds to read the 4 screens."))).toBe(false);
  });
});

describe("a clause in the past after before", () => {
  const words = (question: string) => question.toLowerCase().split(" ");

  it("names the later state by the clause's words but its verb and subject pronoun", () => {
    expect(laterStateTerms(words("how many minutes did a customer get to pay before we made holds longer"), [])).toEqual(["hold", "longer"]);
    expect(laterStateTerms(words("what was Kwame's job before he became an accountant"), [])).toEqual(["account"]);
    expect(laterStateTerms(words("how weak was the signal before the extra gateway went up"), [])).toEqual(["extra", "gatewai", "up"]);
  });

  it("leaves a clause in the present or a verb in -ing a prerequisite", () => {
    expect(laterStateTerms(words("how often does a lane run out before they pay"), [])).toBeUndefined();
    expect(laterStateTerms(words("what do I check before deploying"), [])).toBeUndefined();
  });

  const holds = [
    savedFact("fact-0001", "Holds complaints", "Marcus passes on complaints: customers on slow mobile signal lose their hold while paying on the ferry's wifi. Asked for longer holds.", "2026-07-24T09:00:00Z"),
    savedFact("fact-0002", "Holds now 20 minutes", "Decision: lane holds are 20 minutes, up from 12.\nWhy: customers on poor signal losing holds mid-payment (Marcus's complaints); 3DS adds a minute or two.\nHow to apply: HOLD_TTL_SECONDS=1200; Fenna agreed 24 July.", "2026-07-24T09:30:00Z", "decision"),
    savedFact("fact-0003", "Hold expiry rate", "Hold expiry since the 20-minute change: 4.2% of holds expire without payment, was 9% with 12 minutes.", "2026-08-11T09:00:00Z"),
    ...filler,
  ];

  // Regression (memory holdout 13): "we" after "before" was read as a prerequisite, so the
  // holds' own word stayed in the query and the complaint asking for longer holds won.
  it("answers with the fact holding the minutes, over the complaint asking for longer holds", async () => {
    const ranked = rankedIdsOver(holds);
    expect((await ranked("how many minutes did a customer get to pay before we made holds longer"))[0]).toBe("fact-0002");
  });
});
