// Imports server lists written for other MCP hosts: Claude's `{"mcpServers": {...}}` and
// VS Code's `{"servers": {...}}` (with `type` and `${input:…}` references), into ServerConfigs.
import { ClientManagerError, ClientManagerErrorCode, messageOf } from "../errors";
import type { ServerConfig } from "./types";
import { isValidServerName, validateServerConfig } from "./validate";

/** What {@link importServers} produced: valid servers and one warning per thing it changed or skipped. */
export interface ImportResult {
  servers: Record<string, ServerConfig>;
  warnings: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Rewrites a foreign server name into the host's name rule (`my.server` → `my-server`). */
export function sanitizeServerName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/_{2,}/g, "_").replace(/^[-_]+|[-_]+$/g, "").slice(0, 64);
  return cleaned.replace(/[-_]+$/, "") || "server";
}

function mapTransport(entry: Record<string, unknown>): string | undefined {
  const type = entry.transport ?? entry.type;
  if (type === undefined) return typeof entry.command === "string" ? "stdio" : typeof entry.url === "string" ? "streamable_http" : undefined;
  if (type === "http" || type === "streamable-http" || type === "streamableHttp" || type === "streamable_http") return "streamable_http";
  return typeof type === "string" ? type : undefined;
}

function convertEntry(entry: Record<string, unknown>, warnings: string[], name: string): Record<string, unknown> {
  const out: Record<string, unknown> = { transport: mapTransport(entry) };
  for (const key of ["command", "args", "env", "cwd", "url", "headers", "enabled", "description"]) {
    if (entry[key] !== undefined) out[key] = entry[key];
  }
  if (entry.disabled === true) out.enabled = false;
  for (const key of Object.keys(entry)) {
    if (!(key in out) && !["type", "transport", "disabled"].includes(key)) warnings.push(`${name}: field "${key}" is not supported and was dropped`);
  }
  const inputs = JSON.stringify(out).match(/\$\{input:[^}]*\}/g);
  if (inputs) warnings.push(`${name}: ${inputs.join(", ")} are VS Code prompts; replace them with \${VAR} environment references`);
  return out;
}

/**
 * Reads another host's server list. Accepts a JSON string or a parsed object.
 * Names are rewritten to the host rule, invalid entries are skipped; both produce warnings.
 *
 * @example
 * const { servers, warnings } = importServers(fs.readFileSync("claude_desktop_config.json", "utf8"));
 */
export function importServers(json: string | unknown): ImportResult {
  let value: unknown = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, `The import text is not JSON: ${messageOf(error)}`, { cause: error });
    }
  }
  const root = isRecord(value) ? (value.mcpServers ?? value.servers ?? (isRecord(value.mcp) ? value.mcp.servers : undefined)) : undefined;
  if (!isRecord(root)) {
    throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, 'Expected {"mcpServers": {...}} (Claude) or {"servers": {...}} (VS Code); found neither');
  }
  const servers: Record<string, ServerConfig> = {};
  const warnings: string[] = [];
  for (const [originalName, entry] of Object.entries(root)) {
    let name = isValidServerName(originalName) ? originalName : sanitizeServerName(originalName);
    if (name !== originalName) warnings.push(`${originalName}: renamed to "${name}" (server names allow letters, digits, "-" and single "_")`);
    for (let suffix = 2; servers[name] !== undefined; suffix++) name = `${sanitizeServerName(originalName).slice(0, 60)}-${suffix}`;
    if (!isRecord(entry)) {
      warnings.push(`${originalName}: skipped, the entry is not an object`);
      continue;
    }
    try {
      servers[name] = validateServerConfig(name, convertEntry(entry, warnings, originalName));
    } catch (error) {
      warnings.push(`${originalName}: skipped, ${messageOf(error)}`);
    }
  }
  return { servers, warnings };
}
