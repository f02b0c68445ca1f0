// What the model reads of a merge-safe id stays as short as fact-NNNN in tokens: six digits,
// more only where two stored ids share them; what it writes back (supersedes) takes that form,
// any longer unique prefix or the whole id, and an ambiguous or unknown one is refused with the
// candidates. Files and stored `supersedes` keep the whole ten digits.
import { readFileSync } from "node:fs";
import path from "node:path";
import { estimateTokens } from "@foundry-mcp/tokens";
import { describe, expect, it } from "vitest";
import { MemoryError, ShortFactIds, parseFact, randomFactId } from "../src/index";
import type { Fact } from "../src/index";
import { conventionFact, factsFolder, gitTreeMemory, placeFact } from "./__fixtures__/placed-facts";

const NOW = new Date("2026-03-10T12:00:00Z");
const store = gitTreeMemory(NOW);

const place = (id: string, title: string, created = "2026-02-01T00:00:00Z"): void => placeFact(store.root, conventionFact(id, title, created));
function storedFact(id: string): Fact {
  const parsed = parseFact(readFileSync(path.join(factsFolder(store.root), `${id}.md`), "utf8"), id);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.fact;
}
const headings = (text: string): string[] => [...text.matchAll(/^### (fact-\d+) · /gm)].map((match) => match[1] as string);
const noResolve = (): undefined => undefined;

describe("ShortFactIds.display", () => {
  it("shows six digits, one more only for ids that share a prefix, and sequential ids as they are", () => {
    const ids = new ShortFactIds(["fact-4821390751", "fact-4821397702", "fact-4821312345", "fact-7000000000", "fact-0016", "fact-100000"]);
    expect(ids.display("fact-7000000000")).toBe("fact-700000");
    expect(ids.display("fact-4821390751")).toBe("fact-4821390");
    expect(ids.display("fact-4821397702")).toBe("fact-4821397");
    expect(ids.display("fact-4821312345")).toBe("fact-482131");
    expect(ids.display("fact-0016")).toBe("fact-0016");
    // A six-digit sequential id is never the short form of a merge-safe id that starts with it.
    expect(ids.display("fact-1000001234")).toBe("fact-1000001");
    ids.add("fact-1000001234");
    expect(ids.display("fact-1000001234")).toBe("fact-1000001");
    expect(ids.display("fact-100000")).toBe("fact-100000");
  });

  it("grows only where a new id shares the prefix, and shrinks back when it goes", () => {
    const ids = new ShortFactIds(["fact-4821390751", "fact-5555555555"]);
    expect(ids.display("fact-4821390751")).toBe("fact-482139");
    ids.add("fact-4821390799");
    expect([ids.display("fact-4821390751"), ids.display("fact-4821390799"), ids.display("fact-5555555555")]).toEqual(["fact-482139075", "fact-482139079", "fact-555555"]);
    ids.remove("fact-4821390799");
    expect(ids.display("fact-4821390751")).toBe("fact-482139");
  });
});

describe("ShortFactIds.resolve", () => {
  const ids = new ShortFactIds(["fact-4821390751", "fact-4821397702", "fact-7000000000", "fact-0016"]);

  it("takes a whole id, a sequential id, or a unique prefix of six digits or more", () => {
    expect(ids.resolve("fact-7000000000", "supersedes", noResolve)).toBe("fact-7000000000");
    expect(ids.resolve("fact-700000", "supersedes", noResolve)).toBe("fact-7000000000");
    expect(ids.resolve("fact-4821397", "supersedes", noResolve)).toBe("fact-4821397702");
    expect(ids.resolve("fact-482139770", "supersedes", noResolve)).toBe("fact-4821397702");
    expect(ids.resolve("fact-0016", "supersedes", noResolve)).toBe("fact-0016");
    // A whole id wins over the longer ids it starts (a six-digit sequential id beside a merge-safe one).
    const mixed = new ShortFactIds(["fact-100000", "fact-1000001234"]);
    expect([mixed.resolve("fact-100000", "supersedes", noResolve), mixed.resolve("fact-1000001", "supersedes", noResolve)]).toEqual(["fact-100000", "fact-1000001234"]);
  });

  it("refuses a prefix under six digits, an unknown one and a shared one, naming the field and what to send", () => {
    expect(() => ids.resolve("fact-7000", "supersedes", noResolve)).toThrow(
      "supersedes fact-7000 is too short to name a fact: send at least 6 digits, as memory_search shows ids (e.g. fact-700000).",
    );
    expect(() => ids.resolve("fact-482138", "supersedes", noResolve)).toThrow(
      "supersedes fact-482138 is not a stored fact; name an active fact (memory_search shows ids) or leave supersedes out.",
    );
    let error: unknown;
    try {
      ids.resolve("fact-482139", "supersedes", (id) => `title of ${id}`);
    } catch (caught) {
      error = caught;
    }
    expect(MemoryError.isInstance(error) && error.code).toBe("AMBIGUOUS_ID");
    expect((error as Error).message).toBe(
      'supersedes fact-482139 is ambiguous: 2 stored facts start with it (fact-4821390 "title of fact-4821390751", fact-4821397 "title of fact-4821397702"); send the one you mean as shown here, or its whole id.',
    );
  });

  it("lists at most five candidates", () => {
    const many = new ShortFactIds(Array.from({ length: 7 }, (_, index) => `fact-48213900${index}0`));
    expect(() => many.resolve("fact-482139", "supersedes", noResolve)).toThrow(
      "supersedes fact-482139 is ambiguous: 7 stored facts start with it (fact-482139000, fact-482139001, fact-482139002, fact-482139003, fact-482139004, and 2 more); send the one you mean as shown here, or its whole id.",
    );
  });
});

describe("the memory tools show short ids and take them back", () => {
  it("search and write answers show six digits, INDEX.md none; the files keep ten", async () => {
    const jobs = await store.memory.write({ title: "Jobs run on Postgres", body: "The jobs table.", type: "convention" });
    expect(jobs.id).toMatch(/^fact-[1-9]\d{9}$/);
    expect(jobs.text.split("\n")[0]).toBe(`created: ${jobs.id.slice(0, 11)}`);
    const search = await store.memory.search({ query: "postgres jobs" });
    expect(headings(search.text)).toEqual([jobs.id.slice(0, 11)]);
    expect(search.hits[0]?.fact.id).toBe(jobs.id);
    const again = await store.memory.write({ title: "Jobs run on Postgres", body: "The jobs table.", type: "convention" });
    expect(again.text).toBe(`duplicate: ${jobs.id.slice(0, 11)} already holds this title and body; nothing written.`);
    expect(readFileSync(store.memory.paths.index, "utf8")).not.toMatch(/fact-\d/);
    expect(storedFact(jobs.id).id).toBe(jobs.id);
  });

  it("supersedes by the short form a search showed, storing the whole id", async () => {
    const jobs = await store.memory.write({ title: "Jobs run on Postgres", body: "The jobs table.", type: "convention" });
    const shown = headings((await store.memory.search({ query: "postgres jobs" })).text)[0] as string;
    const queue = await store.memory.write({ title: "A queue service runs background work", body: "SQS now.", type: "convention", supersedes: shown });
    expect(queue.supersedes).toBe(jobs.id);
    expect(queue.text.split("\n")[0]).toBe(`created: ${queue.id.slice(0, 11)} (supersedes ${shown})`);
    expect(storedFact(queue.id).supersedes).toBe(jobs.id);
    await expect(store.memory.write({ title: "Cron runs background work", body: "Cron.", type: "convention", supersedes: shown })).rejects.toThrow(
      `supersedes ${shown} is not active (expired or superseded); name an active fact (memory_search shows ids) or leave supersedes out.`,
    );
  });

  it("shows a longer form where a merge brought an id with the same six digits, and refuses the old short form with both candidates", async () => {
    place("fact-4821390751", "Jobs run on Postgres", "2026-02-01T00:00:00Z");
    expect(headings((await store.memory.search({ query: "postgres jobs" })).text)).toEqual(["fact-482139"]);
    // The merge: another branch's fact with the same first six digits arrives.
    place("fact-4821397702", "Sessions are cached in Redis", "2026-02-02T00:00:00Z");
    expect(headings((await store.memory.search({ query: "postgres jobs" })).text)).toEqual(["fact-4821390"]);
    expect(headings((await store.memory.search({ query: "redis sessions" })).text)).toEqual(["fact-4821397"]);
    const write = store.memory.write({ title: "Jobs run on a queue", body: "SQS.", type: "convention", supersedes: "fact-482139" });
    await expect(write).rejects.toThrow(
      'supersedes fact-482139 is ambiguous: 2 stored facts start with it (fact-4821390 "Jobs run on Postgres", fact-4821397 "Sessions are cached in Redis"); send the one you mean as shown here, or its whole id.',
    );
    const fixed = await store.memory.write({ title: "Jobs run on a queue", body: "SQS.", type: "convention", supersedes: "fact-4821390" });
    expect(fixed.supersedes).toBe("fact-4821390751");
    expect(storedFact(fixed.id).supersedes).toBe("fact-4821390751");
  });

  it("shows sequential ids of an older store as they are and takes them back", async () => {
    place("fact-0016", "Logs are JSON");
    expect(headings((await store.memory.search({ query: "logs json" })).text)).toEqual(["fact-0016"]);
    const next = await store.memory.write({ title: "Logs carry a trace id", body: "Always.", type: "convention", supersedes: "fact-0016" });
    expect(next.text.split("\n")[0]).toBe("created: fact-0017 (supersedes fact-0016)");
  });
});

describe("what a short id costs in tokens", () => {
  // o200k (gpt-tokenizer, as packages/tokens' calibration test uses it): fact-0016 4, fact-482139 4,
  // fact-4821390751 6 (digits split in groups of three); figures in docs/ARCHITECTURE.md.
  it("the estimator counts fact-482139 as fact-0016 and below the whole id", () => {
    expect(estimateTokens("fact-482139")).toBe(estimateTokens("fact-0016"));
    expect(estimateTokens("fact-4821390751")).toBeGreaterThan(estimateTokens("fact-482139"));
  });
});

describe("new ids avoid a short form already taken", () => {
  it("startsAnother says whether another stored id shares the first six digits", () => {
    const ids = new ShortFactIds(["fact-4821390751", "fact-7000000000"]);
    expect(ids.startsAnother("fact-4821399999")).toBe(true);
    expect(ids.startsAnother("fact-4821390751")).toBe(false);
    expect(ids.startsAnother("fact-4821400000")).toBe(false);
    ids.add("fact-4821390752");
    expect(ids.startsAnother("fact-4821390751")).toBe(true);
  });

  it("randomFactId draws again while avoid refuses, then takes any free id after a bounded number of draws", () => {
    const drawn: string[] = [];
    const refuseFirstThree = (id: string): boolean => drawn.push(id) <= 3;
    expect(randomFactId(() => false, refuseFirstThree)).toBe(drawn[3]);
    expect(randomFactId(() => false, () => true)).toMatch(/^fact-[1-9]\d{9}$/);
  });
});
