import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, InMemoryFactStore } from "../src/index";
import type { Fact, MemoryError } from "../src/index";
import { decisionBody, makeTempRoot } from "./__fixtures__/temp-root";
import { storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";

let root = "";
let cleanup = () => {};
let memory: FoundryMemory;
let today = new Date("2026-03-10T12:00:00Z");

beforeEach(() => {
  ({ root, cleanup } = makeTempRoot());
  today = new Date("2026-03-10T12:00:00Z");
  memory = new FoundryMemory({ root, now: () => today });
});
afterEach(() => cleanup());

const ids = async (query: string, extra: Record<string, unknown> = {}) =>
  (await memory.search({ query, ...extra })).hits.map((hit) => hit.fact.id);

describe("memory_search", () => {
  it("prints the SPEC block for a hit", async () => {
    await memory.write({
      title: "Persistence layer uses Flyway, not Liquibase",
      body: "Chosen for the plain-SQL migration format the team already reads.\nWhy: plain SQL.\nHow to apply: SQL files.",
      type: "decision",
      source: "adr-0007",
      confidence: "high",
    });
    const result = await memory.search({ query: "flyway migrations" });
    expect(result.text).toBe(
      "### fact-0001 · decision · confidence high\n**Persistence layer uses Flyway, not Liquibase**\nChosen for the plain-SQL migration format the team already reads.\nWhy: plain SQL.\nHow to apply: SQL files.\n_source: adr-0007 · scope: project_",
    );
    expect(result.activeFacts).toBe(1);
  });

  it("prints the no-hit sentence with the active count", async () => {
    expect((await memory.search({ query: "flyway" })).text).toBe(
      'No stored fact matches "flyway". Memory holds 0 active facts.',
    );
    await memory.write({
      title: "Logs are JSON lines",
      body: "One object per line.",
      type: "convention",
    });
    expect((await memory.search({ query: "kubernetes helm" })).text).toBe(
      'No stored fact matches "kubernetes helm". Memory holds 1 active facts.',
    );
  });

  it("joins several hits with a blank line and shows expires", async () => {
    await memory.write({
      title: "Billing exports run nightly",
      body: "At 02:00 UTC.",
      type: "convention",
      expires: "2026-12-31",
    });
    await memory.write({
      title: "Billing invoices are PDF",
      body: "Rendered by the billing worker.",
      type: "convention",
    });
    const text = (await memory.search({ query: "billing" })).text;
    expect(text.split("\n\n")).toHaveLength(2);
    expect(text).toContain("_source: conversation · scope: project · expires: 2026-12-31_");
  });

  it("splits camelCase and snake_case, stems, and matches prefixes and typos", async () => {
    await memory.write({
      title: "Use retryWithBackoff for outbound HTTP",
      body: "Wraps fetch.",
      type: "convention",
    });
    await memory.write({
      title: "Table names are snake_case plurals",
      body: "Like order_items.",
      type: "convention",
    });
    await memory.write({
      title: "Authentication uses short-lived tokens",
      body: "Fifteen minutes.",
      type: "constraint",
    });
    expect(await ids("backoff retry")).toEqual(["fact-0001"]);
    expect(await ids("order items")).toEqual(["fact-0002"]);
    expect(await ids("retries")).toEqual(["fact-0001"]);
    expect(await ids("auth")).toEqual(["fact-0003"]);
    expect(await ids("authentcation")).toEqual(["fact-0003"]);
  });

  it("finds a word typed with a dropped, a swapped or an extra letter, even where stemming moves it", async () => {
    await memory.write({
      title: "Persistence layer uses Flyway, not Liquibase",
      body: "Plain SQL migrations.",
      type: "convention",
    });
    await memory.write({
      title: "Deployments go through the release train",
      body: "Weekly.",
      type: "convention",
    });
    // flyway stems to flywai: flywya is two edits from the stem but one swap from the word.
    for (const query of ["flywy", "flywya", "flyawy", "lfyway", "flywayy", "liqiubase"])
      expect(await ids(query), query).toEqual(["fact-0001"]);
    expect(await ids("deploymnets")).toEqual(["fact-0002"]);
    // Three letters are too few to guess at, and two swaps in a short word are two typos.
    expect(await ids("fyl")).toEqual([]);
    expect(await ids("lfywya")).toEqual([]);
  });

  it("ranks a title match above a body mention", async () => {
    await memory.write({
      title: "Queue consumers are idempotent",
      body: "Deduplicate by message id; Redis is not involved.",
      type: "constraint",
    });
    await memory.write({
      title: "Redis is the session store",
      body: decisionBody("Sessions expire after a day."),
      type: "decision",
    });
    expect(await ids("redis")).toEqual(["fact-0002", "fact-0001"]);
  });

  it("filters by type and honours limit and the configured default", async () => {
    for (let i = 0; i < 10; i++)
      await memory.write({
        title: `Cache rule ${"abcdefghij"[i]} for widgets ${"klmnopqrst"[i]}x`,
        body: "cache",
        type: i % 2 ? "constraint" : "convention",
        scope: `module:m${i}`,
      });
    expect(await ids("cache")).toHaveLength(8);
    expect(await ids("cache", { limit: 3 })).toHaveLength(3);
    expect(
      (await memory.search({ query: "cache", type: "constraint", limit: 25 })).hits.every(
        (hit) => hit.fact.type === "constraint",
      ),
    ).toBe(true);
    writeFileSync(
      path.join(root, ".foundry/config.json"),
      JSON.stringify({ memoryRetrieval: { maxFacts: 2 } }),
    );
    expect(await ids("cache")).toHaveLength(2);
  });

  it("breaks score ties by confidence, then newer", async () => {
    // Equal lengths and the same matching words: only the tie-breaks can order these.
    const write = (word: string, confidence: string) =>
      memory.write({
        title: `Alpha widget rule ${word}`,
        body: `Note ${word}.`,
        type: "domain",
        confidence,
      });
    await write("red", "low");
    await write("tan", "high");
    await write("oak", "high");
    await write("elm", "medium");
    const scores = (await memory.search({ query: "alpha widget" })).hits.map((hit) => hit.score);
    expect(new Set(scores).size).toBe(1);
    expect(await ids("alpha widget")).toEqual(["fact-0003", "fact-0002", "fact-0004", "fact-0001"]);
  });

  it("never returns expired facts and counts only active ones", async () => {
    await memory.write({
      title: "Freeze deploys during the audit",
      body: "Until the audit ends.",
      type: "constraint",
      expires: "2026-03-11",
    });
    expect(await ids("deploy freeze")).toEqual(["fact-0001"]);
    today = new Date("2026-03-12T00:00:00Z");
    const result = await memory.search({ query: "deploy freeze" });
    expect(result.text).toBe(
      'No stored fact matches "deploy freeze". Memory holds 0 active facts.',
    );
  });

  it("rejects bad search input with named bounds", async () => {
    const message = async (input: Record<string, unknown>) =>
      memory.search(input as never).then(
        () => "",
        (error: MemoryError) => `${error.code}: ${error.message}`,
      );
    expect(await message({ query: " " })).toBe(
      "INVALID_INPUT: query must be 1–1000 characters of keywords describing what you need to know.",
    );
    expect(await message({ query: "x", limit: 26 })).toBe(
      "INVALID_INPUT: limit is 26; it must be an integer from 1 to 25.",
    );
    expect(await message({ query: "x", type: "idea" })).toBe(
      'INVALID_INPUT: type "idea" is not one of decision | constraint | convention | domain | risk | metric | glossary; omit it to search every type.',
    );
  });

  it("works the same over the in-memory driver", async () => {
    const fact: Fact = {
      id: "fact-0007",
      type: "glossary",
      title: "SKU means stock keeping unit",
      body: "Per variant.",
      scope: "project",
      tags: [],
      confidence: "high",
      source: "code",
      created: "2026-01-01T00:00:00Z",
    };
    const inMemory = new FoundryMemory({ root, driver: new InMemoryFactStore([fact]) });
    expect((await inMemory.search({ query: "sku" })).hits.map((hit) => hit.fact.id)).toEqual([
      "fact-0007",
    ]);
    expect(
      (await inMemory.write({ title: "Variants carry their own SKU", body: "b", type: "domain" }))
        .id,
    ).toBe("fact-0008");
  });
  // Regression (issue 21): memory's own Porter-only stemmer kept irregular forms apart from their
  // base word, so a question in the past tense missed the fact written in the present.
  it("meets irregular forms with their base word through the shared analyser", async () => {
    const first = firstRankedIdOver([
      storedFact("fact-0001", "convention", "Seniors teach the deploy checklist", "In the first week."),
      storedFact("fact-0002", "convention", "Child processes inherit the proxy variables", "Set in the wrapper."),
    ]);
    expect(await first("what was taught")).toBe("fact-0001");
    expect(await first("children")).toBe("fact-0002");
  });

  it("meets a letter written out as it is typed on an English keyboard (Straße ~ strasse, Łódź ~ lodz), both ways", async () => {
    const first = firstRankedIdOver([
      storedFact("fact-0001", "convention", "Deliveries go to the yard on Hauptstraße", "Gate code from Jonas."),
      storedFact("fact-0002", "convention", "The Lodz office ships the spare laptops", "Ask Marta."),
      storedFact("fact-0003", "convention", "Deliveries to the main office need a name on the box", "Reception signs."),
      storedFact("fact-0004", "convention", "Ferry tickets to Ærø are in the drawer", "Two returns."),
      storedFact("fact-0005", "convention", "Ferry tickets to Fanø need booking a week ahead", "Online."),
    ]);
    expect(await first("hauptstrasse deliveries")).toBe("fact-0001");
    expect(await first("which office in Łódź ships laptops")).toBe("fact-0002");
    // Too far from "ærø" for a typo, and no other fact says it: only the folding meets it.
    expect(await first("aero")).toBe("fact-0004");
    expect(await first("Fanø")).toBe("fact-0005");
  });
});
