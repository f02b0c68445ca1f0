import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MemoryError, parseFact } from "../src/index";
import { decisionBody, makeTempRoot } from "./__fixtures__/temp-root";

const NOW = new Date("2026-03-10T12:00:00Z");
let root = "";
let cleanup = () => {};
let memory: FoundryMemory;

beforeEach(() => {
  ({ root, cleanup } = makeTempRoot());
  memory = new FoundryMemory({ root, now: () => NOW });
});
afterEach(() => cleanup());

function readFact(id: string) {
  const parsed = parseFact(
    readFileSync(path.join(root, ".foundry/memory/facts", `${id}.md`), "utf8"),
    id,
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.fact;
}

async function expectInvalid(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(MemoryError.isInstance(error)).toBe(true);
  expect((error as MemoryError).code).toBe("INVALID_INPUT");
  expect((error as MemoryError).message).toBe(message);
}

describe("memory_write", () => {
  it("creates fact-0001 with the SPEC response and a readable file", async () => {
    const result = await memory.write({
      title: "Persistence layer uses Flyway, not Liquibase",
      body: decisionBody("Plain SQL migrations."),
      type: "decision",
      source: "adr-0007",
      confidence: "high",
      tags: ["db"],
    });
    expect(result.outcome).toBe("created");
    expect(result.id).toBe("fact-0001");
    expect(result.text).toBe(
      "created: fact-0001\nIndex: 1/1 facts listed, ~36 tokens, 0 omitted over budget.",
    );
    const fact = readFact("fact-0001");
    expect(fact).toMatchObject({
      type: "decision",
      scope: "project",
      confidence: "high",
      source: "adr-0007",
      tags: ["db"],
      created: "2026-03-10T12:00:00Z",
    });
    expect(readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8")).toContain(
      "- Persistence layer uses Flyway, not Liquibase",
    );
  });

  it("applies the defaults of SPEC §2", async () => {
    await memory.write({
      title: "Logs are JSON lines",
      body: "One object per line.",
      type: "convention",
    });
    expect(readFact("fact-0001")).toMatchObject({
      scope: "project",
      tags: [],
      confidence: "medium",
      source: "conversation",
    });
  });

  it("an exact duplicate (normalised title and body) writes nothing and names the holder", async () => {
    await memory.write({
      title: "Logs are JSON lines",
      body: "One object per line.",
      type: "convention",
    });
    const again = await memory.write({
      title: "logs are  JSON lines.",
      body: "one object per line",
      type: "glossary",
    });
    expect(again).toEqual({
      outcome: "duplicate",
      id: "fact-0001",
      text: "duplicate: fact-0001 already holds this title and body; nothing written.",
    });
    expect(readdirSync(path.join(root, ".foundry/memory/facts"))).toEqual(["fact-0001.md"]);
  });

  it("a duplicate may spell a letter out (Straße ~ Strasse): the folding search uses", async () => {
    await memory.write({ title: "Parcels go to Hauptstraße 12", body: "Back gate.", type: "convention" });
    const again = await memory.write({ title: "Parcels go to Hauptstrasse 12", body: "back gate", type: "convention" });
    expect(again).toEqual({
      outcome: "duplicate",
      id: "fact-0001",
      text: "duplicate: fact-0001 already holds this title and body; nothing written.",
    });
  });

  it("a restated title (same words, any order or form) supersedes the older fact", async () => {
    await memory.write({ title: "Webhook retries stop after three attempts", body: "Then dead-letter.", type: "constraint" });
    const second = await memory.write({
      title: "After three attempts, webhook retries stop",
      body: "Raised after the outage.",
      type: "constraint",
    });
    expect(second.text).toBe(
      "created: fact-0002 (supersedes fact-0001)\nIndex: 1/1 facts listed, ~36 tokens, 0 omitted over budget.",
    );
    expect(second.supersedes).toBe("fact-0001");
    expect(readFact("fact-0001").supersededBy).toBe("fact-0002");
    expect(readFact("fact-0002").supersedes).toBe("fact-0001");
    const found = await memory.search({ query: "webhook retry attempts" });
    expect(found.hits.map((hit) => hit.fact.id)).toEqual(["fact-0002"]);
    expect(await memory.readIndex()).not.toContain("Webhook retries stop after");
  });

  it("a title one number away is a different fact: both stay active and the writer is told", async () => {
    await memory.write({ title: "Retry limit for webhooks is 3", body: "Then dead-letter.", type: "constraint" });
    const second = await memory.write({ title: "Retry limit for webhooks is 10", body: "Raised after the outage.", type: "constraint" });
    expect(second.supersedes).toBeUndefined();
    expect(second.text.split("\n")[0]).toBe("created: fact-0002");
    expect(second.text.split("\n")[2]).toBe(
      'Similar: fact-0001 "Retry limit for webhooks is 3" stays active; if this fact replaces it, write again with supersedes: fact-0001.',
    );
    expect((await memory.rebuildIndex()).active).toBe(2);
  });

  it("regression: 'Service B owns the orders table' never supersedes 'Service A owns the orders table'", async () => {
    await memory.write({ title: "Service A owns the orders table", body: "Writes go through A.\nWhy: one writer per table.\nHow to apply: route order writes to A.", type: "decision" });
    const second = await memory.write({ title: "Service B owns the orders table", body: "Reads go through B.\nWhy: B caches.\nHow to apply: route order reads to B.", type: "decision" });
    expect(second.supersedes).toBeUndefined();
    const found = await memory.search({ query: "owns orders table" });
    expect(found.hits.map((hit) => hit.fact.id).sort()).toEqual(["fact-0001", "fact-0002"]);
  });

  it("a typo fix that stems to the same words restates", async () => {
    await memory.write({ title: "Persistance layer uses Flyway", body: "a", type: "convention" });
    const fixed = await memory.write({ title: "Persistence layer uses Flyway", body: "b", type: "convention" });
    expect(fixed.supersedes).toBe("fact-0001");
  });

  it("a changed word is similar, not a restatement; supersedes makes the replacement explicit", async () => {
    await memory.write({ title: "Production deploys always run on Mondays after standup", body: "a", type: "convention" });
    const changed = await memory.write({ title: "Production deploys always run on Sundays after standup", body: "b", type: "convention" });
    expect(changed.supersedes).toBeUndefined();
    expect(changed.text).toContain('Similar: fact-0001 "Production deploys always run on Mondays after standup" stays active');
    const explicit = await memory.write({ title: "Production deploys run on Tuesdays", body: "c", type: "convention", supersedes: "fact-0001" });
    expect(explicit.supersedes).toBe("fact-0001");
  });

  it("reordered or inflected title words also restate", async () => {
    await memory.write({ title: "Services log in JSON", body: "a", type: "convention" });
    const second = await memory.write({
      title: "JSON logs in service",
      body: "b",
      type: "convention",
    });
    expect(second.supersedes).toBe("fact-0001");
  });

  it("a restatement in another scope or type is a new fact", async () => {
    await memory.write({ title: "Retry limit for webhooks is 3", body: "a", type: "constraint" });
    const otherScope = await memory.write({
      title: "Retry limit for webhooks is 5",
      body: "b",
      type: "constraint",
      scope: "module:billing",
    });
    const otherType = await memory.write({
      title: "Retry limit for webhooks is 4",
      body: "c",
      type: "convention",
    });
    expect(otherScope.supersedes).toBeUndefined();
    expect(otherType.supersedes).toBeUndefined();
    expect((await memory.rebuildIndex()).active).toBe(3);
  });

  it("different facts with similar titles are not superseded", async () => {
    await memory.write({
      title: "Orders API requires a bearer token",
      body: "a",
      type: "constraint",
    });
    const other = await memory.write({
      title: "Users API requires a session cookie",
      body: "b",
      type: "constraint",
    });
    expect(other.supersedes).toBeUndefined();
  });

  it("explicit supersedes links any active fact and refuses unknown or inactive ids", async () => {
    await memory.write({ title: "Deploys happen on Tuesdays", body: "a", type: "convention" });
    const linked = await memory.write({
      title: "Deploys happen any weekday after noon",
      body: "b",
      type: "convention",
      supersedes: "fact-0001",
    });
    expect(linked.text.split("\n")[0]).toBe("created: fact-0002 (supersedes fact-0001)");
    await expectInvalid(
      memory.write({
        title: "Something else entirely",
        body: "c",
        type: "convention",
        supersedes: "fact-0099",
      }),
      "supersedes fact-0099 is not a stored fact; name an active fact (memory_search shows ids) or leave supersedes out.",
    );
    await expectInvalid(
      memory.write({
        title: "Something else entirely",
        body: "c",
        type: "convention",
        supersedes: "fact-0001",
      }),
      "supersedes fact-0001 is already superseded by fact-0002; name an active fact (memory_search shows ids) or leave supersedes out.",
    );
    await expectInvalid(
      memory.write({ title: "T", body: "c", type: "convention", supersedes: "9" }),
      'supersedes "9" is not a fact id like fact-0009; memory_search shows ids.',
    );
  });

  it("ids are never reused, even after a fact file is deleted", async () => {
    await memory.write({ title: "First fact here", body: "a", type: "domain" });
    await memory.write({ title: "Second fact about orders", body: "b", type: "domain" });
    rmSync(path.join(root, ".foundry/memory/facts/fact-0002.md"));
    const next = await memory.write({
      title: "Third fact about invoices",
      body: "c",
      type: "domain",
    });
    expect(next.id).toBe("fact-0003");
  });

  it("a fact named by another's supersedes is inactive even without supersededBy (crash between the two writes)", async () => {
    await memory.write({ title: "Cache TTL is 60 minutes", body: "a", type: "constraint" });
    await memory.write({ title: "Cache TTL is 120 minutes", body: "b", type: "constraint", supersedes: "fact-0001" });
    const file = path.join(root, ".foundry/memory/facts/fact-0001.md");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^supersededBy: .*\n/m, ""));
    expect((await memory.search({ query: "cache ttl" })).hits.map((hit) => hit.fact.id)).toEqual([
      "fact-0002",
    ]);
  });
});

