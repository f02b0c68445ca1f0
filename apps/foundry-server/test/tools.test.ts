// Every tool through the built bundle over stdio, with the SDK client: success and error outputs
// as exact strings (SPEC §2), files on disk, and one recorded event per call.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { estimateTokens, formatTokenCount, formatTokens } from "@foundry-mcp/tokens";
import { callTool, cleanup, connectClient, makeTempDir, requireBuild, writeFiles } from "./support/server-process";

const FLYWAY = {
  title: "Persistence layer uses Flyway, not Liquibase",
  body: "Chosen for the plain-SQL migration format the team already reads.\nWhy: plain SQL.\nHow to apply: write migrations as SQL files.",
  type: "decision",
  source: "adr-0007",
  confidence: "high",
};

const FINDING = {
  title: "Order lookup ignores the caller's tenant",
  severity: "high",
  failureScenario: "A user of tenant A asks for an order of tenant B and gets it.",
};

const indexTokens = (root: string): number => estimateTokens(fs.readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8"));
const events = (root: string): string[] =>
  fs
    .readFileSync(path.join(root, ".foundry/metrics/events.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as { event: string }).event);

beforeAll(requireBuild);
afterAll(cleanup);

describe("memory tools", () => {
  let root: string;
  let client: Client;

  beforeAll(async () => {
    root = makeTempDir("foundry-tools-");
    client = await connectClient(root);
  });

  it("memory_search on empty memory gives the no-hit sentence", async () => {
    expect(await callTool(client, "memory_search", { query: "flyway" })).toEqual({
      text: 'No stored fact matches "flyway". Memory holds 0 active facts.',
      isError: false,
    });
  });

  it("memory_write creates fact-0001, writes the file and reports the index", async () => {
    const { text, isError } = await callTool(client, "memory_write", FLYWAY);
    expect(isError).toBe(false);
    expect(text).toBe(`created: fact-0001\nIndex: 1/1 facts listed, ${formatTokens(indexTokens(root))}, 0 omitted over budget.`);
    expect(fs.readFileSync(path.join(root, ".foundry/memory/facts/fact-0001.md"), "utf8")).toContain("Persistence layer uses Flyway, not Liquibase");
  });

  it("memory_search returns the SPEC block for a hit", async () => {
    expect(await callTool(client, "memory_search", { query: "flyway migrations", type: "decision", limit: 3 })).toEqual({
      text: [
        "### fact-0001 · decision · confidence high",
        "**Persistence layer uses Flyway, not Liquibase**",
        FLYWAY.body,
        "_source: adr-0007 · scope: project_",
      ].join("\n"),
      isError: false,
    });
    expect((await callTool(client, "memory_search", { query: "flyway", type: "risk" })).text).toBe(
      'No stored fact matches "flyway". Memory holds 1 active facts.',
    );
  });

  it("memory_write deduplicates and supersedes", async () => {
    expect(await callTool(client, "memory_write", FLYWAY)).toEqual({
      text: "duplicate: fact-0001 already holds this title and body; nothing written.",
      isError: false,
    });
    const restated = await callTool(client, "memory_write", { ...FLYWAY, title: "Persistence layer uses Flyway not Liquibase", body: `${FLYWAY.body} Baseline first.` });
    expect(restated.text).toBe(`created: fact-0002 (supersedes fact-0001)\nIndex: 1/1 facts listed, ${formatTokens(indexTokens(root))}, 0 omitted over budget.`);
    expect((await callTool(client, "memory_search", { query: "flyway" })).text).toMatch(/^### fact-0002 · decision/);
  });

  it("memory_write errors name the field and the bound", async () => {
    expect(await callTool(client, "memory_write", { title: "x".repeat(81), body: "b", type: "convention" })).toEqual({
      text: "memory_write failed: `title` is 81 characters; the limit is 80.",
      isError: true,
    });
    expect(await callTool(client, "memory_write", { title: "Use Flyway", body: "no reasons", type: "decision" })).toEqual({
      text: 'memory_write failed: body of a decision needs a line starting with Why: and a line starting with How to apply:; add them (for example "Why: …").',
      isError: true,
    });
    expect(await callTool(client, "memory_write", { title: "Many words", body: Array(130).fill("word").join(" "), type: "convention" })).toEqual({
      text: "memory_write failed: body is 130 words; the bound is 120. Keep one atomic fact; split the rest into further facts.",
      isError: true,
    });
    expect(await callTool(client, "memory_write", { title: "t", body: "b", type: "opinion" })).toEqual({
      text: 'memory_write failed: `type` must be one of decision, constraint, convention, domain, risk, metric, glossary; got "opinion".',
      isError: true,
    });
    expect(await callTool(client, "memory_write", { title: "t", body: "b" })).toEqual({
      text: "memory_write failed: `type` is required: What kind of fact this is. One of decision, constraint, convention, domain, risk, metric, glossary.",
      isError: true,
    });
    expect(await callTool(client, "memory_write", { title: "t" })).toEqual({
      text:
        "memory_write failed: `body` and `type` are required: `body`: At most 120 words. For decision and risk include a `Why:` line and a `How to apply:` line. " +
        "`type`: What kind of fact this is. One of decision, constraint, convention, domain, risk, metric, glossary.",
      isError: true,
    });
  });

  it("memory_search errors are results", async () => {
    expect(await callTool(client, "memory_search", { query: "x", limit: 26 })).toEqual({
      text: "memory_search failed: `limit` must be from 1 to 25; got 26.",
      isError: true,
    });
    expect(await callTool(client, "memory_search", {})).toEqual({
      text: "memory_search failed: `query` is required: Keywords describing what you need to know.",
      isError: true,
    });
  });

  it("memory_index reports the absolute path and the budget use", async () => {
    expect(await callTool(client, "memory_index")).toEqual({
      text: `Rebuilt ${path.join(root, ".foundry/memory/INDEX.md")}\n1/1 facts listed, ${formatTokens(indexTokens(root))}, 0 omitted.`,
      isError: false,
    });
  });

  it("records one event per call, failed calls included", () => {
    expect(events(root)).toEqual([
      "memory_search",
      "memory_write",
      "memory_search",
      "memory_search",
      "memory_write",
      "memory_write",
      "memory_search",
      ...Array(6).fill("memory_write"),
      "memory_search",
      "memory_search",
      "memory_index",
    ]);
    expect(fs.readFileSync(path.join(root, ".foundry/.gitignore"), "utf8")).toContain("metrics/");
  });

  it("memory_write's tag bounds in tools/list are the ones memory enforces", async () => {
    const { tools } = await client.listTools();
    const tags = (tools.find((tool) => tool.name === "memory_write")?.inputSchema.properties as Record<string, { maxItems?: number; items?: { maxLength?: number } }>).tags;
    expect({ maxItems: tags?.maxItems, maxLength: tags?.items?.maxLength }).toEqual({ maxItems: 12, maxLength: 40 });
    const thirteen = await callTool(client, "memory_write", { title: "Tagged", body: "b", type: "convention", tags: Array.from({ length: 13 }, (_, i) => `tag${i}`) });
    expect(thirteen).toEqual({ text: "memory_write failed: `tags` has 13 items; the limit is 12.", isError: true });
  });
});

describe("runbook tools", () => {
  it("runbook_list with no runbooks suggests the skill", async () => {
    const client = await connectClient(makeTempDir("foundry-tools-"));
    expect(await callTool(client, "runbook_list")).toEqual({
      text: "No runbooks yet. Create one with the runbook-author skill after any task worth repeating.",
      isError: false,
    });
  });

  it("runbook_list and runbook_get read .foundry/runbooks", async () => {
    const root = makeTempDir("foundry-tools-");
    const deploy = "---\ntitle: Deploy to production\ntrigger: deploy, release to prod\n---\n\n# Deploy to production\n\n1. `pnpm build`\n";
    writeFiles(root, {
      ".foundry/runbooks/deploy-production.md": deploy,
      ".foundry/runbooks/rotate-api-keys.md": "---\ntitle: Rotate third-party API keys\n---\n\n# Rotate\n",
    });
    const client = await connectClient(root);
    expect((await callTool(client, "runbook_list")).text).toBe(
      "- **deploy-production** — Deploy to production\n  trigger: deploy, release to prod\n- **rotate-api-keys** — Rotate third-party API keys",
    );
    expect(await callTool(client, "runbook_get", { slug: "deploy-production" })).toEqual({ text: deploy, isError: false });
    expect(await callTool(client, "runbook_get", { slug: "nope" })).toEqual({
      text: 'runbook_get failed: no runbook "nope". Available: deploy-production, rotate-api-keys.',
      isError: true,
    });
    expect(await callTool(client, "runbook_get", { slug: "../../etc/passwd" })).toEqual({
      text: 'runbook_get failed: slug "../../etc/passwd" is not a runbook name: use letters, digits, ".", "_" and "-" as runbook_list shows them.',
      isError: true,
    });
  });
});

describe("contract_validate", () => {
  let root: string;
  let client: Client;

  beforeAll(async () => {
    root = makeTempDir("foundry-tools-");
    writeFiles(root, {
      "artifacts/good.json": JSON.stringify(FINDING),
      "artifacts/bad.json": JSON.stringify({ title: "x", severity: "high" }),
      ".foundry/contracts/note.v1.json": JSON.stringify({ type: "object", required: ["text"], properties: { text: { type: "string" } } }),
    });
    client = await connectClient(root);
  });

  it("validates data and files", async () => {
    expect(await callTool(client, "contract_validate", { schema: "finding.v1", data: FINDING })).toEqual({ text: "VALID against finding.v1", isError: false });
    expect(await callTool(client, "contract_validate", { schema: "finding.v1", path: "artifacts/bad.json" })).toEqual({
      text: 'INVALID against finding.v1:\n- missing required property "failureScenario"',
      isError: false,
    });
    expect((await callTool(client, "contract_validate", { schema: "finding.v1", path: path.join(root, "artifacts/good.json") })).text).toBe(
      "VALID against finding.v1",
    );
    expect((await callTool(client, "contract_validate", { schema: "note.v1", data: { text: "hi" } })).text).toBe("VALID against note.v1");
  });

  it("refuses missing, doubled, unknown and escaping input", async () => {
    expect(await callTool(client, "contract_validate", { schema: "finding.v1" })).toEqual({
      text: "contract_validate failed: Provide either `data` or `path`.",
      isError: true,
    });
    expect((await callTool(client, "contract_validate", { schema: "finding.v1", data: {}, path: "a.json" })).text).toBe(
      "contract_validate failed: Provide either `data` or `path`, not both: `data` is the artifact itself, `path` a JSON file holding it.",
    );
    expect(await callTool(client, "contract_validate", { schema: "nope.v1", data: {} })).toEqual({
      text: 'contract_validate failed: Unknown contract "nope.v1". Known contracts: analysis.v1, finding.v1, handoff.v1, note.v1, plan.v1, review.v1, task.v1.',
      isError: true,
    });
    expect(await callTool(client, "contract_validate", { schema: "finding.v1", path: "../outside.json" })).toEqual({
      text: 'contract_validate failed: path "../outside.json" leaves the project root; give a file path inside it, relative to the root.',
      isError: true,
    });
    expect((await callTool(client, "contract_validate", { schema: "finding.v1", data: "{}" })).text).toBe(
      'contract_validate failed: `data` must be a JSON object; got the string "{}".',
    );
  });
});

describe("blackboard tools and token_report", () => {
  let root: string;
  let client: Client;
  const review = { summary: "Six findings, two high. Access control on /api/orders is the blocking one.", verdict: "request-changes", findings: [FINDING] };

  beforeAll(async () => {
    root = makeTempDir("foundry-tools-");
    client = await connectClient(root);
  });

  it("blackboard_read of an empty board says so", async () => {
    expect(await callTool(client, "blackboard_read", { wave: "audit" })).toEqual({
      text: 'No wave "audit" on the blackboard: it is empty. Waves appear when blackboard_write stores an artifact.',
      isError: false,
    });
  });

  it("blackboard_write rejects an invalid artifact and writes nothing", async () => {
    expect(await callTool(client, "blackboard_write", { wave: "audit", agent: "x", schema: "finding.v1", data: { title: "t", severity: "high" } })).toEqual({
      text: 'Rejected: artifact does not satisfy finding.v1.\n- missing required property "failureScenario"\nFix and call again.',
      isError: true,
    });
    expect(fs.existsSync(path.join(root, ".foundry/blackboard"))).toBe(false);
  });

  it("blackboard_write stores a valid artifact with schema and producedBy set", async () => {
    const { text, isError } = await callTool(client, "blackboard_write", { wave: "audit", agent: "appsec-reviewer", schema: "review.v1", data: review });
    const file = path.join(root, ".foundry/blackboard/audit/appsec-reviewer.json");
    const stored = fs.readFileSync(file, "utf8");
    expect(isError).toBe(false);
    expect(text).toBe(
      `Wrote .foundry/blackboard/audit/appsec-reviewer.json (${Buffer.byteLength(stored)} bytes, ${formatTokens(estimateTokens(stored))}).\nReturn to your caller ONLY this path and a summary of at most 300 tokens.`,
    );
    expect(JSON.parse(stored)).toEqual({ schema: "review.v1", producedBy: "appsec-reviewer", ...review });
  });

  it("blackboard_write sanitizes names and refuses names that cannot be folders", async () => {
    const { text } = await callTool(client, "blackboard_write", { wave: "audit/../x y", agent: "a".repeat(90), schema: "finding.v1", data: FINDING });
    expect(text).toMatch(new RegExp(`^Wrote \\.foundry/blackboard/audit-\\.\\.-x-y/${"a".repeat(80)}\\.json \\(`));
    expect(await callTool(client, "blackboard_write", { wave: "..", agent: "x", schema: "finding.v1", data: FINDING })).toEqual({
      text: 'blackboard_write failed: wave ".." is ".." after sanitizing, which cannot name a blackboard folder; use letters, digits, ".", "_" or "-", e.g. "audit".',
      isError: true,
    });
    expect((await callTool(client, "blackboard_write", { wave: "audit", agent: "x", schema: "finding.v1" })).text).toBe(
      "blackboard_write failed: `data` is required: The artifact.",
    );
  });

  it("blackboard_read gives one summary line per artifact, or the artifact verbatim with full", async () => {
    const stored = fs.readFileSync(path.join(root, ".foundry/blackboard/audit/appsec-reviewer.json"), "utf8");
    expect(await callTool(client, "blackboard_read", { wave: "audit" })).toEqual({
      text: `- **appsec-reviewer.json** · schema review.v1 · by appsec-reviewer · ${formatTokens(estimateTokens(stored))}\n  ${review.summary}`,
      isError: false,
    });
    const full = await callTool(client, "blackboard_read", { wave: "audit", agent: "appsec-reviewer", full: true });
    expect(full.text).toContain("```json\n");
    expect(full.text).toContain(stored.trim());
  });

  it("token_report joins memory, blackboard and event figures", async () => {
    await callTool(client, "memory_write", FLYWAY);
    const artifacts = fs
      .readdirSync(path.join(root, ".foundry/blackboard"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => estimateTokens(fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8")))
      .reduce((sum, tokens) => sum + tokens, 0);
    const fact = estimateTokens(fs.readFileSync(path.join(root, ".foundry/memory/facts/fact-0001.md"), "utf8"));
    const index = indexTokens(root);
    expect(await callTool(client, "token_report")).toEqual({
      text: [
        "# Foundry token report",
        "",
        `- Memory index: ${formatTokens(index)} of a 4000 budget (always in context)`,
        `- Facts stored: 1, ${formatTokens(fact)} total (retrieved on demand only)`,
        `- Blackboard artifacts: ${formatTokens(artifacts)} (never enter context wholesale)`,
        "- Recorded events: blackboard_read=3, blackboard_write=5, memory_write=1, token_report=1",
        "",
        `Loading all memory eagerly would cost ${formatTokens(fact + artifacts)} per session; the index-first path costs ${formatTokenCount(index)}.`,
        "",
        `Project root: ${root}`,
      ].join("\n"),
      isError: false,
    });
  });

  it("token_report honours memoryIndex.budgetTokens and counts gate_blocked events", async () => {
    writeFiles(root, {
      ".foundry/config.json": JSON.stringify({ memoryIndex: { budgetTokens: 1500 } }),
      ".foundry/metrics/events.jsonl": `${fs.readFileSync(path.join(root, ".foundry/metrics/events.jsonl"), "utf8")}{"ts":"2026-01-01T00:00:00.000Z","event":"gate_blocked","tool":"Read"}\n`,
    });
    const { text } = await callTool(client, "token_report");
    expect(text).toContain(" of a 1500 budget (always in context)");
    expect(text).toContain("- Recorded events: blackboard_read=3, blackboard_write=5, memory_write=1, token_report=2, gate_blocked=1");
  });
});
