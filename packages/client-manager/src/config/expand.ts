// `${VAR}` and `${VAR:-default}` expansion at connect time (SPEC §3), applied to stdio `env`
// values and HTTP header values only, so secrets stay out of shared config files.
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { ServerConfig } from "./types";

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Where an expanded value sits, for the error message. */
export interface ExpansionContext {
  server?: string;
  field?: string;
}

/**
 * Replaces `${VAR}` and `${VAR:-default}` in `text`. As in the shell, the default applies when
 * the variable is unset or empty. A variable with neither value nor default throws VARIABLE_MISSING.
 *
 * @example
 * expandVariables("Bearer ${API_KEY}", process.env, { server: "docs", field: "headers.Authorization" });
 */
export function expandVariables(text: string, env: Record<string, string | undefined>, context: ExpansionContext = {}): string {
  return text.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
    // Own properties only: `${toString}` must not expand to a function of Object.prototype.
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value !== undefined && value !== "") return value;
    if (fallback !== undefined) return fallback;
    if (value !== undefined) return value;
    const where = [context.server === undefined ? undefined : `server "${context.server}"`, context.field].filter(Boolean).join(", ");
    throw new ClientManagerError(
      ClientManagerErrorCode.VARIABLE_MISSING,
      `Environment variable ${name} is not set${where ? ` (${where})` : ""}; set it or write \${${name}:-default}`,
      context.server === undefined ? undefined : { server: context.server },
    );
  });
}

function expandRecord(record: Record<string, string> | undefined, env: Record<string, string | undefined>, server: string, field: string) {
  if (record === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key] = expandVariables(value, env, { server, field: `${field}.${key}` });
  return out;
}

/** A copy of `config` with its stdio env values or HTTP header values expanded. */
export function expandServerConfig<T extends ServerConfig>(server: string, config: T, env: Record<string, string | undefined>): T {
  if (config.transport === "stdio") {
    const expanded = expandRecord(config.env, env, server, "env");
    return expanded === undefined ? config : { ...config, env: expanded };
  }
  const expanded = expandRecord(config.headers, env, server, "headers");
  return expanded === undefined ? config : { ...config, headers: expanded };
}
