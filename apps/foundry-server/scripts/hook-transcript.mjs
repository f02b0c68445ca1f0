#!/usr/bin/env node
// Prints the transcript excerpt on the first screen of the plugin README: a small project's
// memory, the built plugin's hooks run as Claude Code runs them (hooks.json's commands, the
// documented event JSON on stdin), and what each put in front of the model, verbatim. Only the
// temporary project folder is shown as ~/shop. test/hook-transcript.test.ts checks that the
// README holds this output. Run after `pnpm build`: node scripts/hook-transcript.mjs
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serializeFact } from "@foundry-mcp/memory";

const appDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const plugin = path.join(appDir, "dist", "plugin", "foundry-core");
const hooks = JSON.parse(fs.readFileSync(path.join(plugin, "hooks", "hooks.json"), "utf8")).hooks;

const FACTS = [
  ["constraint", "Money is stored as integer cents", "Amounts are integers in the smallest currency unit; never floats.", "high"],
  ["decision", "Refunds go through Stripe's Refund API, never manual transfers", "Why: finance reconciles from Stripe only.\nHow to apply: call refunds.create with the charge id and an idempotency key.", "high"],
  ["decision", "Persistence layer uses Flyway, not Liquibase", "Why: the team reads plain SQL.\nHow to apply: add V<n>__name.sql under db/migration.", "medium"],
  ["convention", "API errors use RFC 9457 problem+json", "Every 4xx and 5xx body is application/problem+json with type, title and detail.", "medium"],
  ["risk", "The orders table is locked by long migrations", "Why: it is the busiest table.\nHow to apply: add columns nullable, backfill in batches.", "medium"],
];
const RUNBOOK = "---\ntitle: Deploy to production\ntrigger: deploying to production or rolling back a release\n---\n# Deploy to production\n1. Tag the release.\n";

function seedProject() {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "foundry-transcript-"));
  const facts = path.join(project, ".foundry/memory/facts");
  fs.mkdirSync(facts, { recursive: true });
  FACTS.forEach(([type, title, body, confidence], at) => {
    const id = `fact-${String(at + 1).padStart(4, "0")}`;
    const fact = { id, type, title, body, scope: "project", tags: [], confidence, source: "conversation", created: `2026-11-0${at + 1}T09:00:00Z` };
    fs.writeFileSync(path.join(facts, `${id}.md`), serializeFact(fact));
  });
  fs.mkdirSync(path.join(project, ".foundry/runbooks"));
  fs.writeFileSync(path.join(project, ".foundry/runbooks/deploy-production.md"), RUNBOOK);
  return project;
}

/** Runs the plugin's command for `event` as Claude Code does and returns what reaches the model. */
function run(project, event, input) {
  const command = hooks[event][0].hooks[0].command;
  const body = JSON.stringify({ session_id: "3f2c", transcript_path: path.join(project, "session.jsonl"), cwd: project, hook_event_name: event, ...input });
  const result = spawnSync("sh", ["-c", command], { input: body, encoding: "utf8", cwd: project, env: { PATH: process.env.PATH, CLAUDE_PLUGIN_ROOT: plugin, CLAUDE_PROJECT_DIR: project } });
  if (result.status !== 0 || result.stderr) throw new Error(`${event} hook failed: ${result.stderr}`);
  const output = JSON.parse(result.stdout);
  return output.hookSpecificOutput?.additionalContext ?? output.reason;
}

const indent = (text) => text.split("\n").map((line) => (line ? `  ${line}` : "")).join("\n");

const project = seedProject();
try {
  const prompt = "Add a refund endpoint for cancelled orders; the amount comes from the order total.";
  const shown = (text) => text.replaceAll(project, "~/shop");
  const lines = [
    "$ claude                                   # in ~/shop, a project with .foundry/",
    "⎿ SessionStart:startup hook added to the context:",
    indent(shown(run(project, "SessionStart", { source: "startup" }))),
    "",
    `> ${prompt}`,
    "⎿ UserPromptSubmit hook added to the context:",
    indent(shown(run(project, "UserPromptSubmit", { permission_mode: "default", prompt }))),
    "",
    "⎿ SubagentStop hook sent the code-reviewer sub-agent back:",
    indent(shown(run(project, "SubagentStop", { stop_hook_active: false, agent_id: "a7", agent_type: "code-reviewer", last_assistant_message: "Review of the refund endpoint. ".repeat(240) }))),
  ];
  console.log(lines.join("\n"));
} finally {
  fs.rmSync(project, { recursive: true, force: true });
}
