// Imports the server lists of other MCP clients (Claude Desktop, Claude Code, Cursor, VS Code;
// see ./import-sources) into ServerConfigs. Every value is translated by the rules of the client
// that wrote it (./import-values) or its server is refused whole with the reason: nothing is
// passed on literally that the source client would have expanded, and nothing is half-imported.
import { LIBRARY_VOICE, type HostVoice } from "../host-voice";
import { isJsonObject, messageOf } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { readImportSource } from "./import-sources";
import { ImportRefusal, parseEnvFile, readInputs, translateValue, type ImportFormat, type ImportInput, type ValueContext } from "./import-values";
import { secretReferenceWarnings, takeSecretHeaders } from "./secret-headers";
import type { ServerConfig } from "./types";
import { isValidServerName, MAX_SERVER_NAME_LENGTH, validateServerConfig } from "./validate";

export type { ImportFormat, ImportInput } from "./import-values";

/**
 * What {@link importServers} produced: valid servers, one warning per thing it changed, the
 * servers it refused (with why), and the secrets it took out of the servers: bearer tokens from
 * literal `Authorization: Bearer …` headers, other secret headers and secret stdio env values
 * (VS Code `password` inputs, `envFile` contents). Store the secrets in the credentials file
 * (`ConfigStore.importFrom` does), never in mcp.json, and never print them.
 */
export interface ImportResult {
  format: ImportFormat;
  servers: Record<string, ServerConfig>;
  warnings: string[];
  refused: Array<{ name: string; reason: string }>;
  tokens: Record<string, string>;
  /** Secret header values (literal values under secret-looking names, password inputs), by server then header. */
  secretHeaders: Record<string, Record<string, string>>;
  /** Secret stdio env values (password inputs, envFile contents), by server then variable. */
  secretEnv: Record<string, Record<string, string>>;
}

/** Options of {@link importServers}; the file's own location settles most of them. */
export interface ImportOptions {
  /** Default: detected from `sourcePath` and the file's shape. */
  format?: ImportFormat;
  /** Where the file was read from (format detection, `${workspaceFolder}`, relative `envFile`s). */
  sourcePath?: string;
  /** What `${workspaceFolder}` stands for; default: the folder holding `.vscode/` or `.cursor/`. */
  workspaceFolder?: string;
  userHome?: string;
  /** `${pathSeparator}` / `${/}`. Default "/". */
  pathSeparator?: string;
  /** Answers to VS Code `inputs`, by id. */
  inputs?: Record<string, string>;
  /** `~/.claude.json`: import only this project's servers (with the user-scope ones). */
  project?: string;
  /** Reads an `envFile` (absent: servers with one are refused). Node: `(file) => fs.readFileSync(file, "utf8")`. */
  readFile?: (file: string) => string;
  /** The host's words in refusals and warnings ("… has no foya equivalent"); default LIBRARY_VOICE. */
  voice?: HostVoice;
}

// Fields other clients write that change nothing the host does: dropped with a warning, the reason
// in the host's words.
const DROPPED = new Map<string, (host: string) => string>([
  ["dev", (host) => `VS Code's development mode (watch and debug) has no ${host} equivalent`],
  ["gallery", () => "VS Code's gallery link is not needed"],
  ["version", () => "the listed version is informational"],
  ["autoApprove", (host) => `${host}'s approvals come from its approval gateway, not the server entry`],
  ["alwaysAllow", (host) => `${host}'s approvals come from its approval gateway, not the server entry`],
]);
const TRANSLATED = new Set(["type", "transport", "command", "args", "env", "envFile", "cwd", "url", "headers", "enabled", "disabled", "description"]);

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

interface Converted {
  server: Record<string, unknown>;
  secretHeaders: Record<string, string>;
  secretEnv: Record<string, string>;
}

function plain(text: unknown, where: string, context: ValueContext): unknown {
  if (typeof text !== "string") return text;
  const { value, secret } = translateValue(text, where, context);
  if (secret) throw new ImportRefusal(`${where} holds a password input; ${context.voice.name} keeps secrets only in env or header values (stored in mcp-credentials.json)`);
  return value;
}

function translateMap(map: unknown, field: string, context: ValueContext, secrets: Record<string, string>): unknown {
  if (!isJsonObject(map)) return map;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(map)) {
    if (typeof item !== "string") {
      out[key] = item;
      continue;
    }
    const { value, secret } = translateValue(item, `${field}.${key}`, context);
    if (secret) secrets[key] = value;
    else out[key] = value;
  }
  return out;
}

