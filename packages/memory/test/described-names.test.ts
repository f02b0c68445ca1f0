// Names a memory describes (issue 32, session 34's memory round): a fact introduces a client or a
// product with a short description ("Larchmont: a bike-repair booking app (iOS only).") and later
// facts name only the name, while a question uses the description ("the bike repair app"). Memory
// holdout 16's misses were of this kind ("who is the owner of the yarn shop", "how do I run the
// end-to-end tests for the dog walking app"); these facts are written in other words
// (src/search/described-names.ts, src/search/role-names.ts).
import { describe, expect, it } from "vitest";
import { descriptionsIn } from "../src/search/described-names";
import { buildSearchIndex } from "../src/search/incremental-index";
import { resolveRoles } from "../src/search/role-names";
import { storedFact } from "./__fixtures__/stored-fact";
import { rankedIdsOver } from "./__fixtures__/ranked-ids";

const facts = [
  storedFact("fact-0001", "domain", "Clients", "Two clients this year: Larchmont (bike repair shop) and Quillon (parcel tracking)."),
  storedFact("fact-0002", "domain", "Larchmont repo", "Larchmont: bike-repair booking app (iOS only). Repo larchmont/app; site larchmont.co.uk."),
  storedFact("fact-0003", "domain", "Larchmont contact", "The owner of Larchmont is Aiko Mori; she answers email in the evenings."),
  storedFact("fact-0004", "domain", "Shop owners", "Most shop owners in the co-working space use a paper diary; the owner of the cafe wants one too."),
  storedFact("fact-0005", "domain", "Norrvik", "Norrvik Freight (Swedish haulier, office in Hull) wants weekly invoices."),
  storedFact("fact-0006", "domain", "Norrvik invoices", "Invoices to Norrvik need the purchase order in the reference field or their accounts team rejects them."),
  storedFact("fact-0007", "domain", "Invoice format", "Every invoice is a PDF from the accounts tool; rejected ones go to the shared inbox."),
  storedFact("fact-0008", "decision", "Router decision", "Decision: keep the old router. The new one drops the VPN."),
  storedFact("fact-0009", "domain", "Router notes", "The decision on the router came after two outages; a decision log lives in the wiki."),
  storedFact("fact-0010", "domain", "Quiet spell", "March: quiet month for orders."),
  // March is written as a name inside sentences too: only the calendar list keeps it out.
  storedFact("fact-0011", "domain", "Orders", "Orders fell in March; we met Tim in March about it."),
  // "Summary" is capitalised inside a sentence once and written in lower case once: not twice as often.
  storedFact("fact-0012", "domain", "Weekly notes", "Summary: weekly numbers report. Sent the Summary to Tim; the summary is short."),
];
const ranked = rankedIdsOver(facts);

describe("names the memory describes", () => {
  it("reads a name with its description in parentheses, after a colon or after a dash", () => {
    expect(descriptionsIn("Two clients: Larchmont (bike repair shop) and Quillon (parcel tracking, Android).")).toEqual([
      { name: "Larchmont", description: "bike repair shop" },
      { name: "Quillon", description: "parcel tracking" },
    ]);
    expect(descriptionsIn("Larchmont: bike-repair booking app (iOS only).")).toEqual([{ name: "Larchmont", description: "bike-repair booking app" }]);
    expect(descriptionsIn("Aiko Mori — owner, answers email.")).toEqual([{ name: "Aiko", description: "owner Mori" }]);
    // The name's later words describe it too: "the freight company".
    expect(descriptionsIn("Norrvik Freight (Swedish haulier, office in Hull)")).toEqual([{ name: "Norrvik", description: "Swedish haulier Freight" }]);
    // A clause after a colon is no description: "Aiko: the invoice went out late again today."
    expect(descriptionsIn("Aiko: the invoice went out late again today.")).toEqual([]);
    // A title ends with no stop.
    expect(descriptionsIn("Larchmont: bike-repair booking app")).toEqual([{ name: "Larchmont", description: "bike-repair booking app" }]);
    expect(descriptionsIn("Aiko Mori — owner")).toEqual([{ name: "Aiko", description: "owner Mori" }]);
    // A line of chat after a name and a colon is no description: it holds a past form.
    expect(descriptionsIn("Mia: sent the invoice.")).toEqual([]);
    expect(descriptionsIn("Mia: checked invoice.")).toEqual([]);
  });

  it("resolves a question's description to the name the facts give it", () => {
    const index = buildSearchIndex(facts);
    expect(resolveRoles(index, "who owns the bike repair shop")).toEqual([{ roleStem: "bike", nameStem: "larchmont", described: true }]);
    expect(resolveRoles(index, "what does the freight company need on an invoice")).toEqual([{ roleStem: "freight", nameStem: "norrvik", described: true }]);
  });

  it("resolves no heading or month to a name ('Decision: keep the old router.', 'March: quiet month')", () => {
    const index = buildSearchIndex(facts);
    expect(resolveRoles(index, "why did we keep the old router")).toEqual([]);
    expect(resolveRoles(index, "what happened in the quiet month")).toEqual([]);
    // "Summary" is written capitalised inside a sentence as often as in lower case: a heading.
    expect(resolveRoles(index, "where is the weekly numbers report")).toEqual([]);
  });

  // Regression (review): a heading's description outvoted the person a role names, and nothing resolved.
  it("lets no heading outvote the person a role names", () => {
    const index = buildSearchIndex([
      storedFact("fact-0001", "domain", "Treasurer", "From the AGM: Ingrid is the new treasurer."),
      storedFact("fact-0002", "domain", "AGM", "Update: new treasurer elected. An update went to everyone; the update was short."),
      storedFact("fact-0003", "domain", "Bike", "Ingrid cycles in; we thanked Ingrid for the books."),
    ]);
    expect(resolveRoles(index, "what did the treasurer pay")).toEqual([{ roleStem: "treasur", nameStem: "ingrid" }]);
  });

  // Regression (review): a run of spaces took quadratic time in the description pattern (9 s for
  // 20,000 spaces in one fact) and in the name test's lookbehind.
  it("reads a fact holding a long run of spaces in linear time", () => {
    const spaces = " ".repeat(100_000);
    const long = [
      storedFact("fact-0001", "domain", "Spaces", `Kwame — invoice${spaces}!`),
      storedFact("fact-0002", "domain", "More spaces", `Ab: c${spaces}! Kwame${spaces}x Kwame — invoice clerk, sends it.`),
      storedFact("fact-0003", "domain", "Kwame", "We asked Kwame about it; Kwame said yes."),
    ];
    expect(descriptionsIn(long[0]!.body)).toEqual([]);
    expect(resolveRoles(buildSearchIndex(long), "who is the invoice clerk")).toEqual([{ roleStem: "invoic", nameStem: "kwame", described: true }]);
  });

  // Regression: the note on shop owners in general, holding "owner" and "shop", came first.
  it("answers a question naming the description with the fact naming only the name", async () => {
    expect((await ranked("who is the owner of the bike repair shop"))[0]).toBe("fact-0003");
  });

  // Regression: the company-wide invoice note, holding "invoice" and "rejected", came first.
  it("reads the name's own later words as description ('the freight company' ~ Norrvik Freight)", async () => {
    expect((await ranked("what must be on an invoice to the freight company so they don't reject it"))[0]).toBe("fact-0006");
  });
});
