// The merge-safe layout (issue #31): random ids, no back-pointer written into a superseded
// fact, INDEX.md kept out of git, the merge replay of the write rules, and conflict markers
// explained. Git itself is exercised end to end in apps/foundry-server/test/memory-merge.test.ts.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseLayout, serializeFact } from "../src/index";
import type { Fact } from "../src/index";
import { conventionFact, factsFolder, gitTreeMemory, placeFact } from "./__fixtures__/placed-facts";
import { decisionBody } from "./__fixtures__/temp-root";

const NOW = new Date("2026-03-10T12:00:00Z");
const store = gitTreeMemory(NOW);

const factsDir = () => factsFolder(store.root);
const place = (one: Fact): void => placeFact(store.root, one);
const fact = conventionFact;

describe("the merge-safe layout", () => {
  it("gives a new store in a git work tree ten-digit random ids and never rewrites the superseded file", async () => {
    const first = await store.memory.write({ title: "Jobs run on Postgres", body: decisionBody("Jobs table."), type: "decision" });
    expect(first.id).toMatch(/^fact-[1-9]\d{9}$/);
    const before = readFileSync(path.join(factsDir(), `${first.id}.md`), "utf8");
    const second = await store.memory.write({ title: "Postgres runs jobs", body: decisionBody("Still the jobs table."), type: "decision" });
    // The texts show six digits (short-ids.test.ts); two random ids share six with a chance of 1 in 900,000.
    expect(second.text.split("\n")[0]).toBe(`created: ${second.id.slice(0, 11)} (supersedes ${first.id.slice(0, 11)})`);
    expect(readFileSync(path.join(factsDir(), `${first.id}.md`), "utf8")).toBe(before);
    expect((await store.memory.search({ query: "postgres jobs" })).hits.map((hit) => hit.fact.id)).toEqual([second.id]);
    expect(readFileSync(path.join(store.root, ".foundry/.gitignore"), "utf8")).toContain("\nmemory/INDEX.md\n");
    expect(readdirSync(path.join(store.root, ".foundry/memory")).sort()).toEqual(["INDEX.md", "facts"]);
    expect(await store.memory.layout()).toEqual({ layout: "merge-safe", reason: "git work tree" });
  });

  it("keeps a store that holds sequential ids sequential until configured otherwise", async () => {
    place(fact("fact-0001", "Logs are JSON", "2026-01-01T00:00:00Z"));
    expect((await store.memory.write({ title: "Traces go to Tempo", body: "Tempo.", type: "convention" })).id).toBe("fact-0002");
    writeFileSync(path.join(store.root, ".foundry/config.json"), JSON.stringify({ memoryStore: { layout: "merge-safe" } }));
    expect((await store.memory.write({ title: "Metrics go to Prometheus", body: "Prom.", type: "convention" })).id).toMatch(/^fact-[1-9]\d{9}$/);
    expect(chooseLayout(undefined, ["fact-4821390751"], "/")).toEqual({ layout: "sequential", reason: "no git work tree" });
  });

  it("refuses an unknown memoryStore.layout naming the key and the values", async () => {
    mkdirSync(path.join(store.root, ".foundry"), { recursive: true });
    writeFileSync(path.join(store.root, ".foundry/config.json"), JSON.stringify({ memoryStore: { layout: "v2" } }));
    await expect(store.memory.config()).rejects.toThrow(
      `${path.join(store.root, ".foundry/config.json")}: memoryStore.layout is "v2"; it must be "merge-safe" or "sequential" (leave it out to let the store choose; \`foundry migrate\` sets "merge-safe").`,
    );
  });
});

