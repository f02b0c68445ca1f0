import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { estimateTokens } from "@foundry-mcp/tokens";
import { FoundryMemory, buildIndex, formatIndexLine } from "../src/index";
import type { Fact, MemoryError } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

function fact(number: number, overrides: Partial<Fact> = {}): Fact {
  return {
    id: `fact-${String(number).padStart(4, "0")}`,
    type: "convention",
    title: `Rule number ${number} about widgets`,
    body: "Body.",
    scope: "project",
    tags: [],
    confidence: "medium",
    source: "conversation",
    created: `2026-01-01T00:00:${String(number % 60).padStart(2, "0")}Z`,
    ...overrides,
  };
}

describe("buildIndex", () => {
  it("orders constraints and decisions first, then high confidence, then newest, grouped by type", () => {
    const built = buildIndex(
      [
        fact(1, { type: "glossary", title: "SKU is a stock keeping unit" }),
        fact(2, { type: "decision", title: "Flyway runs migrations", confidence: "high" }),
        fact(3, { type: "constraint", title: "Money is integer cents", scope: "module:billing" }),
        fact(4, { type: "decision", title: "Redis holds sessions" }),
        fact(5, { type: "decision", title: "Kafka carries events", confidence: "low" }),
        fact(6, { type: "decision", title: "Vite builds the UI" }),
      ],
      4000,
    );
    expect(built.markdown).toBe(
      "# Memory index\nActive facts by priority, titles only. memory_search <keywords> returns bodies and ids.\n" +
        "\n## constraint\n- Money is integer cents (module:billing)\n" +
        "\n## decision\n- Flyway runs migrations\n- Vite builds the UI\n- Redis holds sessions\n- Kafka carries events (low confidence)\n" +
        "\n## glossary\n- SKU is a stock keeping unit\n",
    );
    expect(built).toMatchObject({
      listed: 6,
      active: 6,
      omitted: 0,
      tokens: estimateTokens(built.markdown),
    });
  });

  it("cuts to the budget, keeps the highest priority and says how many were left out", () => {
    const facts = Array.from({ length: 200 }, (_, index) =>
      fact(index + 1, { type: index < 5 ? "constraint" : "convention" }),
    );
    const built = buildIndex(facts, 300);
    expect(built.tokens).toBeLessThanOrEqual(300);
    expect(built.listed + built.omitted).toBe(200);
    expect(built.omitted).toBeGreaterThan(0);
    expect(built.markdown).toContain("## constraint\n- Rule number 5 about widgets\n");
    expect(
      built.markdown
        .trimEnd()
        .endsWith(
          `${built.omitted} more active facts omitted over budget; memory_search finds them.`,
        ),
    ).toBe(true);
  });

  it("words the omitted note in the singular for one fact and the plural for more", () => {
    const header =
      "# Memory index\nActive facts by priority, titles only. memory_search <keywords> returns bodies and ids.\n";
    /** The smallest budget that lists exactly `listed` of `facts`. */
    const builtListing = (facts: Fact[], listed: number) => {
      for (let budget = 1; budget < 500; budget++) {
        const built = buildIndex(facts, budget);
        if (built.listed === listed) return built;
      }
      throw new Error(`no budget lists exactly ${listed} facts`);
    };
    const one = builtListing([fact(1), fact(2)], 1);
    expect(one).toMatchObject({ listed: 1, active: 2, omitted: 1 });
    expect(one.markdown).toBe(
      `${header}\n## convention\n- Rule number 2 about widgets\n` +
        "\n1 more active fact omitted over budget; memory_search finds them.\n",
    );
    expect(one.tokens).toBe(estimateTokens(one.markdown));
    const two = builtListing([fact(1), fact(2), fact(3)], 1);
    expect(two).toMatchObject({ listed: 1, active: 3, omitted: 2 });
    expect(two.markdown).toBe(
      `${header}\n## convention\n- Rule number 3 about widgets\n` +
        "\n2 more active facts omitted over budget; memory_search finds them.\n",
    );
  });

  it("says so when memory is empty", () => {
    expect(buildIndex([], 4000).markdown).toBe(
      "# Memory index\nNo active facts yet. memory_write stores one.\n",
    );
  });

  it("spends fewer tokens per line than a line carrying id, type, confidence and scope", () => {
    const sample = fact(12, { title: "Amounts are integer cents, never floats" });
    const verbose = `- ${sample.id} · ${sample.type} · confidence ${sample.confidence} · scope ${sample.scope} — ${sample.title}`;
    expect(estimateTokens(formatIndexLine(sample))).toBeLessThan(estimateTokens(verbose) / 2);
  });
});