function readEnvFile(entry: Record<string, unknown>, context: ValueContext, options: ImportOptions): Record<string, string> {
  const where = "envFile";
  const file = plain(entry.envFile, where, context);
  if (typeof file !== "string" || file === "") throw new ImportRefusal(`${where} must be a file path`);
  const absolute = /^([\\/]|[A-Za-z]:)/.test(file) ? file : `${context.workspaceFolder ?? options.sourcePath?.replace(/[\\/][^\\/]*$/, "") ?? "."}/${file}`;
  if (options.readFile === undefined) throw new ImportRefusal(`${where} ${absolute} cannot be read here; import with ConfigStore.importFrom (or pass readFile)`);
  let text: string;
  try {
    text = options.readFile(absolute);
  } catch (error) {
    throw new ImportRefusal(`${where} ${absolute} cannot be read: ${(error as NodeJS.ErrnoException).code ?? messageOf(error)}`);
  }
  const values = parseEnvFile(text, `${where} ${absolute}`);
  for (const [key, value] of Object.entries(values)) {
    if (value.includes("${")) throw new ImportRefusal(`${where} ${absolute}: ${key} holds "\${", which ${context.voice.name} would expand and VS Code does not`);
  }
  return values;
}

function convertEntry(entry: Record<string, unknown>, context: ValueContext, options: ImportOptions, warnings: string[], name: string): Converted {
  for (const key of Object.keys(entry)) {
    const why = DROPPED.get(key);
    if (why !== undefined) warnings.push(`${name}: field "${key}" dropped (${why(context.voice.name)})`);
    else if (!TRANSLATED.has(key)) throw new ImportRefusal(`field "${key}" has no ${context.voice.name} equivalent`);
  }
  const transport = mapTransport(entry);
  const server: Record<string, unknown> = { transport };
  const secretHeaders: Record<string, string> = {};
  const secretEnv: Record<string, string> = {};
  for (const key of ["command", "cwd", "url"]) if (entry[key] !== undefined) server[key] = plain(entry[key], key, context);
  if (entry.args !== undefined) server.args = Array.isArray(entry.args) ? entry.args.map((arg, index) => plain(arg, `args[${index}]`, context)) : entry.args;
  if (entry.env !== undefined) server.env = translateMap(entry.env, "env", context, secretEnv);
  if (entry.headers !== undefined) server.headers = translateMap(entry.headers, "headers", context, secretHeaders);
  // A map whose every value was a secret is left out rather than written empty.
  for (const key of ["env", "headers"]) if (isJsonObject(server[key]) && Object.keys(server[key]).length === 0 && isJsonObject(entry[key]) && Object.keys(entry[key]).length > 0) delete server[key];
  if (entry.envFile !== undefined) {
    if (transport !== "stdio") throw new ImportRefusal("envFile is for stdio servers");
    const fromFile = readEnvFile(entry, context, options);
    const explicit = isJsonObject(server.env) ? server.env : {};
    const stored = Object.keys(fromFile).filter((key) => !Object.hasOwn(explicit, key) && !Object.hasOwn(secretEnv, key));
    for (const key of stored) secretEnv[key] = fromFile[key] as string;
    if (stored.length > 0) warnings.push(`${name}: envFile's ${stored.join(", ")} go to mcp-credentials.json (0600) and are passed to the server on start`);
  }
  for (const key of ["enabled", "description"]) if (entry[key] !== undefined) server[key] = entry[key];
  if (entry.disabled === true) server.enabled = false;
  return { server, secretHeaders, secretEnv };
}

/**
 * Moves a literal `Authorization: Bearer <token>` header out of `headers` and returns the token.
 * `${VAR}` references stay (they hold no secret); other literal schemes are left to
 * takeSecretHeaders, which moves them to the credentials file too.
 */
function takeBearerToken(out: Record<string, unknown>): string | undefined {
  if (!isJsonObject(out.headers)) return undefined;
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

/** A password input answered into `Authorization: Bearer …` is a bearer token like any other. */
function takeSecretBearer(secretHeaders: Record<string, string>): string | undefined {
  for (const [key, value] of Object.entries(secretHeaders)) {
    const bearer = key.toLowerCase() === "authorization" ? /^\s*Bearer\s+(\S.*?)\s*$/i.exec(value) : null;
    if (bearer?.[1] === undefined) continue;
    delete secretHeaders[key];
    return bearer[1];
  }
  return undefined;
}

function parseJson(json: string | unknown): unknown {
  if (typeof json !== "string") return json;
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new ClientManagerError(ClientManagerErrorCode.IMPORT_INVALID, `The import text is not JSON: ${messageOf(error)}`, { cause: error });
  }
}

