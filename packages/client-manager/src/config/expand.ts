// `${VAR}` and `${VAR:-default}` expansion at connect time (SPEC §3). Expanded in every string a
// server entry holds (stdio command, args, cwd, env values; remote url and header values), as
// Claude Code does, so an imported `${VAR}` stays a reference and secrets stay out of config files.
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

/** Whether `text` holds a `${VAR}` reference. */
export function hasVariableReference(text: string): boolean {
  return new RegExp(REFERENCE.source).test(text);
}

function expandRecord(record: Record<string, string> | undefined, env: Record<string, string | undefined>, server: string, field: string) {
  if (record === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) out[key] = expandVariables(value, env, { server, field: `${field}.${key}` });
  return out;
}

function expandUrl(url: string, env: Record<string, string | undefined>, server: string): string {
  if (!hasVariableReference(url)) return url;
  const expanded = expandVariables(url, env, { server, field: "url" });
  let parsed: URL | undefined;
  try {
    parsed = new URL(expanded);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `servers.${server}.url expands to "${expanded}", which is not an http(s) URL; check the variables it uses`, { server });
  }
  return expanded;
}

/** A copy of `config` with every `${VAR}` in its strings expanded. */
export function expandServerConfig<T extends ServerConfig>(server: string, config: T, env: Record<string, string | undefined>): T {
  if (config.transport === "stdio") {
    const expanded: T = { ...config, command: expandVariables(config.command, env, { server, field: "command" }) };
    if (config.args !== undefined) Object.assign(expanded, { args: config.args.map((arg, index) => expandVariables(arg, env, { server, field: `args[${index}]` })) });
    if (config.cwd !== undefined) Object.assign(expanded, { cwd: expandVariables(config.cwd, env, { server, field: "cwd" }) });
    if (config.env !== undefined) Object.assign(expanded, { env: expandRecord(config.env, env, server, "env") });
    return expanded;
  }
  const expanded: T = { ...config, url: expandUrl(config.url, env, server) };
  if (config.headers !== undefined) Object.assign(expanded, { headers: expandRecord(config.headers, env, server, "headers") });
  // The private_key_jwt key is always a ${VAR} reference (validate.ts refuses a literal key).
  if (config.oauth?.privateKey !== undefined) {
    Object.assign(expanded, { oauth: { ...config.oauth, privateKey: expandVariables(config.oauth.privateKey, env, { server, field: "oauth.privateKey" }) } });
  }
  return expanded;
}
