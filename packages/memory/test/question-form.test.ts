// The question form as a tie-break between nearby facts (src/search/question-form.ts).
import { describe, expect, it } from "vitest";
import type { Fact, FactType } from "../src/index";
import { savedFact, storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver, rankedIdsOver } from "./__fixtures__/ranked-ids";
import { answersForm, questionForm } from "../src/search/question-form";
import { splitWords } from "../src/search/tokenize";

const formOf = (question: string) => questionForm(splitWords(question));

describe("question forms", () => {
  it("reads what kind of answer a question wants from its first words", () => {
    expect(formOf("how do we name queues")).toBe("practice");
    expect(formOf("how long do refresh tokens last")).toBe("amount");
    expect(formOf("how tall is the hedge allowed to grow")).toBe("amount");
    expect(formOf("why do we use RabbitMQ")).toBe("reason");
    expect(formOf("when may tracking scripts load")).toBe("time");
    expect(formOf("what is a SKU")).toBe("definition");
    expect(formOf("what does WMS mean")).toBe("definition");
    expect(formOf("can I print emails in logs")).toBe("rule");
    expect(formOf("who approves a pull request")).toBe("person");
    expect(formOf("so why is checkout slow")).toBe("reason");
  });

  it("reads whose as asking for a person, as typed for who's too", () => {
    expect(formOf("whose the practise manager")).toBe("person");
    expect(formOf("whose van is parked in bay 4")).toBe("person");
  });

  it("reads a question naming the date or day it wants as asking for a time", () => {
    expect(formOf("Dash op date?")).toBe("time");
    expect(formOf("date we got planning approval")).toBe("time");
    expect(formOf("what day did the frame finally turn up")).toBe("time");
    expect(formOf("in which day the fire officer came")).toBe("time");
    expect(formOf("how do I show dates in local time")).toBe("practice");
    expect(formOf("day rate for the plasterer")).toBeUndefined();
  });

  // Regression (memory rephrased20, "move-in date?", "what day was it the steriliser failed"): a
  // terse date question had no form, so the fact holding the date got no lift over one without.
  it("ranks the fact holding the date first for a terse date question", async () => {
    const ranked = rankedIdsOver([
      savedFact("fact-0001", "Ollie's wedding", "Ollie's wedding is on 14 June, at the barn by the river, Jonas is best man.", "2025-11-02T12:00:00Z"),
      savedFact("fact-0002", "Ollie's wedding speech", "Ollie's wedding speech is a nightmare.", "2025-12-02T12:00:00Z"),
    ]);
    expect(await ranked("Ollie wedding date")).toEqual(["fact-0001", "fact-0002"]);
  });

  it("leaves keyword searches and open what-questions without a form", () => {
    expect(formOf("queue naming")).toBeUndefined();
    expect(formOf("what search engine backs the catalog")).toBeUndefined();
  });

  it("tells which facts answer a form, from the title or the record of a reason or practice", () => {
    const fact = (type: FactType, title: string, body?: string) => storedFact("fact-0001", type, title, body);
    expect(answersForm(fact("constraint", "Tracking fires only after cookie consent"), "time")).toBe(true);
    expect(answersForm(fact("risk", "Third-party scripts doubled the storefront bundle"), "time")).toBe(false);
    expect(answersForm(fact("metric", "Checkout p95 latency budget is 800 ms"), "amount")).toBe(true);
    expect(answersForm(fact("decision", "Redis is the shared cache", "Why: one managed service."), "reason")).toBe(true);
    expect(answersForm(fact("convention", "Queue names follow service.event.v1"), "reason")).toBe(false);
    expect(answersForm(fact("glossary", "SKU means one sellable variant"), "definition")).toBe(true);
    expect(answersForm(fact("convention", "Every pull request needs one approving review from a code owner"), "person")).toBe(true);
  });
});

// Two facts on one topic that score alike: the newer (first) wins a plain tie, the older one
// answers the question's form. Gives the id ranked first for a query over the two.
function firstOfPair(newer: Fact, older: Fact): (query: string) => Promise<string | undefined> {
  return firstRankedIdOver([{ ...newer, created: "2026-02-01T00:00:00Z" }, older]);
}

describe("the question-form tie-break", () => {
  it("prefers the fact whose title answers when", async () => {
    const first = firstOfPair(
      storedFact("fact-0001", "convention", "Tracking scripts load in footer"),
      storedFact("fact-0002", "constraint", "Tracking scripts load after consent"),
    );
    expect(await first("tracking scripts load")).toBe("fact-0001");
    expect(await first("when do tracking scripts load")).toBe("fact-0002");
  });

  it("prefers the fact that records a reason for why, and a practice for how", async () => {
    const title = "Queue names follow the service name";
    const first = firstOfPair(storedFact("fact-0001", "risk", title), storedFact("fact-0002", "convention", title));
    expect(await first("queue names")).toBe("fact-0001");
    expect(await first("how do we name queues")).toBe("fact-0002");
    const firstOfReasons = firstOfPair(storedFact("fact-0003", "convention", "RabbitMQ carries events"), storedFact("fact-0004", "decision", "RabbitMQ carries events", "Why: ops already run it."));
    expect(await firstOfReasons("RabbitMQ events")).toBe("fact-0003");
    expect(await firstOfReasons("why RabbitMQ for events")).toBe("fact-0004");
  });

  // Regression (issue 32, the memory-words24 round: fact-0002 first before "whose" was read as asking for a person).
  it("prefers the fact naming a person for whose, as for who's", async () => {
    const first = firstOfPair(
      savedFact("fact-0001", "Front desk", "Marisol Vega runs reception and is practice manager too.", "2025-03-02T09:00:00Z"),
      savedFact("fact-0002", "The practice manager asked everyone", "The practice manager asked everyone to update their emergency contacts.", "2025-03-03T09:00:00Z"),
    );
    expect(await first("practice manager")).toBe("fact-0002");
    expect(await first("whose the practice manager")).toBe("fact-0001");
    expect(await first("who's the practice manager")).toBe("fact-0001");
  });

  it("prefers the definition for what-is, and leaves a clear winner alone", async () => {
    const title = "A SKU is one sellable variant";
    const first = firstOfPair(storedFact("fact-0001", "convention", title), storedFact("fact-0002", "glossary", title));
    expect(await first("SKU sellable variant")).toBe("fact-0001");
    expect(await first("what is a SKU")).toBe("fact-0002");
    const firstOfClearWinner = firstOfPair(storedFact("fact-0003", "convention", "SKU ids are stable across markets and SKU pages"), storedFact("fact-0004", "glossary", "Bundle means several products"));
    expect(await firstOfClearWinner("what is a SKU")).toBe("fact-0003");
  });
});
