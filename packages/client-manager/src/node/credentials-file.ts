// `mcp-credentials.json`: bearer tokens (`tokens`) and OAuth state (`oauth`) per server, in one
// 0600 file apart from mcp.json. Every edit reads the file fresh and writes the whole of it
// back (temp + rename), so a token edit never drops OAuth state and the reverse.
import type { StoredOAuthState } from "../auth/oauth-types";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { readJsonFile, writePrivateJson } from "./files";

/** The parsed credentials file. */
export interface CredentialsFile {
  tokens: Record<string, string>;
  oauth: Record<string, StoredOAuthState>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads `file`; an absent file is an empty one; a malformed one is CONFIG_READ_FAILED naming the shape. */
export function readCredentialsFile(file: string): CredentialsFile {
  const value = readJsonFile(file);
  if (value === undefined) return { tokens: {}, oauth: {} };
  const shape = `${file} must look like {"tokens": {"<server>": "<token>"}, "oauth": {"<server>": {...}}}`;
  if (!isRecord(value)) throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
  const tokens = value.tokens ?? {};
  const oauth = value.oauth ?? {};
  if (!isRecord(tokens) || Object.values(tokens).some((token) => typeof token !== "string") || !isRecord(oauth) || Object.values(oauth).some((state) => !isRecord(state))) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
  }
  return { tokens: { ...(tokens as Record<string, string>) }, oauth: { ...(oauth as Record<string, StoredOAuthState>) } };
}

/** Applies `change` to the file's content and writes it back (0600). */
export function updateCredentialsFile(file: string, change: (credentials: CredentialsFile) => void): void {
  const credentials = readCredentialsFile(file);
  change(credentials);
  const out: Partial<CredentialsFile> = { tokens: credentials.tokens };
  if (Object.keys(credentials.oauth).length > 0) out.oauth = credentials.oauth;
  writePrivateJson(file, out);
}
