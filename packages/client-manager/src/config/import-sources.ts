// Where each client keeps its servers, and which client wrote a file: Claude Desktop
// (`claude_desktop_config.json`), Claude Code (`.mcp.json`; `~/.claude.json` with user servers
// at the top and per-project ones under `projects[<path>].mcpServers`), Cursor
// (`.cursor/mcp.json`, `~/.cursor/mcp.json`) and VS Code (`.vscode/mcp.json` `servers`, or
// `settings.json` `mcp.servers`, both with `inputs`).
import { isJsonObject } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { ImportFormat } from "./import-values";

/** One server entry found in the file, before translation. */
export interface SourceEntry {
  name: string;
  entry: unknown;
  /** `~/.claude.json` only: the project folder whose local servers held it. */
  project?: string;
}

/** What a file holds. */
export interface ImportSource {
  format: ImportFormat;
  entries: SourceEntry[];
  inputs: unknown;
  warnings: string[];
}

function fileName(path: string | undefined): string {
  return path === undefined ? "" : (path.split(/[\\/]/).at(-1) ?? "");
}

/** The client that wrote `value` (read from `sourcePath`), from its file name first, then its shape. */
export function detectFormat(value: Record<string, unknown>, sourcePath: string | undefined): ImportFormat {
  const name = fileName(sourcePath);
  const normalized = (sourcePath ?? "").replace(/\\/g, "/");
  if (name === "claude_desktop_config.json") return "claude-desktop";
  if (name === ".claude.json" || name === ".mcp.json" || isJsonObject(value.projects)) return "claude-code";
  if (normalized.includes("/.cursor/")) return "cursor";
  if (normalized.includes("/.vscode/") || name === "settings.json" || isJsonObject(value.servers) || isJsonObject(value.mcp)) return "vscode";
  return "claude-code";
}

function entriesOf(servers: unknown, project?: string): SourceEntry[] {
  if (!isJsonObject(servers)) return [];
  return Object.entries(servers).map(([name, entry]) => ({ name, entry, ...(project === undefined ? {} : { project }) }));
}

// `~/.claude.json`: user-scope servers, then each project's local ones (or only `project`'s).
// As in Claude Code, a project's entry takes the place of a user one of the same name.
function claudeJsonEntries(value: Record<string, unknown>, project: string | undefined, warnings: string[]): SourceEntry[] {
  const entries = entriesOf(value.mcpServers);
  const projects = isJsonObject(value.projects) ? value.projects : {};
  const chosen = project === undefined ? Object.keys(projects) : [project];
  if (project !== undefined && !Object.hasOwn(projects, project)) {
    const known = Object.keys(projects).filter((key) => isJsonObject(projects[key]) && isJsonObject((projects[key] as Record<string, unknown>).mcpServers));
    throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, `No project "${project}" in this file; projects with servers: ${known.join(", ") || "none"}`);
  }
  for (const folder of chosen) {
    const settings = projects[folder];
    if (!isJsonObject(settings)) continue;
    for (const local of entriesOf(settings.mcpServers, folder)) {
      const shadowed = entries.findIndex((other) => other.name === local.name && other.project === undefined);
      if (shadowed >= 0 && project !== undefined) {
        entries.splice(shadowed, 1);
        warnings.push(`${local.name}: the project ${folder} defines it too; its entry replaces the user-scope one`);
      }
      entries.push(local);
    }
  }
  return entries;
}

/**
 * The server entries of a parsed file, with the client that wrote it.
 *
 * @example
 * readImportSource(JSON.parse(text), { sourcePath: "/repo/.vscode/mcp.json" }).format // "vscode"
 */
export function readImportSource(value: unknown, options: { sourcePath?: string; format?: ImportFormat; project?: string } = {}): ImportSource {
  if (!isJsonObject(value)) throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, "The import file must hold a JSON object");
  const format = options.format ?? detectFormat(value, options.sourcePath);
  const warnings: string[] = [];
  let entries: SourceEntry[];
  let inputs: unknown;
  if (format === "vscode") {
    const block = isJsonObject(value.mcp) ? value.mcp : value;
    if (!isJsonObject(block.servers) && isJsonObject(value.mcpServers)) entries = entriesOf(value.mcpServers);
    else entries = entriesOf(block.servers);
    inputs = block.inputs;
    if (!isJsonObject(block.servers) && !isJsonObject(value.mcpServers)) throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, 'Expected VS Code\'s {"servers": {...}} (.vscode/mcp.json) or {"mcp": {"servers": {...}}} (settings.json); found neither');
  } else if (format === "claude-code" && (isJsonObject(value.projects) || fileName(options.sourcePath) === ".claude.json")) {
    entries = claudeJsonEntries(value, options.project, warnings);
  } else {
    const servers = value.mcpServers ?? value.servers;
    if (!isJsonObject(servers)) throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, 'Expected {"mcpServers": {...}} (Claude, Cursor) or {"servers": {...}} (VS Code); found neither');
    entries = entriesOf(servers);
  }
  if (options.project !== undefined && !(format === "claude-code" && isJsonObject(value.projects))) {
    throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, "A project is chosen only in Claude Code's ~/.claude.json, which this file is not");
  }
  return { format, entries, inputs, warnings };
}
