#!/usr/bin/env node
// Claude Code PreToolUse hook of the foundry-core plugin (matcher in hooks.json: Read, Grep, Glob,
// Bash, PowerShell and MCP tools whose names say they read or search files, except the plugin's
// own memory_search and blackboard_read, which would only pay the gate's node start-up).
// Memory facts are meant to be searched (memory_search), not loaded whole, so a tool call that
// reads files under .foundry/memory is blocked: exit code 2, with the reason on stderr for the
// model, and a `gate_blocked` event appended to .foundry/metrics/events.jsonl (the line format
// @foundry-mcp/memory's recordEvent writes, so token_report counts it). Anything else, including
// input this script cannot parse, is let through with exit code 0. No dependencies.
//
// What counts as reaching memory: a path or glob with a `.foundry` segment followed by nothing
// (the folder itself, searched recursively), by `memory…`, or by wildcards that can match
// `memory/…`; or a file-name glob aimed at fact files (`**/fact-*.md`) from a folder above
// .foundry/memory/facts. Project-wide searches that do not name .foundry stay allowed, so
// agents can still search their code.
import fs from "node:fs";
import path from "node:path";

// Shell commands that print or copy file contents (find only when it runs a command on files).
const READS_FILES =
  /(^|[\s;&|(`$'"])(cat|tac|head|tail|less|more|bat|nl|od|xxd|hexdump|strings|grep|egrep|fgrep|zgrep|rg|ag|ack|sed|awk|gawk|cut|sort|uniq|wc|diff|cp|rsync|jq|yq|view|vi|vim|nvim|nano|emacs|python3?|node|perl|ruby|xargs|tar|zip|base64|source)(\s|$)|(^|[\s;&|(`$])find\s.*\s-(exec|execdir|ok|okdir)(\s|$)|git\s+(show|diff|grep|log|blame)/;

// PowerShell cmdlets and aliases that print or copy file contents (case-insensitive, as PowerShell is).
const POWERSHELL_READS =
  /(^|[\s;&|({$'"])(get-content|gc|cat|type|select-string|sls|copy-item|copy|cp|cpi|import-csv|import-clixml|format-hex|more|get-filehash|\[(system\.)?io\.file\]::read\w*)(\s|$|\()/i;

// MCP tools (another server's) that read or search file contents, by name; writers are not gated,
// like the built-in Write. This plugin's own server is never gated: it is the way in.
const MCP_READER = /read|search|grep|get_file|file_contents|view|open/i;
const MCP_WRITER = /write|edit|create|move|delete|remove|rename/i;
const OWN_SERVER = /^mcp__(plugin_foundry-core_foundry|foundry)__/;
// The plugin's own read tools under any server name (foya's namespaced copies such as
// mcp__foya__mcp__foundry__memory_search): hooks.json's matcher leaves them out too (issue #36 D8).
const OWN_READ_TOOL = /__(memory_search|blackboard_read)$/;
const MCP_PATH_KEYS = ["path", "paths", "file_path", "filePath", "file", "files", "uri", "directory", "dir", "root", "source"];

// Representative memory files, as segments below a .foundry folder.
const MEMORY_FILES = [
  ["memory", "facts", "fact-0001.md"],
  ["memory", "INDEX.md"],
];
const FACT_NAMES = ["fact-0001.md", "fact-0042.md", "fact-0100.md", "fact-1000.md", "fact-12345.md"];

const REASON =
  "Blocked: .foundry/memory files are not read directly; loading them whole wastes context. " +
  "Call memory_search (mcp__plugin_foundry-core_foundry__memory_search) with keywords for the facts you need; " +
  "the budgeted index is the foundry://memory/index resource. To change memory, use memory_write.";

/** Regex source for one glob segment: `*`, `?`, `[…]`, `{a,b}`; everything else literal. */
function segmentSource(segment) {
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    const close = char === "[" ? segment.indexOf("]", i + 2) : char === "{" ? segment.indexOf("}", i + 1) : -1;
    if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else if (char === "[" && close !== -1) {
      const body = segment.slice(i + 1, close).replace(/^!/, "^").replace(/\\/g, "\\\\");
      source += `[${body}]`;
      i = close;
    } else if (char === "{" && close !== -1) {
      source += `(?:${segment.slice(i + 1, close).split(",").map(segmentSource).join("|")})`;
      i = close;
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return source;
}

/** Whether glob `segment` matches the name `name` (case-insensitive: macOS folders are). */
function segmentMatches(segment, name) {
  if (segment === "**") return true;
  try {
    return new RegExp(`^${segmentSource(segment)}$`, "i").test(name);
  } catch {
    return segment.toLowerCase() === name.toLowerCase();
  }
}

/** Whether glob segments match path segments exactly, `**` standing for any number of them. */
function matchSegments(pattern, target, p = 0, t = 0) {
  if (p === pattern.length) return t === target.length;
  if (pattern[p] === "**") {
    for (let k = t; k <= target.length; k++) if (matchSegments(pattern, target, p + 1, k)) return true;
    return false;
  }
  return t < target.length && segmentMatches(pattern[p], target[t]) && matchSegments(pattern, target, p + 1, t + 1);
}

/** Normalised segments of a path or glob (`./.foundry/` → [".foundry"], `a/../b` → ["b"]). */
function segmentsOf(value) {
  return path.posix.normalize(value).split("/").filter((segment) => segment !== "" && segment !== ".");
}

/**
 * Whether `value` names memory below a `.foundry` segment. "tree": a folder searched
 * recursively or a file, so `.foundry` itself and any folder on the way to a memory file
 * count; "files": a glob of files, which must match a memory file.
 */
function namesMemory(value, mode) {
  const segments = segmentsOf(value);
  return segments.some((segment, index) => {
    if (!segment.startsWith(".") || !segmentMatches(segment, ".foundry")) return false;
    const rest = segments.slice(index + 1);
    return MEMORY_FILES.some((file) => {
      if (mode === "files") return matchSegments(rest, file);
      for (let depth = 0; depth <= file.length; depth++) if (matchSegments(rest, file.slice(0, depth))) return true;
      return false;
    });
  });
}

/** Whether a file-name glob names fact files: it says "fact" and matches fact-NNNN.md names. */
function namesFactFiles(name) {
  return /fact/i.test(name) && FACT_NAMES.some((sample) => segmentMatches(name, sample));
}

/** Whether glob `full` (absolute) picks fact files of a .foundry folder in one of `roots`. */
function globsFactFiles(full, roots) {
  const segments = segmentsOf(full);
  const name = segments.pop();
  if (name === undefined || !namesFactFiles(name)) return false;
  return roots.some((root) => matchSegments(segments, segmentsOf(path.posix.join(root, ".foundry/memory/facts"))));
}

/** Words of a shell command with quotes removed; `--opt=value` also yields `value`. */
function shellWords(command) {
  return command.split(/[\s;&|()`<>]+/).map((word) => word.replace(/["']/g, "")).filter(Boolean);
}

const EXCLUDES = /^--?(exclude|ignore)/i;
const FILE_FILTERS = /^(-i?name|-i?path|-g|--glob|--iglob|--include)$/;

/**
 * Whether a shell command reads memory: input redirected from a memory file, or a command that
 * prints or copies files together with a word naming memory (or fact files by name).
 */
function commandReadsMemory(command, readsFiles = READS_FILES) {
  const redirected = [...command.matchAll(/<(?!<)\s*([^\s;&|()<>`]+)/g)].map((match) => match[1].replace(/["']/g, ""));
  if (redirected.some((target) => namesMemory(target, "tree"))) return true;
  if (!readsFiles.test(command)) return false;
  const words = shellWords(command);
  return words.some((word, index) => {
    const before = words[index - 1] ?? "";
    // `--exclude-dir=.foundry`, `-not -path './.foundry/*'`, `-path ./.foundry -prune` keep memory out.
    if (EXCLUDES.test(word) || EXCLUDES.test(before)) return false;
    if (/^-i?(path|name|wholename)$/.test(before) && (/^(-not|!)$/.test(words[index - 2] ?? "") || words[index + 1] === "-prune")) return false;
    const value = word.includes("=") ? word.slice(word.indexOf("=") + 1) : word;
    if (namesMemory(value, "tree")) return true;
    const filter = FILE_FILTERS.test(before) ? word : /^--(glob|iglob|include)=/.test(word) ? value : "";
    return filter !== "" && !filter.includes("/") && namesFactFiles(filter);
  });
}

/** Whether the tool call would read memory files. */
function isBlocked(toolName, input, roots) {
  if (!input || typeof input !== "object") return false;
  const text = (value) => (typeof value === "string" ? value.replace(/\\/g, "/") : "");
  const cwd = roots[roots.length - 1];
  switch (toolName) {
    case "Read":
      return [text(input.file_path), text(input.path)].some((value) => value !== "" && namesMemory(value, "tree"));
    case "Grep": {
      // path is searched recursively; glob filters file names (anywhere below when it has no slash).
      const base = text(input.path) || ".";
      if (namesMemory(base, "tree")) return true;
      const glob = text(input.glob);
      if (glob === "") return false;
      const full = glob.includes("/") ? path.posix.join(base, glob) : path.posix.join(base, "**", glob);
      return namesMemory(full, "files") || globsFactFiles(path.posix.resolve(cwd, full), roots);
    }
    case "Glob": {
      const base = text(input.path) || ".";
      const full = path.posix.join(base, text(input.pattern) || "*");
      const inside = segmentsOf(base).some((segment, index, all) => segment.toLowerCase() === ".foundry" && segmentMatches(all[index + 1] ?? "", "memory"));
      return inside || namesMemory(full, "files") || globsFactFiles(path.posix.resolve(cwd, full), roots);
    }
    case "Bash": {
      return typeof input.command === "string" && commandReadsMemory(input.command);
    }
    case "PowerShell": {
      // Backslashes are path separators in PowerShell (its escape character is the backtick).
      return typeof input.command === "string" && commandReadsMemory(input.command.replace(/\\/g, "/"), POWERSHELL_READS);
    }
    default:
      return typeof toolName === "string" && toolName.startsWith("mcp__") && mcpToolReadsMemory(toolName, input, text);
  }
}

/** Whether another MCP server's file-reading tool is pointed at memory (paths, file:// URIs, path + glob). */
function mcpToolReadsMemory(toolName, input, text) {
  const name = toolName.split("__").slice(2).join("__");
  if (OWN_SERVER.test(toolName) || OWN_READ_TOOL.test(toolName) || !MCP_READER.test(name) || MCP_WRITER.test(name)) return false;
  const values = MCP_PATH_KEYS.flatMap((key) => (Array.isArray(input[key]) ? input[key] : [input[key]])).map(text).filter(Boolean);
  const paths = values.map((value) => value.replace(/^file:\/\//i, ""));
  if (paths.some((value) => namesMemory(value, "tree"))) return true;
  const pattern = text(input.pattern) || text(input.glob);
  return pattern !== "" && paths.some((base) => namesMemory(pattern.includes("/") ? path.posix.join(base, pattern) : path.posix.join(base, "**", pattern), "files"));
}

/**
 * The project whose memory is gated, found as foundry-server finds the root it serves (its
 * cli.ts; repeated here because the hook has no dependencies): FOUNDRY_ROOT, else the nearest
 * folder upward holding .foundry/, else the nearest holding .git, else the session folder.
 */
function projectRoot(event) {
  if (process.env.FOUNDRY_ROOT) return process.env.FOUNDRY_ROOT;
  const start = path.resolve(process.env.CLAUDE_PROJECT_DIR || (typeof event.cwd === "string" && event.cwd) || process.cwd());
  for (const marker of [".foundry", ".git"]) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      try {
        const stat = fs.statSync(path.join(dir, marker));
        if (stat.isDirectory() || (marker === ".git" && stat.isFile())) return dir;
      } catch {
        // not here; look one folder up
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  return start;
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
const root = projectRoot(event);
const cwd = (typeof event.cwd === "string" && event.cwd) || process.cwd();
let blocked = false;
try {
  blocked = isBlocked(toolName, event.tool_input, [root.replace(/\\/g, "/"), cwd.replace(/\\/g, "/")]);
} catch {
  // a bug here must not stop the agent's tool call
}
if (!blocked) process.exit(0);
recordGateBlocked(root, toolName);
process.stderr.write(REASON + "\n");
process.exit(2);
