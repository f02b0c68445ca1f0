// The UserPromptSubmit hook of the built plugin, fed the JSON Claude Code documents: the facts
// a prompt needs as additional context (at most promptRecall.maxFacts and maxTokens), matching
// runbooks, nothing below the relevance floor, and never a blocked prompt: no .foundry/, a broken
// config, 10,000 facts, a prompt in another language, a prompt of 100 KB, the write lock held.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MarkdownFactStore } from "@foundry-mcp/memory";
import { estimateTokens } from "@foundry-mcp/tokens";
import { cleanup, makeTempDir, requireBuild } from "./support/server-process";
import { copyPlugin, eventsOf, fillerFacts, makeFact, runPluginHook, seedProject } from "./support/hook-process";
import type { HookResult } from "./support/hook-process";

let plugin: string;
beforeAll(() => {
  requireBuild();
  plugin = copyPlugin();
});
afterAll(cleanup);

const FLYWAY = makeFact(1, { type: "decision", title: "Persistence layer uses Flyway, not Liquibase", body: "Migrations are plain SQL files.\nWhy: the team reads SQL.\nHow to apply: add V<n>__name.sql under db/migration.", confidence: "high", source: "adr-0007" });
const CENTS = makeFact(2, { type: "constraint", title: "Money is stored as integer cents", body: "Never floats for amounts; convert at the edge." });
const FLYWAY_BLOCK = "### fact-0001 · decision · confidence high\n**Persistence layer uses Flyway, not Liquibase**\nMigrations are plain SQL files.\nWhy: the team reads SQL.\nHow to apply: add V<n>__name.sql under db/migration.\n_source: adr-0007 · scope: project_";
const HEADER = "Project memory that may bear on this prompt (foundry-core recall; memory_search finds more):";
const FOOTER = "(Tools: mcp__plugin_foundry-core_foundry__memory_search, mcp__plugin_foundry-core_foundry__runbook_get.)";

