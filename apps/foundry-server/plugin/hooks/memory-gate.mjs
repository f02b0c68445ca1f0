#!/usr/bin/env node
// Claude Code PreToolUse hook of the foundry-core plugin (matcher Read|Grep|Glob|Bash).
// Memory facts are meant to be searched (memory_search), not loaded whole, so a tool call that
// reads files under .foundry/memory is blocked: exit code 2, with the reason on stderr for the
// model, and a `gate_blocked` event appended to .foundry/metrics/events.jsonl (the line format
// @foundry-mcp/memory's recordEvent writes, so token_report counts it). Anything else, including
// input this script cannot parse, is let through with exit code 0. No dependencies.
import fs from "node:fs";
import path from "node:path";

const MEMORY_DIR = /(^|[\\/])\.foundry[\\/]+memory([\\/]|$)/;
const MENTIONS_MEMORY = /\.foundry[\\/]+memory/;
// Shell commands that print or copy file contents.
const READS_FILES =
  /(^|[\s;&|(`$])(cat|tac|head|tail|less|more|bat|nl|od|xxd|hexdump|strings|grep|egrep|fgrep|rg|ag|ack|sed|awk|cut|sort|uniq|wc|diff|cp|rsync|jq|yq|view|vi|vim|nvim|nano|emacs|python3?|node|perl|ruby|find|xargs|tar|zip|base64|source)(\s|$)|git\s+(show|diff|grep|log|blame)|<\s*["']?[^\s"']*\.foundry[\\/]+memory/;

const REASON =
  "Blocked: .foundry/memory files are not read directly; loading them whole wastes context. " +
  "Call memory_search (mcp__plugin_foundry-core_foundry__memory_search) with keywords for the facts you need; " +
  "the budgeted index is the foundry://memory/index resource. To change memory, use memory_write.";

/** What the tool call would read, as text to test against the memory folder, or undefined. */
function blockedTarget(toolName, input) {
  if (!input || typeof input !== "object") return undefined;
  const strings = (...values) => values.filter((value) => typeof value === "string" && value !== "");
  switch (toolName) {
    case "Read":
      return strings(input.file_path, input.path).find((value) => MEMORY_DIR.test(value));
    case "Grep":
    case "Glob": {
      const base = typeof input.path === "string" ? input.path : "";
      const patterns = strings(input.glob, input.pattern);
      if (MEMORY_DIR.test(base)) return base;
      if (toolName === "Glob") return patterns.map((pattern) => path.join(base, pattern)).find((value) => MENTIONS_MEMORY.test(value));
      return strings(input.glob).find((value) => MENTIONS_MEMORY.test(value));
    }
    case "Bash": {
      const command = typeof input.command === "string" ? input.command : "";
      return MENTIONS_MEMORY.test(command) && READS_FILES.test(command) ? command : undefined;
    }
    default:
      return undefined;
  }
}

function projectRoot(event) {
  return process.env.FOUNDRY_ROOT || process.env.CLAUDE_PROJECT_DIR || (typeof event.cwd === "string" && event.cwd) || process.cwd();
}

/** Keeps metrics/ out of git, as memory's recordEvent does (.foundry/.gitignore). */
function ensureMetricsIgnored(foundryDir) {
  const file = path.join(foundryDir, ".gitignore");
  let current = "";
  try {
    current = fs.readFileSync(file, "utf8");
  } catch {
    // no .gitignore yet
  }
  const lines = current.split(/\r?\n/).map((line) => line.trim());
  if (lines.includes("metrics/") || lines.includes("metrics") || lines.includes("/metrics/")) return;
  const prefix = current.length > 0 && !current.endsWith("\n") ? "\n" : "";
  fs.appendFileSync(file, `${prefix}# Foundry metrics are local to each checkout\nmetrics/\n`);
}

function recordGateBlocked(root, toolName) {
  const directory = path.join(root, ".foundry", "metrics");
  // Same line as memory's recordEvent: {"ts": ISO time, "event": name, ...detail}, one append.
  const line = JSON.stringify({ ts: new Date().toISOString(), event: "gate_blocked", tool: toolName });
  try {
    fs.mkdirSync(directory, { recursive: true });
    fs.appendFileSync(path.join(directory, "events.jsonl"), line + "\n", { flag: "a" });
    ensureMetricsIgnored(path.dirname(directory));
  } catch (error) {
    process.stderr.write(`(foundry-core could not record the gate_blocked event: ${error.message})\n`);
  }
}

function readStdin() {
  try {
    return fs.readFileSync(0, "utf8");
  } catch {
    return "";
  }
}

let event;
try {
  event = JSON.parse(readStdin());
} catch {
  process.exit(0);
}
if (!event || typeof event !== "object") process.exit(0);
const toolName = event.tool_name;
if (blockedTarget(toolName, event.tool_input) === undefined) process.exit(0);
recordGateBlocked(projectRoot(event), toolName);
process.stderr.write(REASON + "\n");
process.exit(2);
