import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { estimateTokens } from "@foundry-mcp/tokens";
import { describe, expect, it } from "vitest";
import { FINDING, REVIEW, freshBoard } from "./helpers";

async function tokensOf(root: string, relative: string): Promise<number> {
  return estimateTokens(await readFile(path.join(root, relative), "utf8"));
}

describe("Blackboard.read summaries", () => {
  it("prints one SPEC entry per artifact, sorted by file name", async () => {
    const { root, board } = await freshBoard();
    await board.write({
      wave: "audit",
      agent: "appsec-reviewer",
      schema: "review.v1",
      data: REVIEW,
    });
    await board.write({
      wave: "audit",
      agent: "api-reviewer",
      schema: "finding.v1",
      data: FINDING,
    });
    const appsec = await tokensOf(root, ".foundry/blackboard/audit/appsec-reviewer.json");
    const api = await tokensOf(root, ".foundry/blackboard/audit/api-reviewer.json");
    expect(await board.read({ wave: "audit" })).toEqual({
      artifacts: 2,
      found: true,
      text: [
        `- **api-reviewer.json** · schema finding.v1 · by api-reviewer · ~${api} tokens`,
        "  Order lookup ignores the caller's tenant",
        `- **appsec-reviewer.json** · schema review.v1 · by appsec-reviewer · ~${appsec} tokens`,
        "  Six findings, two high. Access control on /api/orders is the blocking one.",
      ].join("\n"),
    });
  });

  it("takes summary, then title, then goal, on one line cut to 400 characters", async () => {
    const { board } = await freshBoard();
    await board.write({
      wave: "w",
      agent: "a-summary",
      schema: "task.v1",
      data: {
        id: "T",
        title: "the title",
        status: "todo",
        goal: "g",
        summary: "  the\n summary  ",
      },
    });
    await board.write({
      wave: "w",
      agent: "b-title",
      schema: "task.v1",
      data: { id: "T", title: "the title", status: "todo", goal: "the goal" },
    });
    await board.write({
      wave: "w",
      agent: "c-goal",
      schema: "plan.v1",
      data: { goal: "the goal", steps: [{ id: "s", title: "s" }] },
    });
    await board.write({
      wave: "w",
      agent: "d-long",
      schema: "handoff.v1",
      data: { summary: `${"é".repeat(399)}😀tail`, nextSteps: ["x"] },
    });
    await board.write({
      wave: "w",
      agent: "e-none",
      schema: "analysis.v1",
      data: { question: "q", summary: "s" },
    });
    const lines = (await board.read({ wave: "w" })).text
      .split("\n")
      .filter((line) => line.startsWith("  "));
    expect(lines).toEqual([
      "  the summary",
      "  the title",
      "  the goal",
      `  ${"é".repeat(399)}😀`,
      "  s",
    ]);
  });

  it("says (no summary field), (none) and (unknown) for hand-written files, and survives non-JSON", async () => {
    const { root, board } = await freshBoard();
    const dir = path.join(root, ".foundry", "blackboard", "manual");
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "bare.json"), JSON.stringify({ notes: "x" }));
    await writeFile(path.join(dir, "broken.json"), "{ half");
    await writeFile(path.join(dir, "README.md"), "not an artifact");
    await writeFile(path.join(dir, ".bare.json.123.abc.tmp"), "{");
    const bare = await tokensOf(root, ".foundry/blackboard/manual/bare.json");
    const broken = await tokensOf(root, ".foundry/blackboard/manual/broken.json");
    expect(await board.read({ wave: "manual" })).toEqual({
      artifacts: 2,
      found: true,
      text: [
        `- **bare.json** · schema (none) · by (unknown) · ~${bare} tokens`,
        "  (no summary field)",
        `- **broken.json** · not a JSON object · ~${broken} tokens`,
        "  (no summary field)",
      ].join("\n"),
    });
  });

  it("limits to one agent, sanitizing its name like write does", async () => {
    const { board } = await freshBoard();
    await board.write({
      wave: "audit",
      agent: "AppSec Reviewer",
      schema: "review.v1",
      data: REVIEW,
    });
    await board.write({ wave: "audit", agent: "other", schema: "finding.v1", data: FINDING });
    const result = await board.read({ wave: "audit", agent: "AppSec Reviewer" });
    expect(result.artifacts).toBe(1);
    expect(result.text).toMatch(
      /^- \*\*AppSec-Reviewer\.json\*\* · schema review\.v1 · by AppSec-Reviewer · ~\d+ tokens\n {2}Six findings/,
    );
  });
});

