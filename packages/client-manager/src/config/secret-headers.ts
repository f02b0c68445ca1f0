// Secret-looking HTTP headers in an imported server list. A literal value under a secret name
// (`X-Api-Key: sk-…`, `Authorization: Basic …`) leaves mcp.json for mcp-credentials.json the
// way bearer tokens do; a `${VAR}` reference to a secret-looking variable stays (it holds no
// secret itself) but is reported, because on connect its value is sent to that server.

import { isJsonObject } from "@foundry-mcp/core";
import type { ServerConfig } from "./types";

const SECRET_NAME = /auth|token|secret|password|passwd|api[-_]?key|private[-_]?key|cookie|credential|session/i;
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;

/** Whether a header or variable name suggests a secret. */
export function isSecretLookingName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** One warning per `${VAR}` whose variable looks secret: its value goes to `url` on every connect. */
export function secretReferenceWarnings(server: string, headers: Record<string, unknown>, url: unknown): string[] {
  const warnings: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value !== "string") continue;
    for (const match of value.matchAll(REFERENCE)) {
      const variable = match[1] as string;
      if (!isSecretLookingName(variable) && !isSecretLookingName(key)) continue;
      warnings.push(`${server}: headers.${key} sends the environment variable ${variable} to ${String(url)} on every connect; keep it only if that server is meant to receive it`);
    }
  }
  return warnings;
}

/**
 * Removes literal values of secret-looking headers from `out.headers` and returns them (or
 * undefined when there are none). Values made only of `${VAR}` references stay.
 */
export function takeSecretHeaders(out: Record<string, unknown>): Record<string, string> | undefined {
  const headers = out.headers;
  if (!isJsonObject(headers)) return undefined;
  const kept: Record<string, unknown> = {};
  const taken: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value === "string" && isSecretLookingName(key) && !value.includes("${")) taken[key] = value;
    else kept[key] = value;
  }
  if (Object.keys(taken).length === 0) return undefined;
  if (Object.keys(kept).length === 0) delete out.headers;
  else out.headers = kept;
  return taken;
}

/** `server` with the secret headers kept for it in the credentials added to its `headers` (remote servers only). */
export function withSecretHeaders<T extends ServerConfig>(server: T, secrets: Record<string, string> | undefined): T {
  if (secrets === undefined || server.transport === "stdio") return server;
  return { ...server, headers: { ...server.headers, ...secrets } };
}
