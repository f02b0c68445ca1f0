// `mcp-credentials.json`: per server, bearer tokens (`tokens`), secret headers and stdio env
// values an import took out of mcp.json (`headers`, `env`), and MCP authorization state
// (`oauth`: registration, tokens, PKCE verifier, discovery), in one 0600 file apart from
// mcp.json. ConfigStore reads it fresh and writes the whole of it back under its `mcp.lock`, so
// one kind of edit never drops another's data. Maps are null-prototype (a server named
// `toString` is just a name).
import fs from "node:fs";
import { isJsonObject } from "@foundry-mcp/core";
import type { StoredOAuthState } from "../auth/oauth-types";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { readJsonFile, writePrivateJson } from "./files";

/** The parsed credentials file. */
export interface CredentialsFile {
  tokens: Record<string, string>;
  /** Secret HTTP headers of remote servers, added to their `headers` on connect. */
  headers: Record<string, Record<string, string>>;
  /** Secret env values of stdio servers, added to their `env` on start. */
  env: Record<string, Record<string, string>>;
  oauth: Record<string, StoredOAuthState>;
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isJsonObject(value) && Object.values(value).every((item) => typeof item === "string");
}

function byName<T>(source: Record<string, T> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, source);
}

/**
 * Makes a credentials file others can read 0600 before it is read, and says so through
 * `onWarning`: what is in it may already have been read.
 */
export function tightenCredentialsFile(file: string, onWarning: (message: string) => void): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch {
    return;
  }
  if ((mode & 0o077) === 0) return;
  try {
    fs.chmodSync(file, 0o600);
  } catch (error) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `${file} is mode ${mode.toString(8).padStart(4, "0")} (others can read it) and cannot be made 0600: ${(error as Error).message}`, { cause: error });
  }
  onWarning(`${file} was mode ${mode.toString(8).padStart(4, "0")}, readable by other users; it is now 0600. Rotate its tokens if someone else could have read them.`);
}

/** Reads `file`; an absent file is an empty one; a malformed one is CONFIG_READ_FAILED naming the shape. */
export function readCredentialsFile(file: string): CredentialsFile {
  const value = readJsonFile(file);
  if (value === undefined) return { tokens: byName(), headers: byName(), env: byName(), oauth: byName() };
  const shape = `${file} must look like {"tokens": {"<server>": "<token>"}, "headers": {"<server>": {"<header>": "<value>"}}, "env": {"<server>": {"<VAR>": "<value>"}}, "oauth": {"<server>": {...}}}`;
  if (!isJsonObject(value)) throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
  const { tokens = {}, headers = {}, env = {}, oauth = {} } = value;
  const valid =
    isStringMap(tokens) && isJsonObject(headers) && Object.values(headers).every(isStringMap) && isJsonObject(env) && Object.values(env).every(isStringMap) && isJsonObject(oauth) && Object.values(oauth).every(isJsonObject);
  if (!valid) throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
  const copyMaps = (maps: Record<string, Record<string, string>>) => byName(Object.fromEntries(Object.entries(maps).map(([server, map]) => [server, { ...map }])));
  return {
    tokens: byName(tokens),
    headers: copyMaps(headers as Record<string, Record<string, string>>),
    env: copyMaps(env as Record<string, Record<string, string>>),
    oauth: byName(oauth as Record<string, StoredOAuthState>),
  };
}

/** Writes the whole file (0600, atomic and fsynced); empty sections other than `tokens` are left out. */
export function writeCredentialsFile(file: string, credentials: CredentialsFile): void {
  const out: Partial<CredentialsFile> = { tokens: { ...credentials.tokens } };
  if (Object.keys(credentials.headers).length > 0) out.headers = { ...credentials.headers };
  if (Object.keys(credentials.env).length > 0) out.env = { ...credentials.env };
  if (Object.keys(credentials.oauth).length > 0) out.oauth = { ...credentials.oauth };
  writePrivateJson(file, out);
}
