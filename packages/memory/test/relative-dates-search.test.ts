// Conversational facts whose time is said relative to when they were said (issue 32, the
// search-memory8 round): "yesterday", "two days ago", "last Sunday" are resolved against the
// fact's created day, so a "when" question lifts them like a written date, and a question naming
// the day finds them through the facts' date terms even with no word in common
// (src/search/date-terms.ts, src/search/answer-sentences.ts).
import { describe, expect, it } from "vitest";
import { savedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver, rankedIdsOver } from "./__fixtures__/ranked-ids";
import { answersInSentence, holdsAnswerKind, namesDate } from "../src/search/answer-sentences";

const facts = [
  savedFact("fact-0001", "Staging cluster rebuilt", "Tomasz Wolski rebuilt the staging cluster yesterday after the disk failure; everything is green again.", "2025-02-12T16:00:00Z"),
  savedFact("fact-0002", "Staging cluster created", "The staging cluster was first set up on 3 June 2024 by Marek Nowicki.", "2024-06-03T16:00:00Z"),
  savedFact("fact-0003", "Payment outage postmortem", "The payment outage happened two days ago; Ines Duarte is writing the postmortem this week.", "2025-02-20T16:00:00Z"),
  savedFact("fact-0004", "Certificate expiry", "The wildcard certificate expired last Sunday and took the status page down for an hour.", "2026-01-14T16:00:00Z"),
  savedFact("fact-0005", "Payment provider contract", "The payment provider contract was signed on 9 January 2025 by Helen Park.", "2025-01-09T16:00:00Z"),
  savedFact("fact-0006", "Support escalations go to Liam O'Brien", "Liam O'Brien leads customer support; bugs reported by three customers go to the on-call engineer.", "2025-11-12T16:00:00Z"),
  savedFact("fact-0007", "Support answers within 4 hours", "First response time is 4 hours on weekdays and 12 hours at weekends.", "2025-11-12T16:00:00Z"),
];
const ranked = rankedIdsOver(facts);
const top = firstRankedIdOver(facts);

describe("relative dates in conversational facts", () => {
  // Regression: the fact with a written date got the "when" lift and the one saying
  // "yesterday" did not, so the older fact on the same cluster came first.
  it("lifts a fact saying yesterday for a when question like one with a written date", async () => {
    expect(await top("when was the staging cluster rebuilt")).toBe("fact-0001");
    const fact = savedFact("fact-0009", "Staging cluster rebuilt", "Tomasz rebuilt the staging cluster yesterday.", "2025-02-12T16:00:00Z");
    expect(holdsAnswerKind(fact, "time")).toBe(true);
    expect(answersInSentence(fact, "time", new Set(["rebuilt"]))).toBe(true);
    expect(namesDate(fact, [{ year: 2025, month: 2, day: 11 }])).toBe(true);
  });

  // Regression: a fact sharing no word with the question was no candidate at all.
  it("finds the fact of the day a question names, said relative to its created day", async () => {
    expect(await top("what happened on 11 February 2025")).toBe("fact-0001");
    expect(await top("what went wrong on 18 February 2025")).toBe("fact-0003");
    expect(await top("what broke on 11 January 2026")).toBe("fact-0004");
  });

  it("still finds a written date the question names", async () => {
    expect(await top("what did we sign on 2025-01-09")).toBe("fact-0005");
  });

  // Regression: a year one digit away counted as a typo of the asked one (2025 for 2026), so the
  // contract of 9 January 2025 came before the certificate that expired on 11 January 2026.
  it("does not take a number one digit away for a typo", async () => {
    expect(await ranked("2026")).toEqual([]);
  });

  // Regression: "responsible" met no word of "Liam O'Brien leads customer support".
  it("reads responsible as leads and owns", async () => {
    expect(await top("who is responsible for support")).toBe("fact-0006");
  });
});