function defaultWorkspace(sourcePath: string | undefined): string | undefined {
  const match = sourcePath === undefined ? null : /^(.*)[\\/]\.(?:vscode|cursor)[\\/][^\\/]+$/.exec(sourcePath);
  return match?.[1] || undefined;
}

/**
 * Reads another client's server list (a JSON string or a parsed object). Names are rewritten to
 * the host rule; an entry that cannot be translated is refused whole (in `refused` and as a warning).
 *
 * @example
 * const { servers, refused } = importServers(fs.readFileSync(".vscode/mcp.json", "utf8"), { sourcePath: ".vscode/mcp.json", inputs: { "api-key": key } });
 */
export function importServers(json: string | unknown, options: ImportOptions = {}): ImportResult {
  const source = readImportSource(parseJson(json), options);
  const context: ValueContext = {
    format: source.format,
    workspaceFolder: options.workspaceFolder ?? defaultWorkspace(options.sourcePath),
    userHome: options.userHome,
    pathSeparator: options.pathSeparator ?? "/",
    inputs: readInputs(source.inputs),
    answers: options.inputs ?? {},
    voice: options.voice ?? LIBRARY_VOICE,
  };
  // Null prototypes: a server named `constructor` is looked up as a name, not inherited.
  const byName = <T>() => Object.create(null) as Record<string, T>;
  const result: ImportResult = { format: source.format, servers: byName(), warnings: [...source.warnings], refused: [], tokens: byName(), secretHeaders: byName(), secretEnv: byName() };
  for (const { name: originalName, entry, project } of source.entries) {
    let name = isValidServerName(originalName) ? originalName : sanitizeServerName(originalName);
    if (name !== originalName) result.warnings.push(`${originalName}: renamed to "${name}" (server names allow up to ${MAX_SERVER_NAME_LENGTH} letters, digits, "-" and single "_")`);
    const wanted = name;
    for (let suffix = 2; Object.hasOwn(result.servers, name); suffix++) name = `${sanitizeServerName(originalName).slice(0, MAX_SERVER_NAME_LENGTH - 4).replace(/[-_]+$/, "")}-${suffix}`;
    if (name !== wanted) result.warnings.push(`${originalName}${project === undefined ? "" : ` (project ${project})`}: renamed to "${name}", another server in this file is named "${wanted}"`);
    const refuse = (reason: string) => {
      result.refused.push({ name: originalName, reason });
      result.warnings.push(`${originalName}: refused, ${reason}`);
    };
    if (!isJsonObject(entry)) {
      refuse("the entry is not an object");
      continue;
    }
    try {
      const warnings: string[] = [];
      const converted = convertEntry(entry, context, options, warnings, originalName);
      const token = takeBearerToken(converted.server) ?? takeSecretBearer(converted.secretHeaders);
      Object.assign(converted.secretHeaders, takeSecretHeaders(converted.server));
      if (isJsonObject(converted.server.headers)) warnings.push(...secretReferenceWarnings(originalName, converted.server.headers, converted.server.url));
      result.servers[name] = validateServerConfig(name, converted.server, context.voice);
      result.warnings.push(...warnings);
      if (token !== undefined) result.tokens[name] = token;
      if (Object.keys(converted.secretHeaders).length > 0) result.secretHeaders[name] = converted.secretHeaders;
      if (Object.keys(converted.secretEnv).length > 0) result.secretEnv[name] = converted.secretEnv;
    } catch (error) {
      if (error instanceof ImportRefusal || ClientManagerError.isInstance(error)) refuse(error.message);
      else throw error;
    }
  }
  return result;
}

/**
 * The VS Code `inputs` the file's servers use, in order of first use: what to ask the person
 * for before {@link importServers} (password ones without echo). Empty for other formats.
 *
 * @example
 * for (const input of importInputs(text, { sourcePath })) answers[input.id] = await ask(input.description ?? input.id);
 */
export function importInputs(json: string | unknown, options: Pick<ImportOptions, "format" | "sourcePath" | "project"> = {}): ImportInput[] {
  const source = readImportSource(parseJson(json), options);
  if (source.format !== "vscode") return [];
  const declared = readInputs(source.inputs);
  const used = new Map<string, ImportInput>();
  for (const match of JSON.stringify(source.entries.map(({ entry }) => entry)).matchAll(/\$\{input:([^}]*)\}/g)) {
    const input = declared.get(match[1] as string);
    if (input !== undefined && !used.has(input.id)) used.set(input.id, input);
  }
  return [...used.values()];
}
