// Imports server lists written for other MCP hosts: Claude's `{"mcpServers": {...}}` and
// VS Code's `{"servers": {...}}` (with `type` and `${input:…}` references), into ServerConfigs.
import { ClientManagerError, ClientManagerErrorCode, messageOf } from "../errors";
import type { ServerConfig } from "./types";
import { secretReferenceWarnings, takeSecretHeaders } from "./secret-headers";
import { isValidServerName, MAX_SERVER_NAME_LENGTH, validateServerConfig } from "./validate";

/**
 * What {@link importServers} produced: valid servers, one warning per thing it changed or
 * skipped, and the bearer tokens found in literal `Authorization: Bearer …` headers (by server
 * name; the header is dropped from the server). Store `tokens` with `ConfigStore.setToken`,
 * never in mcp.json, and never print them.
 */
export interface ImportResult {
  servers: Record<string, ServerConfig>;
  warnings: string[];
  tokens: Record<string, string>;
  /** Literal values of secret-looking headers (by server, then header), taken out of the servers; store them with the tokens. */
  secretHeaders: Record<string, Record<string, string>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Rewrites a foreign server name into the host's name rule (`my.server` → `my-server`). */
export function sanitizeServerName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/_{2,}/g, "_").replace(/^[-_]+|[-_]+$/g, "").slice(0, MAX_SERVER_NAME_LENGTH);
  return cleaned.replace(/[-_]+$/, "") || "server";
}

function mapTransport(entry: Record<string, unknown>): string | undefined {
  const type = entry.transport ?? entry.type;
  if (type === undefined) return typeof entry.command === "string" ? "stdio" : typeof entry.url === "string" ? "streamable_http" : undefined;
  if (type === "http" || type === "streamable-http" || type === "streamableHttp" || type === "streamable_http") return "streamable_http";
  return typeof type === "string" ? type : undefined;
}

/**
 * Moves a literal `Authorization: Bearer <token>` header out of `headers` and returns the token.
 * `${VAR}` references stay (they hold no secret); other literal schemes are left to
 * takeSecretHeaders, which moves them to the credentials file too.
 */
function takeBearerToken(out: Record<string, unknown>): string | undefined {
  if (!isRecord(out.headers)) return undefined;
  const headers = { ...out.headers };
  let token: string | undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== "authorization" || typeof value !== "string" || value.includes("${")) continue;
    const bearer = /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value);
    if (bearer?.[1] === undefined) continue;
    token = bearer[1];
    delete headers[key];
  }
  if (token === undefined) return undefined;
  if (Object.keys(headers).length === 0) delete out.headers;
  else out.headers = headers;
  return token;
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
  // Null prototypes: a server named `constructor` is looked up as a name, not inherited.
  const servers: Record<string, ServerConfig> = Object.create(null) as Record<string, ServerConfig>;
  const warnings: string[] = [];
  const tokens: Record<string, string> = Object.create(null) as Record<string, string>;
  const secretHeaders: Record<string, Record<string, string>> = Object.create(null) as Record<string, Record<string, string>>;
  for (const [originalName, entry] of Object.entries(root)) {
    let name = isValidServerName(originalName) ? originalName : sanitizeServerName(originalName);
    if (name !== originalName) warnings.push(`${originalName}: renamed to "${name}" (server names allow up to ${MAX_SERVER_NAME_LENGTH} letters, digits, "-" and single "_")`);
    for (let suffix = 2; Object.hasOwn(servers, name); suffix++) name = `${sanitizeServerName(originalName).slice(0, MAX_SERVER_NAME_LENGTH - 4).replace(/[-_]+$/, "")}-${suffix}`;
    if (!isRecord(entry)) {
      warnings.push(`${originalName}: skipped, the entry is not an object`);
      continue;
    }
    try {
      const converted = convertEntry(entry, warnings, originalName);
      const token = takeBearerToken(converted);
      const secrets = takeSecretHeaders(converted);
      if (isRecord(converted.headers)) warnings.push(...secretReferenceWarnings(originalName, converted.headers, converted.url));
      servers[name] = validateServerConfig(name, converted);
      if (token !== undefined) tokens[name] = token;
      if (secrets !== undefined) secretHeaders[name] = secrets;
    } catch (error) {
      warnings.push(`${originalName}: skipped, ${messageOf(error)}`);
    }
  }
  return { servers, warnings, tokens, secretHeaders };
}
