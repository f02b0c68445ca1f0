// Validates untrusted configuration (a parsed mcp.json, an API caller's object) into a
// HostConfig. Every message names the server and the field, the expectation and the fix.
import { isJsonObject } from "@foundry-mcp/core";
import { LIBRARY_VOICE, type HostVoice } from "../host-voice";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { OAuthServerConfig } from "../auth/oauth-types";
import type { HostConfig, ServerConfig } from "./types";

const SERVER_NAME = /^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/;
const COMMON_KEYS = ["transport", "enabled", "timeouts", "tools", "description"];
const STDIO_KEYS = new Set([...COMMON_KEYS, "command", "args", "env", "cwd"]);
const REMOTE_KEYS = new Set([...COMMON_KEYS, "url", "headers", "sseFallback", "oauth"]);
const OAUTH_KEYS = ["grant", "clientId", "scope", "clientMetadataUrl", "tokenEndpointAuthMethod", "privateKey", "signingAlgorithm"];
const TOKEN_KEYS = new Set(["token", "bearerToken", "bearer_token", "authToken"]);

function fail(message: string, server?: string): never {
  throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, message, server === undefined ? undefined : { server });
}

/**
 * Longest server name. Host tool names are `mcp__<server>__<tool>` within 64 characters; a
 * server name up to 32 leaves the tool at least 16 characters before the name is hashed, and
 * keeps the `mcp__<server>__` prefix whole even in hashed names (so the server can be read
 * from any host tool name).
 */
export const MAX_SERVER_NAME_LENGTH = 32;

/** Whether `name` may name a server: 1–32 letters, digits, `-` and single `_` (never `__`). */
export function isValidServerName(name: string): boolean {
  return name.length >= 1 && name.length <= MAX_SERVER_NAME_LENGTH && SERVER_NAME.test(name);
}

/** Why `name` cannot name a server (names the bound and the fix), or undefined when it can. */
export function serverNameProblem(name: string): string | undefined {
  if (isValidServerName(name)) return undefined;
  if (name.length > MAX_SERVER_NAME_LENGTH && SERVER_NAME.test(name)) {
    return `Server name "${name}" is ${name.length} characters; the limit is ${MAX_SERVER_NAME_LENGTH} (longer names leave no room for tool names in mcp__<server>__<tool>, which is capped at 64); use a shorter name`;
  }
  return `Server name "${name}" must be 1-${MAX_SERVER_NAME_LENGTH} letters, digits, "-" or single "_" ("__" separates the parts of host tool names); rename it`;
}

function stringRecord(value: unknown, where: string, server: string): Record<string, string> {
  if (!isJsonObject(value)) fail(`${where} must be an object of string values, got ${JSON.stringify(value)}`, server);
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") fail(`${where}.${key} must be a string, got ${JSON.stringify(item)}`, server);
  }
  return { ...(value as Record<string, string>) };
}

function stringList(value: unknown, where: string, server: string): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    fail(`${where} must be an array of strings, got ${JSON.stringify(value)}`, server);
  }
  return [...(value as string[])];
}

function positiveInt(value: unknown, where: string, server: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 3_600_000) {
    fail(`${where} must be an integer number of milliseconds from 1 to 3600000, got ${JSON.stringify(value)}`, server);
  }
  return value;
}