const prompt = (project: string, text: string, env: Record<string, string> = {}): HookResult => runPluginHook(plugin, "UserPromptSubmit", project, { permission_mode: "default", prompt: text }, env);
const contextOf = (result: HookResult): string => {
  const output = JSON.parse(result.stdout) as { hookSpecificOutput: { hookEventName: string; additionalContext: string } };
  expect(output.hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
  return output.hookSpecificOutput.additionalContext;
};

describe("UserPromptSubmit", () => {
  it("is silent and creates nothing in a project without .foundry/", () => {
    const project = makeTempDir("foundry-hooks-bare-");
    expect(prompt(project, "Which migration tool do we use?")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(fs.readdirSync(project)).toEqual([]);
  });

  it("adds the fact a prompt about a recorded decision needs, and records prompt_recall", () => {
    const project = seedProject([FLYWAY, CENTS, ...fillerFacts(200, 3)]);
    const result = prompt(project, "Add a migration for the orders table; which migration tool do we use, Flyway or Liquibase?");
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(contextOf(result)).toBe(`${HEADER}\n\n${FLYWAY_BLOCK}\n\n${FOOTER}`);
    expect(eventsOf(project)).toMatchObject([{ event: "prompt_recall", facts: 1, ids: ["fact-0001"], runbooks: [], tokens: estimateTokens(contextOf(result)) }]);
  });

  it("prints nothing when no fact clears the relevance floor, and still records the event", () => {
    const project = seedProject([FLYWAY, CENTS, ...fillerFacts(200, 3)]);
    expect(prompt(project, "Please fix the typo in the README header.")).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(eventsOf(project)).toMatchObject([{ event: "prompt_recall", facts: 0, tokens: 0 }]);
  });

  it("adds a runbook whose trigger the prompt matches", () => {
    const project = seedProject([CENTS], { ".foundry/runbooks/deploy-production.md": "---\ntitle: Deploy to production\ntrigger: deploying to production or rolling back a release\n---\n# Deploy\n" });
    const result = prompt(project, "We are deploying to production tonight, get ready.");
    expect(contextOf(result)).toBe(
      `${HEADER}\n\n- Runbook **deploy-production** applies (trigger: deploying to production or rolling back a release): read it with runbook_get {"slug":"deploy-production"} before you start.\n\n${FOOTER}`,
    );
    expect(eventsOf(project)).toMatchObject([{ event: "prompt_recall", facts: 0, runbooks: ["deploy-production"] }]);
  });

  it("adds at most promptRecall.maxFacts facts, within promptRecall.maxTokens", () => {
    const related = Array.from({ length: 6 }, (_, at) => makeFact(at + 1, { title: `Invoice export rule ${at + 1}`, body: `Invoice exports follow rule ${at + 1} for the ledger.`, tags: ["invoice"] }));
    const three = seedProject([...related, ...fillerFacts(100, 7)]);
    expect(contextOf(prompt(three, "How do invoice exports work?")).match(/^### fact-/gm)).toHaveLength(3);
    const one = seedProject([...related, ...fillerFacts(100, 7)], { ".foundry/config.json": JSON.stringify({ promptRecall: { maxFacts: 1 } }) });
    expect(contextOf(prompt(one, "How do invoice exports work?")).match(/^### fact-/gm)).toHaveLength(1);
    const tight = seedProject([...related, ...fillerFacts(100, 7)], { ".foundry/config.json": JSON.stringify({ promptRecall: { maxFacts: 5, maxTokens: 60 } }) });
    const text = contextOf(prompt(tight, "How do invoice exports work?"));
    const blocks = text.split("\n\n").filter((part) => part.startsWith("### fact-"));
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    expect(blocks.reduce((sum, block) => sum + estimateTokens(block), 0)).toBeLessThanOrEqual(60);
  });

  it("recalls the one fact that answers at 10,000 facts", () => {
    const project = seedProject([...fillerFacts(9_999, 1), makeFact(10_000, { ...FLYWAY, id: "fact-10000" })]);
    const text = contextOf(prompt(project, "Which migration tool, Flyway or Liquibase?"));
    expect(text.startsWith(`${HEADER}\n\n### fact-10000 · decision · confidence high\n**Persistence layer uses Flyway, not Liquibase**\n`)).toBe(true);
  });

  it("recalls a fact written in the prompt's language, and says nothing for a prompt in a script no fact uses", () => {
    const project = seedProject([CENTS, makeFact(3, { title: "La base de données de production est PostgreSQL 16", body: "Aucune autre base en production." })]);
    const french = contextOf(prompt(project, "Quelle version de PostgreSQL pour la base de données de production ?"));
    expect(french).toContain("### fact-0003 · convention · confidence medium\n**La base de données de production est PostgreSQL 16**\n");
    expect(prompt(project, "データベースの移行はどうしますか？")).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("answers a 100 KB prompt from its keywords", () => {
    const project = seedProject([FLYWAY, CENTS, ...fillerFacts(200, 3)]);
    const log = Array.from({ length: 2_000 }, (_, at) => `2026-12-04T10:00:${String(at % 60).padStart(2, "0")} worker-${at % 7} heartbeat ok`).join("\n");
    const text = `Which migration tool do we use, Flyway or Liquibase? The job log follows.\n${log}`.padEnd(100 * 1024, " x");
    expect(text.length).toBe(100 * 1024);
    const result = prompt(project, text);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(contextOf(result)).toBe(`${HEADER}\n\n${FLYWAY_BLOCK}\n\n${FOOTER}`);
  });

  it("says what is wrong with a broken config on stderr, adds nothing and exits 0", () => {
    const project = seedProject([FLYWAY], { ".foundry/config.json": JSON.stringify({ promptRecall: { maxFacts: 0 } }) });
    expect(prompt(project, "Which migration tool do we use?")).toEqual({
      status: 0,
      stdout: "",
      stderr: `foundry-core UserPromptSubmit hook: ${path.join(project, ".foundry/config.json")}: promptRecall.maxFacts is 0; it must be an integer from 1 to 25 (default 3).\n`,
    });
  });

  it("lets input that is not JSON through with a note on stderr", () => {
    const project = seedProject([FLYWAY]);
    expect(runPluginHook(plugin, "UserPromptSubmit", project, "not json")).toEqual({ status: 0, stdout: "", stderr: "foundry-core UserPromptSubmit hook: its input is not the JSON object Claude Code sends; nothing was added.\n" });
  });

  it("answers while another process holds the memory write lock (it never takes it)", async () => {
    const project = seedProject([FLYWAY, CENTS]);
    const store = new MarkdownFactStore({ root: project, watch: "off" });
    const result = await store.withWriteLock(async () => prompt(project, "Which migration tool do we use, Flyway or Liquibase?"));
    store.close();
    expect(contextOf(result)).toBe(`${HEADER}\n\n${FLYWAY_BLOCK}\n\n${FOOTER}`);
  });
});