describe("memory_write validation", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      "title bound",
      { title: "x".repeat(81), body: "b", type: "convention" },
      "title is 81 characters; the bound is 80. State the fact itself more briefly and move detail to body.",
    ],
    [
      "empty title",
      { title: "  ", body: "b", type: "convention" },
      "title is empty; state the fact itself in at most 80 characters.",
    ],
    [
      "multi-line title",
      { title: "a\nb", body: "b", type: "convention" },
      "title must be one line; put details in body.",
    ],
    [
      "body bound",
      { title: "t", body: Array(121).fill("w").join(" "), type: "convention" },
      "body is 121 words; the bound is 120. Keep one atomic fact; split the rest into further facts.",
    ],
    [
      "type enum",
      { title: "t", body: "b", type: "idea" },
      'type "idea" is not one of decision | constraint | convention | domain | risk | metric | glossary.',
    ],
    [
      "decision needs Why and How",
      { title: "t", body: "b", type: "decision" },
      'body of a decision needs a line starting with Why: and a line starting with How to apply:; add them (for example "Why: …").',
    ],
    [
      "risk needs How to apply",
      { title: "t", body: "b\nWhy: x", type: "risk" },
      'body of a risk needs a line starting with How to apply:; add it (for example "Why: …").',
    ],
    [
      "scope pattern",
      { title: "t", body: "b", type: "domain", scope: "team:x" },
      'scope "team:x" is not project | module:<name> | vertical:<name> (name: letters, digits, . _ / -, up to 64).',
    ],
    [
      "confidence enum",
      { title: "t", body: "b", type: "domain", confidence: "sure" },
      'confidence "sure" is not one of high | medium | low.',
    ],
    [
      "free-form source bound",
      { title: "t", body: "b", type: "domain", source: `postmortem ${"x".repeat(71)}` },
      "source is 82 characters; the bound is 80. Use adr-NNNN | conversation | code | external:<url>, or name where the fact came from more briefly.",
    ],
    [
      "free-form source on one line",
      { title: "t", body: "b", type: "domain", source: "postmortem\n2025" },
      "source must be one line without control characters; use adr-NNNN | conversation | code | external:<url>, or name where the fact came from in at most 80 characters.",
    ],
    [
      "external url",
      { title: "t", body: "b", type: "domain", source: "external:nope" },
      'source "external:nope" has no valid http(s) URL after external:; use external:https://… or another source.',
    ],
    [
      "real date",
      { title: "t", body: "b", type: "domain", expires: "2026-02-30" },
      'expires "2026-02-30" is not a real calendar date in YYYY-MM-DD form (for example 2027-03-31).',
    ],
    [
      "past date",
      { title: "t", body: "b", type: "domain", expires: "2026-03-09" },
      "expires 2026-03-09 is in the past (today is 2026-03-10 UTC), so the fact would never be loaded; give a date from 2026-03-10 on, or leave expires out.",
    ],
    [
      "tags list",
      { title: "t", body: "b", type: "domain", tags: "db" },
      'tags must be a list of strings, for example ["billing", "db"].',
    ],
    [
      "tag pattern",
      { title: "t", body: "b", type: "domain", tags: ["../x"] },
      'tag "../x" must be 1–40 characters of letters, digits, spaces or . _ / : # + -, starting with a letter or digit.',
    ],
    [
      "missing body",
      { title: "t", type: "domain" },
      "body is required: send body (why it holds and how to apply it, at most 120 words).",
    ],
    [
      "missing body and type",
      { title: "t" },
      "body and type are required: send body (why it holds and how to apply it, at most 120 words) and type (one of decision | constraint | convention | domain | risk | metric | glossary).",
    ],
    [
      "missing everything required",
      { scope: "project", body: null },
      "title, body and type are required: send title (the fact itself, one line of at most 80 characters), body (why it holds and how to apply it, at most 120 words) and type (one of decision | constraint | convention | domain | risk | metric | glossary).",
    ],
    ["title of the wrong type", { title: 7, body: "b", type: "domain" }, "title must be a string, got number."],
  ];
  it.each(cases)("%s", async (_name, input, message) => {
    await expectInvalid(memory.write(input as never), message);
    expect(() => readdirSync(path.join(root, ".foundry/memory/facts"))).toThrow();
  });

  it("accepts Why and How to apply lines in list or bold form, and a known source", async () => {
    const result = await memory.write({
      title: "t1 decided",
      body: "b\n- **Why:** x\n- How to apply: y",
      type: "decision",
      source: "external:https://example.com/adr",
      expires: "2026-03-10",
    });
    expect(result.outcome).toBe("created");
  });

  it("accepts free-form provenance of at most 80 characters on one line and stores it as given", async () => {
    const sources = ["postmortem-2025-03-14", "design-doc: checkout-v2 #3", "x".repeat(80)];
    for (const [n, source] of sources.entries()) {
      const result = await memory.write({ title: `Free-form source ${n} kept`, body: "b", type: "domain", source });
      expect(result.outcome).toBe("created");
      const hit = (await memory.search({ query: `free-form source ${n}` })).hits.find((one) => one.fact.id === result.id);
      expect(hit?.fact.source).toBe(source);
      expect(readFileSync(path.join(root, `.foundry/memory/facts/${result.id}.md`), "utf8")).toContain("source: ");
    }
  });
});