/** Validates one server entry; throws CONFIG_INVALID naming `servers.<name>.<field>`. */
export function validateServerConfig(name: string, value: unknown, voice: HostVoice = LIBRARY_VOICE): ServerConfig {
  const at = `servers.${name}`;
  const problem = serverNameProblem(name);
  if (problem !== undefined) fail(problem, name);
  if (!isJsonObject(value)) fail(`${at} must be an object, got ${JSON.stringify(value)}`, name);
  const transport = value.transport ?? (typeof value.command === "string" ? "stdio" : undefined);
  if (transport !== "stdio" && transport !== "streamable_http" && transport !== "sse") {
    fail(`${at}.transport must be "stdio", "streamable_http" or "sse", got ${JSON.stringify(value.transport)}`, name);
  }
  const allowed = transport === "stdio" ? STDIO_KEYS : REMOTE_KEYS;
  for (const key of Object.keys(value)) {
    if (TOKEN_KEYS.has(key)) fail(`${at}.${key}: bearer tokens do not belong in mcp.json; store them in mcp-credentials.json (ConfigStore.setToken)`, name);
    if (!allowed.has(key)) fail(`${at}.${key} is not a field of a ${transport} server; allowed: ${[...allowed].join(", ")}`, name);
  }
  const common: Partial<ServerConfig> = {};
  if (value.enabled !== undefined) {
    if (typeof value.enabled !== "boolean") fail(`${at}.enabled must be true or false, got ${JSON.stringify(value.enabled)}`, name);
    common.enabled = value.enabled;
  }
  if (value.description !== undefined) {
    if (typeof value.description !== "string") fail(`${at}.description must be a string`, name);
    common.description = value.description;
  }
  if (value.timeouts !== undefined) {
    if (!isJsonObject(value.timeouts)) fail(`${at}.timeouts must be an object with connectMs and/or callMs`, name);
    const timeouts: { connectMs?: number; callMs?: number } = {};
    for (const key of Object.keys(value.timeouts)) {
      if (key !== "connectMs" && key !== "callMs") fail(`${at}.timeouts.${key} is unknown; use connectMs or callMs`, name);
      timeouts[key] = positiveInt(value.timeouts[key], `${at}.timeouts.${key}`, name);
    }
    common.timeouts = timeouts;
  }
  if (value.tools !== undefined) {
    if (!isJsonObject(value.tools)) fail(`${at}.tools must be an object with allow and/or deny glob lists`, name);
    const tools: { allow?: string[]; deny?: string[] } = {};
    for (const key of Object.keys(value.tools)) {
      if (key !== "allow" && key !== "deny") fail(`${at}.tools.${key} is unknown; use allow or deny`, name);
      tools[key] = stringList(value.tools[key], `${at}.tools.${key}`, name);
    }
    common.tools = tools;
  }
  if (transport === "stdio") {
    if (typeof value.command !== "string" || value.command.trim() === "") {
      fail(`${at}.command must be a non-empty string (the program to start), got ${JSON.stringify(value.command)}`, name);
    }
    const server: ServerConfig = { ...common, transport, command: value.command };
    if (value.args !== undefined) server.args = stringList(value.args, `${at}.args`, name);
    if (value.env !== undefined) server.env = stringRecord(value.env, `${at}.env`, name);
    if (value.cwd !== undefined) {
      if (typeof value.cwd !== "string" || value.cwd === "") fail(`${at}.cwd must be a non-empty path string`, name);
      server.cwd = value.cwd;
    }
    return server;
  }
  if (typeof value.url !== "string") fail(`${at}.url must be an http(s) URL string, got ${JSON.stringify(value.url)}`, name);
  let url: URL;
  try {
    // A `${VAR}` expands at connect time (checked again then); here each stands for its default or a placeholder.
    url = new URL(value.url.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::-([^}]*))?\}/g, (_match, fallback: string | undefined, offset: number) => fallback ?? (offset === 0 ? "http://x" : "x")));
  } catch {
    fail(`${at}.url must be an absolute http(s) URL, got "${value.url}"`, name);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(`${at}.url must use http or https, got "${url.protocol}"`, name);
  const server: ServerConfig = { ...common, transport, url: value.url };
  if (value.headers !== undefined) server.headers = stringRecord(value.headers, `${at}.headers`, name);
  if (value.sseFallback !== undefined) {
    if (typeof value.sseFallback !== "boolean") fail(`${at}.sseFallback must be true or false`, name);
    server.sseFallback = value.sseFallback;
  }
  if (value.oauth !== undefined) server.oauth = validateOAuth(value.oauth, `${at}.oauth`, name, voice);
  return server;
}