describe("the merge replay of the write rules", () => {
  it("lets the newer of two restating facts supersede the older, and keeps the older of two copies", async () => {
    place(fact("fact-3000000001", "Services log in JSON", "2026-02-01T00:00:00Z"));
    place(fact("fact-2000000002", "JSON logs in service", "2026-02-02T00:00:00Z"));
    place(fact("fact-5000000003", "Ports come from env", "2026-02-03T00:00:00Z"));
    place(fact("fact-1000000004", "Ports come from env", "2026-02-04T00:00:00Z"));
    place(fact("fact-6000000005", "Cache layer uses Redis", "2026-02-05T00:00:00Z"));
    place(fact("fact-6000000006", "Caching layer using Redis", "2026-02-06T00:00:00Z"));
    const resolutions = (await store.memory.mergeResolutions()).map((one) => [one.fact.id, one.rule, one.by.id]);
    expect(resolutions).toEqual([
      ["fact-3000000001", "restated", "fact-2000000002"],
      ["fact-1000000004", "duplicate", "fact-5000000003"],
      ["fact-6000000005", "restated", "fact-6000000006"],
    ]);
    expect((await store.memory.search({ query: "json logs" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-2000000002"]);
    expect((await store.memory.search({ query: "ports env" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-5000000003"]);
    expect(readdirSync(factsDir())).toHaveLength(6);
  });

  it("folds accents the same way on both sides (an accented title meets its plain twin)", async () => {
    place(fact("fact-3000000001", "Naïve caching is banned", "2026-02-01T00:00:00Z"));
    place(fact("fact-2000000002", "Naive caching is banned", "2026-02-02T00:00:00Z"));
    // The bodies ("<title>.") fold to the same text too, so the newer is a duplicate of the older.
    expect((await store.memory.mergeResolutions()).map((one) => [one.fact.id, one.rule, one.by.id])).toEqual([["fact-2000000002", "duplicate", "fact-3000000001"]]);
  });

  it("replays again when a file changes: removing the winner brings the other back", async () => {
    place(fact("fact-3000000001", "Services log in JSON", "2026-02-01T00:00:00Z"));
    place(fact("fact-2000000002", "JSON logs in service", "2026-02-02T00:00:00Z"));
    expect((await store.memory.search({ query: "json logs" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-2000000002"]);
    writeFileSync(path.join(factsDir(), "fact-2000000002.md"), serializeFact(fact("fact-2000000002", "Traces go to Tempo", "2026-02-02T00:00:00Z")));
    expect((await store.memory.search({ query: "json logs" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-3000000001"]);
    expect(await store.memory.mergeResolutions()).toEqual([]);
  });

  it("leaves facts of another type and a similar title alone; a restating title wins even beside an explicit supersedes", async () => {
    place(fact("fact-3000000001", "Services log in JSON", "2026-02-01T00:00:00Z"));
    place(fact("fact-2000000002", "Services log in JSON", "2026-02-02T00:00:00Z", { type: "constraint" }));
    place(fact("fact-4000000003", "Retry limit is 3", "2026-02-03T00:00:00Z"));
    place(fact("fact-4000000004", "Retry limit is 5", "2026-02-04T00:00:00Z"));
    place(fact("fact-4000000005", "Deploys on weekdays", "2026-02-05T00:00:00Z"));
    place(fact("fact-4000000006", "Deploys on weekdays", "2026-02-06T00:00:00Z", { body: "Except Friday.", supersedes: "fact-4000000004" }));
    expect((await store.memory.mergeResolutions()).map((one) => [one.fact.id, one.rule, one.by.id])).toEqual([["fact-4000000005", "restated", "fact-4000000006"]]);
    expect((await store.memory.search({ query: "retry limit" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-4000000003"]);
    expect((await store.memory.search({ query: "deploys weekdays" })).hits.map((hit) => hit.fact.id)).toEqual(["fact-4000000006"]);
  });
});

describe("leftover conflict markers", () => {
  it("skip the file with a reason that names the lines and how to finish the merge", async () => {
    mkdirSync(factsDir(), { recursive: true });
    const text = serializeFact(fact("fact-3000000001", "Services log in JSON", "2026-02-01T00:00:00Z")).replace(
      "Services log in JSON.",
      "<<<<<<< HEAD\nServices log in JSON.\n=======\nServices log in JSON lines.\n>>>>>>> feature",
    );
    writeFileSync(path.join(factsDir(), "fact-3000000001.md"), text);
    expect(await store.memory.problems()).toEqual([
      {
        location: ".foundry/memory/facts/fact-3000000001.md",
        reason:
          "unfinished git merge: conflict markers on lines 11, 13, 15. Keep the text you want between <<<<<<< and >>>>>>>, delete the marker lines, then `git add` the file; the fact is left out of search and the index until then",
        source: text,
      },
    ]);
    expect((await store.memory.search({ query: "json" })).text).toBe('No stored fact matches "json". Memory holds 0 active facts.');
  });
});
