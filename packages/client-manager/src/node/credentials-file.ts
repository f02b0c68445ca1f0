// `mcp-credentials.json`: per server, bearer tokens (`tokens`), secret stdio env values an import
// took out of mcp.json (`env`: VS Code password inputs, envFile contents) and OAuth state
// (`oauth`), in one 0600 file apart from mcp.json. Every edit reads the file fresh and writes the
// whole of it back (temp + rename), so one kind of edit never drops another's data.
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === "string");
}

/** Reads `file`; an absent file is an empty one; a malformed one is CONFIG_READ_FAILED naming the shape. */
export function readCredentialsFile(file: string): CredentialsFile {
  const value = readJsonFile(file);
  if (value === undefined) return { tokens: {}, headers: {}, env: {}, oauth: {} };
  const shape = `${file} must look like {"tokens": {"<server>": "<token>"}, "headers": {"<server>": {"<header>": "<value>"}}, "env": {"<server>": {"<VAR>": "<value>"}}, "oauth": {"<server>": {...}}}`;
  if (!isRecord(value)) throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
  const tokens = value.tokens ?? {};
  const headers = value.headers ?? {};
  const env = value.env ?? {};
  const oauth = value.oauth ?? {};
  if (!isStringMap(tokens) || !isRecord(headers) || !Object.values(headers).every(isStringMap) || !isRecord(env) || !Object.values(env).every(isStringMap) || !isRecord(oauth) || Object.values(oauth).some((state) => !isRecord(state))) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
  }
  return { tokens: { ...tokens }, headers: { ...(headers as Record<string, Record<string, string>>) }, env: { ...(env as Record<string, Record<string, string>>) }, oauth: { ...(oauth as Record<string, StoredOAuthState>) } };
}

/** Applies `change` to the file's content and writes it back (0600); empty sections are left out. */
export function updateCredentialsFile(file: string, change: (credentials: CredentialsFile) => void): void {
  const credentials = readCredentialsFile(file);
  change(credentials);
  const out: Partial<CredentialsFile> = { tokens: credentials.tokens };
  if (Object.keys(credentials.headers).length > 0) out.headers = credentials.headers;
  if (Object.keys(credentials.env).length > 0) out.env = credentials.env;
  if (Object.keys(credentials.oauth).length > 0) out.oauth = credentials.oauth;
  writePrivateJson(file, out);
}
