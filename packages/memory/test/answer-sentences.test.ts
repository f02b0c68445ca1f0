// "When" and "who" questions over facts with dates and people (issue 32): the fact whose
// sentence holds the date or the person's name beside the question's words comes first
// (src/search/answer-sentences.ts).
import { describe, expect, it } from "vitest";
import type { FactType } from "../src/index";
import { storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";
import { answersInSentence } from "../src/search/answer-sentences";

// Facts of one team's memory, as in bench/conversation-facts.json: on each topic, one fact says
// when something happened, another who owns it, a third a rule or a figure.
const first = firstRankedIdOver([
  storedFact("fact-0001", "decision", "Clusters upgraded to Kubernetes 1.31", "Both production clusters run Kubernetes 1.31 since the upgrade on 21 August 2026."),
  storedFact("fact-0002", "domain", "Ahmed Hassan runs the Kubernetes platform", "Ahmed Hassan owns the clusters, the ingress and the node pools; capacity requests go to him."),
  storedFact("fact-0003", "decision", "Feature flags moved to Unleash", "We replaced our home-made flag table with Unleash on 9 July 2026."),
  storedFact("fact-0004", "convention", "Stale feature flags are removed after 30 days", "A flag fully rolled out for 30 days is removed from the code in the next sprint."),
  storedFact("fact-0005", "decision", "Design system 2.0 adopted", "All web apps use design system 2.0 since the migration finished on 18 June 2026; the old component library is frozen."),
  storedFact("fact-0006", "domain", "Emma Clarke maintains the design system", "Emma Clarke owns the component library and the Figma kit; new components are proposed to her."),
]);

// A second team's facts, with the tags of bench/conversation-facts.json.
const taggedFact = (id: string, type: FactType, title: string, body: string, tags: string[]) => ({ ...storedFact(id, type, title, body), tags });
const top = firstRankedIdOver([
  taggedFact("fact-0001", "decision", "Customer data deleted after 24 months of inactivity", "Accounts inactive for 24 months are anonymised; legal approved the policy on 12 December 2025.", ["legal", "privacy"]),
  taggedFact("fact-0002", "domain", "Katrin Vogel is the data protection officer", "Katrin Vogel is our data protection officer; every new processor and every data export request goes through her.", ["legal", "privacy"]),
  taggedFact("fact-0003", "constraint", "Code freeze from 20 December to 6 January", "No production deploys between 20 December 2026 and 6 January 2027 except hotfixes approved by the on-call lead.", ["release", "freeze"]),
  taggedFact("fact-0004", "decision", "CI moved from Jenkins to GitHub Actions", "The last Jenkins job was turned off on 20 May 2026; every pipeline now runs on GitHub Actions.", ["ci", "build"]),
  taggedFact("fact-0005", "constraint", "SendGrid contract ends on 31 March 2026", "The SendGrid account closes on 31 March 2026; anything still sending through it then will bounce.", ["vendor", "email"]),
  taggedFact("fact-0006", "decision", "Feature flags moved to Unleash", "We replaced our home-made flag table with Unleash on 9 July 2026.", ["flags", "tooling"]),
]);

describe("when and who questions", () => {
  // Regression: the fact sharing the topic's words in its title (the upgrade, the rule about
  // stale flags) came first, though it names no person / gives no date for the question's words.
  it("puts the fact naming a person beside the question's words first for who", async () => {
    expect(await first("who runs the clusters")).toBe("fact-0002");
    expect(await first("who is responsible for the design system")).toBe("fact-0006");
  });

  it("puts the fact with a date beside the question's words first for when", async () => {
    expect(await first("when did feature flags change")).toBe("fact-0003");
  });

  it("leaves keyword searches and other questions to the plain ranking", async () => {
    expect(await first("kubernetes clusters upgrade")).toBe("fact-0001");
    expect(await first("stale feature flags")).toBe("fact-0004");
  });

  // Regression (issue 32, the round after holdout 7): a fact sharing the question's words but
  // naming no person came first, and a date the question names counted only as loose numbers.
  it("prefers a fact naming a person for who over one sharing the words without a name", async () => {
    expect(await top("who deals with privacy")).toBe("fact-0002");
  });

  it("prefers the fact naming the date a question names, however either writes it", async () => {
    expect(await top("what happened on 20/05/2026")).toBe("fact-0004");
    expect(await top("anything notable on the 9th of July 2026")).toBe("fact-0006");
    expect(await top("what changed on 2026-07-09")).toBe("fact-0006");
  });

  it("needs the date or name in a sentence holding one of the question's words", () => {
    const fact = (type: FactType, title: string, body: string) => storedFact("fact-0009", type, title, body);
    const split = fact("decision", "Search moved to OpenSearch", "The cluster was resized. The migration ended on 27 January 2026.");
    expect(answersInSentence(split, "time", new Set(["migrat"]))).toBe(true);
    expect(answersInSentence(split, "time", new Set(["cluster"]))).toBe(false);
    expect(answersInSentence(split, "person", new Set(["migrat"]))).toBe(false);
    expect(answersInSentence(fact("domain", "Lena Fischer owns the database", "Ask her first."), "person", new Set(["databas"]))).toBe(true);
    expect(answersInSentence(split, "reason", new Set(["migrat"]))).toBe(false);
  });
});
