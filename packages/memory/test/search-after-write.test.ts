// The search right after a change answers exactly as a fresh index of the same facts (session 35):
// what ranking keeps beside a live index — the length norms (readied per position), the written
// forms by first letter, each role word's mentions and each described name's verdict (kept per
// term until a fact holding the term comes or goes), the new fact's lift features (worked out by
// the write) — must follow every write, supersede, hand edit and deletion. A live memory is asked
// every question before each change, so a value kept from before it would show; a memory with no
// cache, reading every file, is the fresh index it must equal, text and scores alike.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore, serializeFact } from "../src/index";
import type { Fact } from "../src/index";
import { storedFact } from "./__fixtures__/stored-fact";
import { makeTempRoot } from "./__fixtures__/temp-root";

const initial: Fact[] = [
  storedFact("fact-0001", "domain", "Lease review", "Sam Okafor, our lawyer, went through the lease for the new unit with us."),
  storedFact("fact-0002", "domain", "Sam on the break clause", "Sam thought the break clause was far too weak and wants it rewritten."),
  storedFact("fact-0003", "domain", "Priya on the break clause", "Priya thinks the break clause is fine and the lawyer is being careful."),
  storedFact("fact-0004", "domain", "New treasurer", "From the AGM: Ingrid Dahl is the new treasurer. She looks after the payment gateway too."),
  storedFact("fact-0005", "domain", "Ingrid's bike", "Ingrid cycles to the club on an old Raleigh."),
  storedFact("fact-0006", "domain", "Bike rack", "The club's bike rack by the gate is broken."),
  storedFact("fact-0007", "domain", "Clients", "Two clients this year: Larchmont (bike repair shop) and Quillon (parcel tracking)."),
  storedFact("fact-0008", "domain", "Larchmont repo", "Larchmont: bike-repair booking app (iOS only). Repo larchmont/app; site larchmont.co.uk."),
  storedFact("fact-0009", "domain", "Larchmont contact", "The owner of Larchmont is Aiko Mori; she answers email in the evenings."),
  storedFact("fact-0010", "domain", "Quillon invoices", "Invoices to Quillon need the purchase order in the reference field, says Tim."),
  storedFact("fact-0011", "domain", "Invoice format", "Every invoice is a PDF from the accounts tool; rejected ones go to the shared inbox."),
  storedFact("fact-0012", "domain", "Pitch notes", "The pitch drains badly after rain; the groundsman wants new sand."),
  // "gateways" shares the stem of fact-0004's "gateway" (gatewai) but is two edits from "gatewya".
  storedFact("fact-0013", "domain", "Shop checkout", "The EU shop and the UK shop use separate gateways."),
];

const QUESTIONS = [
  "what does our lawyer think of the break clause",
  "who is our lawyer",
  "what bike does the treasurer ride to the club",
  "who is the treasurer",
  "who owns the bike repair shop",
  "who answers for the dog walking app",
  "what does the parcel tracking client need on an invoice",
  "who is the groundsman",
  "larchmnot repo",
  "brake clause",
  // Typos met through a written form only ("runway", stem "runwai", is one swap from "runwya").
  "gatewya",
  "runwya lights",
];

describe("search right after a change", () => {
  let temp: ReturnType<typeof makeTempRoot>;
  let facts: string;
  let live: FoundryMemory;
  let fresh: FoundryMemory;
  beforeEach(() => {
    temp = makeTempRoot();
    facts = path.join(temp.root, ".foundry/memory/facts");
    mkdirSync(facts, { recursive: true });
    for (const fact of initial) writeFileSync(path.join(facts, `${fact.id}.md`), serializeFact(fact));
    live = new FoundryMemory({ root: temp.root });
    fresh = new FoundryMemory({ root: temp.root, driver: new MarkdownFactStore({ root: temp.root, cache: false }) });
  });
  afterEach(async () => {
    await live.close();
    temp.cleanup();
  });

  /** Every question's answer from the live memory, each checked against the fresh one. */
  async function answers(): Promise<Map<string, string>> {
    const seen = new Map<string, string>();
    for (const query of QUESTIONS) {
      const [kept, made] = [await live.search({ query, limit: 5 }), await fresh.search({ query, limit: 5 })];
      expect(kept.text, query).toBe(made.text);
      expect(kept.hits.map(({ fact, score }) => [fact.id, score]), query).toEqual(made.hits.map(({ fact, score }) => [fact.id, score]));
      seen.set(query, kept.text);
    }
    return seen;
  }

  const topId = (text: string | undefined): string | undefined => /### (fact-\d+)/.exec(text ?? "")?.[1];

  it("answers as a fresh index after writes, a supersede, a hand edit and a deletion", async () => {
    const before = await answers();
    expect(topId(before.get("who is the treasurer"))).toBe("fact-0004");

    // A write: a second treasurer leaves the role two people share (unresolved), and the
    // groundsman gets a name.
    await live.write({ title: "Treasurer handover", body: "Marta Quist is the treasurer from May, said Ingrid.", type: "domain" });
    await live.write({ title: "Pitch repairs", body: "Owen Pryce, our groundsman, reseeded the pitch by the runway lights.", type: "domain" });
    const written = await answers();
    expect(topId(written.get("who is the groundsman"))).not.toBe(topId(before.get("who is the groundsman")));
    expect(topId(written.get("runwya lights"))).toBe("fact-0015");

    // A supersede: Larchmont becomes a dog-walking app.
    await live.write({ title: "Larchmont repo", body: "Larchmont: dog-walking booking app (iOS only). Repo larchmont/app.", type: "domain", supersedes: "fact-0008" });
    const superseded = await answers();
    expect(superseded.get("who answers for the dog walking app")).not.toBe(written.get("who answers for the dog walking app"));

    // A hand edit: Sam is the accountant now, so "our lawyer" names no one.
    writeFileSync(path.join(facts, "fact-0001.md"), serializeFact({ ...(initial[0] as Fact), body: "Sam Okafor, our accountant, went through the lease for the new unit with us." }));
    const edited = await answers();
    expect(edited.get("who is our lawyer")).not.toBe(superseded.get("who is our lawyer"));

    // A deletion: the fact introducing Ingrid as treasurer goes, and with it her role.
    rmSync(path.join(facts, "fact-0004.md"));
    const deleted = await answers();
    expect(deleted.get("who is the treasurer")).not.toBe(edited.get("who is the treasurer"));
    // "gateway" went with it: "gatewya" no longer reaches the stem "gateways" shares.
    expect(deleted.get("gatewya")).not.toBe(edited.get("gatewya"));

    // A write telling Quillon in lower-case prose: no longer written as a name twice as often.
    await live.write({ title: "Tracking page", body: "the quillon page and the quillon widget load slowly; quillon support knows.", type: "domain" });
    await answers();
  });
});