function validateOAuth(value: unknown, where: string, server: string, voice: HostVoice): OAuthServerConfig {
  const secretCommand = voice.clientSecretCommand === undefined ? "" : ` (${voice.clientSecretCommand})`;
  if (!isJsonObject(value)) fail(`${where} must be an object with any of ${OAUTH_KEYS.join(", ")}`, server);
  for (const key of Object.keys(value)) {
    if (key === "clientSecret") fail(`${where}.clientSecret: secrets do not belong in mcp.json; store it with ConfigStore.setOAuthClientSecret${secretCommand}`, server);
    if (!OAUTH_KEYS.includes(key)) fail(`${where}.${key} is unknown; allowed: ${OAUTH_KEYS.join(", ")}`, server);
  }
  const oauth: OAuthServerConfig = {};
  if (value.grant !== undefined) {
    if (value.grant !== "authorization_code" && value.grant !== "client_credentials") {
      fail(`${where}.grant must be "authorization_code" or "client_credentials", got ${JSON.stringify(value.grant)}`, server);
    }
    oauth.grant = value.grant;
  }
  for (const key of ["clientId", "scope", "clientMetadataUrl", "privateKey", "signingAlgorithm"] as const) {
    const item = value[key];
    if (item === undefined) continue;
    if (typeof item !== "string" || item.trim() === "") fail(`${where}.${key} must be a non-empty string, got ${JSON.stringify(item)}`, server);
    oauth[key] = item;
  }
  if (oauth.clientMetadataUrl !== undefined && !/^https:\/\/[^/]+\/.+/.test(oauth.clientMetadataUrl)) {
    fail(`${where}.clientMetadataUrl must be an https URL with a path (a client ID metadata document), got "${oauth.clientMetadataUrl}"`, server);
  }
  if (value.tokenEndpointAuthMethod !== undefined) {
    if (value.tokenEndpointAuthMethod !== "private_key_jwt") fail(`${where}.tokenEndpointAuthMethod must be "private_key_jwt" (secrets go to the credentials file), got ${JSON.stringify(value.tokenEndpointAuthMethod)}`, server);
    oauth.tokenEndpointAuthMethod = "private_key_jwt";
    if (oauth.clientId === undefined || oauth.privateKey === undefined) fail(`${where}: private_key_jwt needs a pre-registered clientId and privateKey (a \${VAR} holding the PEM key)`, server);
  }
  if (oauth.privateKey !== undefined && !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(oauth.privateKey)) {
    fail(`${where}.privateKey must be one \${VAR} reference to an environment variable holding the PEM key; a key does not belong in mcp.json`, server);
  }
  if (oauth.privateKey !== undefined && oauth.tokenEndpointAuthMethod === undefined) fail(`${where}.privateKey is used only with tokenEndpointAuthMethod "private_key_jwt"`, server);
  if (oauth.grant === "client_credentials" && oauth.clientId === undefined) {
    fail(`${where}: the client_credentials grant needs a pre-registered clientId (and its secret in the credentials file)`, server);
  }
  return oauth;
}

/**
 * Validates a whole configuration object (`{ servers: { name: {...} } }`).
 *
 * @example
 * const config = validateHostConfig(JSON.parse(text));
 */
export function validateHostConfig(value: unknown, voice: HostVoice = LIBRARY_VOICE): HostConfig {
  if (!isJsonObject(value)) fail(`The configuration must be an object like {"servers": {...}}, got ${JSON.stringify(value)}`);
  const servers = value.servers ?? {};
  if (!isJsonObject(servers)) fail(`"servers" must be an object of server entries keyed by name`);
  for (const key of Object.keys(value)) {
    if (key !== "servers" && key !== "$schema" && key !== "version") {
      fail(`Top-level field "${key}" is unknown; mcp.json holds {"servers": {...}} (import other formats with importServers)`);
    }
  }
  // Null prototype: `servers["toString"]` is a configured server or undefined, never a function.
  const result: HostConfig = { servers: Object.create(null) as HostConfig["servers"] };
  for (const [name, entry] of Object.entries(servers)) result.servers[name] = validateServerConfig(name, entry, voice);
  return result;
}

/** Whether the server takes part (an absent `enabled` means yes). */
export function isEnabled(server: ServerConfig): boolean {
  return server.enabled !== false;
}