describe("Blackboard.read full", () => {
  it("returns each artifact verbatim in a JSON code block", async () => {
    const { root, board } = await freshBoard();
    await board.write({
      wave: "audit",
      agent: "appsec-reviewer",
      schema: "review.v1",
      data: REVIEW,
    });
    const text = await readFile(
      path.join(root, ".foundry/blackboard/audit/appsec-reviewer.json"),
      "utf8",
    );
    const result = await board.read({ wave: "audit", agent: "appsec-reviewer", full: true });
    expect(result).toEqual({
      artifacts: 1,
      found: true,
      text: `**appsec-reviewer.json** · ~${estimateTokens(text)} tokens\n\`\`\`json\n${text.trimEnd()}\n\`\`\``,
    });
  });

  it("uses a longer fence when the artifact itself contains backticks", async () => {
    const { board } = await freshBoard();
    await board.write({
      wave: "w",
      agent: "a",
      schema: "handoff.v1",
      data: { summary: "run ````pnpm test````", nextSteps: ["x"] },
    });
    const { text } = await board.read({ wave: "w", full: true });
    expect(text.split("\n")[1]).toBe("`````json");
    expect(text.endsWith("\n`````")).toBe(true);
  });
});

describe("Blackboard.read of what does not exist", () => {
  it("an unknown wave on an empty blackboard", async () => {
    const { board } = await freshBoard();
    expect(await board.read({ wave: "audit" })).toEqual({
      artifacts: 0,
      found: false,
      text: 'No wave "audit" on the blackboard: it is empty. Waves appear when blackboard_write stores an artifact.',
    });
  });

  it("an unknown wave lists the waves that exist", async () => {
    const { board } = await freshBoard();
    await board.write({ wave: "analysis", agent: "a", schema: "finding.v1", data: FINDING });
    await board.write({ wave: "analysis", agent: "b", schema: "finding.v1", data: FINDING });
    await board.write({ wave: "audit", agent: "a", schema: "finding.v1", data: FINDING });
    expect((await board.read({ wave: "planning" })).text).toBe(
      'No wave "planning" on the blackboard. Waves: analysis (2 artifacts), audit (1 artifact).',
    );
  });

  it("an unknown agent lists the artifacts of the wave", async () => {
    const { board } = await freshBoard();
    await board.write({ wave: "audit", agent: "a", schema: "finding.v1", data: FINDING });
    await board.write({ wave: "audit", agent: "b", schema: "finding.v1", data: FINDING });
    expect(await board.read({ wave: "audit", agent: "c" })).toEqual({
      artifacts: 0,
      found: false,
      text: 'No artifact from agent "c" in wave "audit". Artifacts: a.json, b.json.',
    });
  });

  it("an empty wave folder", async () => {
    const { root, board } = await freshBoard();
    await mkdir(path.join(root, ".foundry", "blackboard", "empty"), { recursive: true });
    expect(await board.read({ wave: "empty" })).toEqual({
      artifacts: 0,
      found: true,
      text: 'Wave "empty" has no artifacts yet.',
    });
    expect((await board.read({ wave: "empty", agent: "x" })).text).toBe(
      'No artifact from agent "x" in wave "empty". It has no artifacts yet.',
    );
  });
});

describe("listWaves and totals", () => {
  it("count waves, artifacts, bytes and tokens from the files on disk", async () => {
    const { root, board } = await freshBoard();
    expect(await board.listWaves()).toEqual([]);
    expect(await board.totals()).toEqual({ waves: 0, artifacts: 0, bytes: 0, tokens: 0 });
    const first = await board.write({
      wave: "audit",
      agent: "a",
      schema: "review.v1",
      data: REVIEW,
    });
    const second = await board.write({
      wave: "audit",
      agent: "b",
      schema: "finding.v1",
      data: FINDING,
    });
    const third = await board.write({
      wave: "analysis",
      agent: "a",
      schema: "finding.v1",
      data: FINDING,
    });
    await mkdir(path.join(root, ".foundry", "blackboard", "empty"));
    if (!first.ok || !second.ok || !third.ok) throw new Error("writes failed");
    expect(await board.listWaves()).toEqual([
      { wave: "analysis", artifacts: 1, bytes: third.bytes, tokens: third.tokens },
      {
        wave: "audit",
        artifacts: 2,
        bytes: first.bytes + second.bytes,
        tokens: first.tokens + second.tokens,
      },
      { wave: "empty", artifacts: 0, bytes: 0, tokens: 0 },
    ]);
    expect(await board.totals()).toEqual({
      waves: 3,
      artifacts: 3,
      bytes: first.bytes + second.bytes + third.bytes,
      tokens: first.tokens + second.tokens + third.tokens,
    });
    const artifacts = await board.artifacts("audit");
    expect(artifacts.map((artifact) => artifact.path)).toEqual([
      ".foundry/blackboard/audit/a.json",
      ".foundry/blackboard/audit/b.json",
    ]);
  });
});
