// The SessionStart and PreCompact hooks of the built plugin, fed the JSON Claude Code documents
// for each event: additional context (SessionStart) and plain text (PreCompact), silence where a
// project has no .foundry/, a broken config said on stderr with exit 0, and 10,000 facts.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateTokens } from "@foundry-mcp/tokens";
import { cleanup, makeTempDir, requireBuild } from "./support/server-process";
import { copyPlugin, eventsOf, fillerFacts, makeFact, runPluginHook, seedProject } from "./support/hook-process";

let plugin: string;
beforeAll(() => {
  requireBuild();
  plugin = copyPlugin();
});
afterAll(cleanup);

const RUNBOOK = "---\ntitle: Deploy to production\ntrigger: deploying to production or rolling back a release\n---\n# Deploy\n1. Tag the release.\n";
const contextOf = (stdout: string): string => (JSON.parse(stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } }).hookSpecificOutput.additionalContext;

describe("SessionStart", () => {
  it.each(["startup", "resume", "clear", "compact"])("is silent and creates nothing in a project without .foundry/ (source %s)", (source) => {
    const project = makeTempDir("foundry-hooks-bare-");
    fs.mkdirSync(path.join(project, ".git"));
    expect(runPluginHook(plugin, "SessionStart", project, { source })).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(fs.readdirSync(project)).toEqual([".git"]);
  });

  it("adds the index, the runbooks with their triggers and how to get more, and records session_context", () => {
    const project = seedProject(
      [
        makeFact(1, { type: "decision", title: "Persistence layer uses Flyway, not Liquibase", body: "Plain SQL.\nWhy: the team reads SQL.\nHow to apply: write V<n>__name.sql files." }),
        makeFact(2, { type: "constraint", title: "Money is stored as integer cents", confidence: "high" }),
      ],
      { ".foundry/runbooks/deploy-production.md": RUNBOOK },
    );
    const result = runPluginHook(plugin, "SessionStart", project, { source: "startup", model: "claude-sonnet-4-6" });
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(JSON.parse(result.stdout)).toMatchObject({ hookSpecificOutput: { hookEventName: "SessionStart" } });
    expect(contextOf(result.stdout)).toBe(
      `Project memory (foundry-core, ${project}):\n\n` +
        "# Memory index\nActive facts by priority, titles only. memory_search <keywords> returns bodies and ids.\n\n" +
        "## constraint\n- Money is stored as integer cents\n\n## decision\n- Persistence layer uses Flyway, not Liquibase\n\n" +
        '## Runbooks (runbook_get {"slug"} gives the steps)\n- **deploy-production** — Deploy to production\n  trigger: deploying to production or rolling back a release\n\n' +
        "Before planning or proposing a design, call mcp__plugin_foundry-core_foundry__memory_search with keywords: it returns the facts' bodies and ids. Record what gets settled with memory_write.",
    );
    expect(eventsOf(project)).toMatchObject([{ event: "session_context", source: "startup", listed: 2, active: 2, tokens: estimateTokens(contextOf(result.stdout)) }]);
    // Built from the facts, not written: the hook never takes the write lock INDEX.md needs.
    expect(fs.existsSync(path.join(project, ".foundry/memory/INDEX.md"))).toBe(false);
  });

  it("keeps the index within memoryIndex.budgetTokens at 10,000 facts", () => {
    const project = seedProject(fillerFacts(10_000, 1), { ".foundry/config.json": JSON.stringify({ memoryIndex: { budgetTokens: 1500 } }) });
    const result = runPluginHook(plugin, "SessionStart", project, { source: "resume" });
    expect(result).toMatchObject({ status: 0, stderr: "" });
    const text = contextOf(result.stdout);
    const index = text.slice(text.indexOf("# Memory index"), text.indexOf("\n\nBefore planning"));
    expect(estimateTokens(index)).toBeLessThanOrEqual(1500);
    expect(index).toMatch(/\n\d+ more active facts omitted over budget; memory_search finds them\.$/);
    expect(eventsOf(project)).toMatchObject([{ event: "session_context", source: "resume", active: 10_000 }]);
  });

  it("says what is wrong with a broken config on stderr, adds nothing and exits 0", () => {
    const project = seedProject([makeFact(1)], { ".foundry/config.json": "{ broken" });
    const result = runPluginHook(plugin, "SessionStart", project, { source: "startup" });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(new RegExp(`^foundry-core SessionStart hook: ${path.join(project, ".foundry/config.json").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} is not valid JSON \\(.+\\); fix it or remove it to use the defaults\\.\\n$`));
  });
});

describe("PreCompact", () => {
  const GUIDANCE =
    "Compaction instructions from foundry-core (project memory): keep every decision, constraint, risk and rejected approach from this conversation, each with its reason, in a section of its own; keep file paths and blackboard artifact paths exact. " +
    'End the summary with a list headed "Not yet in memory:" naming each of them that was not stored with memory_write, so it can be written after compaction.\n';

  it.each(["manual", "auto"])("prints the summariser's instructions as plain text and records compact_guidance (%s)", (trigger) => {
    const project = seedProject([makeFact(1)]);
    expect(runPluginHook(plugin, "PreCompact", project, { trigger, custom_instructions: "" })).toEqual({ status: 0, stdout: GUIDANCE, stderr: "" });
    expect(eventsOf(project)).toMatchObject([{ event: "compact_guidance", trigger, tokens: estimateTokens(GUIDANCE.trimEnd()) }]);
  });

  it("is silent without .foundry/", () => {
    const project = makeTempDir("foundry-hooks-bare-");
    expect(runPluginHook(plugin, "PreCompact", project, { trigger: "auto" })).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(fs.readdirSync(project)).toEqual([]);
  });
});