describe("FoundryMemory index", () => {
  let root = "";
  let cleanup = () => {};
  beforeEach(() => ({ root, cleanup } = makeTempRoot()));
  afterEach(() => cleanup());

  it("rebuildIndex writes INDEX.md and reports the absolute path and figures", async () => {
    const memory = new FoundryMemory({ root });
    await memory.write({
      title: "Logs are JSON lines",
      body: "One object per line.",
      type: "convention",
    });
    const result = await memory.rebuildIndex();
    const indexPath = path.join(root, ".foundry/memory/INDEX.md");
    const tokens = estimateTokens(readFileSync(indexPath, "utf8"));
    expect(result.path).toBe(indexPath);
    expect(result.text).toBe(
      `Rebuilt ${indexPath}\n1/1 facts listed, ~${tokens} tokens, 0 omitted.`,
    );
  });

  it("uses memoryIndex.budgetTokens and reports omitted facts in the write line", async () => {
    mkdirSync(path.join(root, ".foundry"), { recursive: true });
    writeFileSync(
      path.join(root, ".foundry/config.json"),
      JSON.stringify({ memoryIndex: { budgetTokens: 60 } }),
    );
    const memory = new FoundryMemory({ root });
    let text = "";
    const words = [
      "apples",
      "bridges",
      "cobalt",
      "dunes",
      "ember",
      "fjords",
      "glaciers",
      "harbors",
    ];
    for (const word of words)
      text = (
        await memory.write({
          title: `Inventory of ${word} is tracked daily`,
          body: word,
          type: "metric",
          scope: `module:${word}`,
        })
      ).text;
    const match =
      /^Index: (\d+)\/8 facts listed, ~(\d+) tokens, (\d+) omitted over budget\.$/m.exec(text);
    expect(match).not.toBeNull();
    expect(Number(match?.[1]) + Number(match?.[3])).toBe(8);
    expect(Number(match?.[3])).toBeGreaterThan(0);
    expect(Number(match?.[2])).toBeLessThanOrEqual(60);
  });

  it("readIndex builds INDEX.md when missing", async () => {
    const memory = new FoundryMemory({ root });
    expect(await memory.readIndex()).toBe(
      "# Memory index\nNo active facts yet. memory_write stores one.\n",
    );
    expect(readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8")).toContain(
      "No active facts yet.",
    );
  });

  it("a malformed config is an error naming the file", async () => {
    mkdirSync(path.join(root, ".foundry"), { recursive: true });
    const configPath = path.join(root, ".foundry/config.json");
    writeFileSync(configPath, "{ not json");
    const memory = new FoundryMemory({ root });
    const error = (await memory.rebuildIndex().catch((caught: unknown) => caught)) as MemoryError;
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.message.startsWith(`${configPath} is not valid JSON (`)).toBe(true);
    writeFileSync(configPath, JSON.stringify({ memoryRetrieval: { maxFacts: 40 } }));
    const bound = (await memory
      .search({ query: "x" })
      .catch((caught: unknown) => caught)) as MemoryError;
    expect(bound.message).toBe(
      `${configPath}: memoryRetrieval.maxFacts is 40; it must be an integer from 1 to 25 (default 8).`,
    );
  });
});
