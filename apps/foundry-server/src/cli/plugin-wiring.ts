// `foundry doctor`'s plugin wiring check: will Claude Code, started in this project, run the
// foundry-core plugin (whose hooks put the index and recalled facts in context), only the bare
// MCP server from `.mcp.json` (tools, no hooks), or neither? Reads the settings files Claude Code
// reads, local over project over user (`enabledPlugins`), and the project's `.mcp.json`; a file
// Claude Code cannot parse, or a registered server whose script is missing, needs a person.
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MemoryFinding } from "@foundry-mcp/memory";
import { asJsonObject, isJsonObject } from "@foundry-mcp/core/json";

type Finding = Pick<MemoryFinding, "level" | "text">;

const PLUGIN = "foundry-core";
const INSTALL = "/plugin marketplace add foundry-mcp/foundry-mcp, then /plugin install foundry-core@foundry-mcp";
/** Settings and .mcp.json are small; a larger file is not read. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

type Read = { json?: Record<string, unknown>; problem?: Finding };

function readJson(file: string, shown: string): Read {
  if (!existsSync(file)) return {};
  const size = statSync(file).size;
  if (size > MAX_SETTINGS_BYTES) return { problem: { level: "problem", text: `plugin: ${shown} is ${size} bytes, over the ${MAX_SETTINGS_BYTES} this check reads; is it the right file?` } };
  try {
    const json = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (isJsonObject(json)) return { json };
  } catch {
    // reported below
  }
  return { problem: { level: "problem", text: `plugin: ${shown} is not a JSON object, so Claude Code cannot read it; fix it.` } };
}

function objectAt(json: Record<string, unknown> | undefined, key: string): Record<string, unknown> {
  const value = json?.[key];
  return asJsonObject(value) ?? {};
}

/** The foundry server `.mcp.json` registers: its name and the script it runs (when it names one). */
function registeredServer(mcp: Record<string, unknown> | undefined, root: string): { name: string; script?: string } | undefined {
  for (const [name, entry] of Object.entries(objectAt(mcp, "mcpServers"))) {
    const server = entry as { command?: unknown; args?: unknown };
    const words = [server.command, ...(Array.isArray(server.args) ? server.args : [])].filter((word): word is string => typeof word === "string");
    if (name !== "foundry" && !words.some((word) => /foundry/i.test(word))) continue;
    const script = words.find((word) => /\.m?js$/.test(word));
    return { name, script: script === undefined ? undefined : path.resolve(root, script) };
  }
  return undefined;
}

/** What `foundry doctor` says about how Claude Code is wired to this project's memory. */
export function pluginWiringFindings(root: string, home: string = os.homedir()): Finding[] {
  const settings = [
    [path.join(root, ".claude/settings.local.json"), ".claude/settings.local.json"],
    [path.join(root, ".claude/settings.json"), ".claude/settings.json"],
    [path.join(home, ".claude/settings.json"), "~/.claude/settings.json"],
  ] as const;
  const reads = settings.map(([file, shown]) => ({ shown, ...readJson(file, shown) }));
  const mcp = { shown: ".mcp.json", ...readJson(path.join(root, ".mcp.json"), ".mcp.json") };
  const problems = [...reads, mcp].flatMap((read) => (read.problem ? [read.problem] : []));
  const server = registeredServer(mcp.json, root);
  if (server?.script !== undefined && !existsSync(server.script))
    problems.push({ level: "problem", text: `plugin: .mcp.json's "${server.name}" runs ${server.script}, which does not exist; build it or fix the path.` });
  for (const read of reads) {
    const key = Object.keys(objectAt(read.json, "enabledPlugins")).find((name) => name.startsWith(`${PLUGIN}@`));
    if (key === undefined) continue;
    const enabled = objectAt(read.json, "enabledPlugins")[key] === true;
    return [
      ...problems,
      enabled
        ? { level: "ok", text: `plugin: ${key} is enabled in ${read.shown}: its hooks put the index and the facts a prompt needs in context.` }
        : { level: "note", text: `plugin: ${key} is disabled in ${read.shown}, so no hook puts memory in context; enable it with /plugin enable ${key}.` },
    ];
  }
  const none = server
    ? `plugin: .mcp.json registers "${server.name}" as an MCP server (tools only), but ${PLUGIN} is not enabled, so no hook puts memory in context; install it: ${INSTALL}.`
    : `plugin: ${PLUGIN} is not enabled in .claude/settings.json, .claude/settings.local.json or ~/.claude/settings.json, and .mcp.json registers no foundry server; install it: ${INSTALL} (a session started with --plugin-dir is not seen here).`;
  return [...problems, { level: "note", text: none }];
}
