import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { runDriverConformance } from "./driver-conformance";

runDriverConformance("markdown-files", () => {
  const temp = makeTempRoot();
  return { driver: new MarkdownFactStore({ root: temp.root }), cleanup: temp.cleanup };
});

describe("markdown-files driver", () => {
  let root = "";
  let cleanup = () => {};
  beforeEach(() => ({ root, cleanup } = makeTempRoot()));
  afterEach(() => cleanup());

  it("reports and skips a broken file without breaking the rest", async () => {
    const memory = new FoundryMemory({ root });
    await memory.write({
      title: "Logs are JSON lines",
      body: "One object per line.",
      type: "convention",
    });
    const factsDir = path.join(root, ".foundry/memory/facts");
    writeFileSync(
      path.join(factsDir, "fact-0002.md"),
      "---\nid: fact-0002\ntitle: [unclosed\n---\nbody\n",
    );
    writeFileSync(path.join(factsDir, "notes.md"), "scratch");
    expect((await memory.search({ query: "json logs" })).hits.map((hit) => hit.fact.id)).toEqual([
      "fact-0001",
    ]);
    const problems = await memory.problems();
    expect(problems.map((problem) => problem.location).sort()).toEqual([
      ".foundry/memory/facts/fact-0002.md",
      ".foundry/memory/facts/notes.md",
    ]);
    expect(problems.find((problem) => problem.location.endsWith("notes.md"))?.reason).toBe(
      "file name is not fact-NNNN.md",
    );
    const rebuilt = await memory.rebuildIndex();
    expect(rebuilt.text).toMatch(
      /^Rebuilt .*\n1\/1 facts listed, ~\d+ tokens, 0 omitted\.\nSkipped unreadable \.foundry\/memory\/facts\/fact-0002\.md: front matter is not valid YAML/,
    );
    // the broken file's id is not reused
    expect(
      (await memory.write({ title: "Another fact entirely", body: "x", type: "domain" })).id,
    ).toBe("fact-0003");
  });

  it("sees a same-size in-place edit even with mtime restored (the cache is keyed on ctime too)", async () => {
    // Trust every stat at once, so the cached path (not the racy re-read) is what is tested.
    const driver = new MarkdownFactStore({ root, racyWindowMs: Number.NEGATIVE_INFINITY });
    const memory = new FoundryMemory({ root, driver });
    await memory.write({
      title: "Queue is RabbitMQ",
      body: "Chosen for routing.",
      type: "convention",
    });
    const first = await driver.load();
    expect(await driver.load()).toBe(first);
    const file = path.join(root, ".foundry/memory/facts/fact-0001.md");
    const before = statSync(file);
    writeFileSync(file, readFileSync(file, "utf8").replace("RabbitMQ", "ActiveMQ"));
    utimesSync(file, before.atime, before.mtime);
    expect(statSync(file).size).toBe(before.size);
    expect((await memory.search({ query: "activemq" })).hits.map((hit) => hit.fact.title)).toEqual([
      "Queue is ActiveMQ",
    ]);
    expect(await driver.load()).not.toBe(first);
  });

  it("re-reads recently changed files each call and keeps the snapshot when their content is unchanged", async () => {
    const driver = new MarkdownFactStore({ root });
    const memory = new FoundryMemory({ root, driver });
    await memory.write({
      title: "Queue is RabbitMQ",
      body: "Chosen for routing.",
      type: "convention",
    });
    const first = await driver.load();
    expect(await driver.load()).toBe(first);
    writeFileSync(
      path.join(root, ".foundry/memory/facts/fact-0001.md"),
      readFileSync(path.join(root, ".foundry/memory/facts/fact-0001.md"), "utf8").replace(
        "routing",
        "fanouts",
      ),
    );
    const changed = await driver.load();
    expect(changed).not.toBe(first);
    expect(changed.records[0]?.fact.body).toBe("Chosen for fanouts.");
  });

  it("sees files added and removed by another writer", async () => {
    const reader = new FoundryMemory({ root });
    const writer = new FoundryMemory({ root });
    expect((await reader.search({ query: "rabbitmq" })).activeFacts).toBe(0);
    await writer.write({
      title: "Queue is RabbitMQ",
      body: "Chosen for routing.",
      type: "convention",
    });
    expect((await reader.search({ query: "rabbitmq" })).hits).toHaveLength(1);
  });

  it("with cache off re-reads every file and still returns the same results", async () => {
    const memory = new FoundryMemory({ root });
    await memory.write({
      title: "Queue is RabbitMQ",
      body: "Chosen for routing.",
      type: "convention",
    });
    const driver = new MarkdownFactStore({ root, cache: false });
    const first = await driver.load();
    expect(await driver.load()).not.toBe(first);
    expect((await new FoundryMemory({ root, driver }).search({ query: "queue" })).text).toBe(
      (await memory.search({ query: "queue" })).text,
    );
  });
});
