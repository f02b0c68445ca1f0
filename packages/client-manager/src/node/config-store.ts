// `$FOYA_HOME/mcp.json` and `$FOYA_HOME/mcp-credentials.json` (SPEC §3): load, validate, edit and
// save the configuration, keep bearer tokens in their own 0600 file, and show the public view
// (`has_token`, never the token).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importServers, type ImportOptions, type ImportResult } from "../config/import";
import { publicServers } from "../config/public-view";
import type { OAuthStorage, StoredOAuthState } from "../auth/oauth-types";
import type { CredentialStore, HostConfig, PublicServerConfig, ServerConfig } from "../config/types";
import { validateHostConfig, validateServerConfig } from "../config/validate";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { readCredentialsFile, updateCredentialsFile } from "./credentials-file";
import { readJsonFile, writePrivateJson } from "./files";

/** `FOYA_HOME`, else `~/.foya`. */
export function resolveFoyaHome(env: Record<string, string | undefined> = process.env): string {
  return env.FOYA_HOME && env.FOYA_HOME !== "" ? path.resolve(env.FOYA_HOME) : path.join(os.homedir(), ".foya");
}

function readTokens(file: string): Record<string, string> {
  return readCredentialsFile(file).tokens;
}

/**
 * The configuration folder. Every method reads the files fresh, so two processes editing the
 * same home see each other's changes.
 *
 * @example
 * const store = new ConfigStore();
 * store.addServer("docs", { transport: "streamable_http", url: "https://example.com/mcp" });
 * store.setToken("docs", "secret");
 * store.publicView() // [{ name: "docs", ..., has_token: true }]
 */
export class ConfigStore implements CredentialStore, OAuthStorage {
  readonly home: string;
  readonly configPath: string;
  readonly credentialsPath: string;

  constructor(home: string = resolveFoyaHome()) {
    this.home = path.resolve(home);
    this.configPath = path.join(this.home, "mcp.json");
    this.credentialsPath = path.join(this.home, "mcp-credentials.json");
  }

  /** The validated configuration; an absent file is an empty one. */
  load(): HostConfig {
    const value = readJsonFile(this.configPath);
    if (value === undefined) return { servers: {} };
    try {
      return validateHostConfig(value);
    } catch (error) {
      if (ClientManagerError.isInstance(error)) {
        throw new ClientManagerError(error.code, `${this.configPath}: ${error.message}`, { cause: error, ...(error.server ? { server: error.server } : {}) });
      }
      throw error;
    }
  }

  /** Validates and writes the configuration (0600, folder 0700). */
  save(config: HostConfig): void {
    writePrivateJson(this.configPath, validateHostConfig(config));
  }

  /** Servers with `has_token` and without tokens: what a client may be shown. */
  publicView(): PublicServerConfig[] {
    return publicServers(this.load(), this);
  }

  /** Adds (or with `replace`, overwrites) one server. */
  addServer(name: string, server: ServerConfig, options: { replace?: boolean } = {}): void {
    const config = this.load();
    if (config.servers[name] && !options.replace) {
      throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `Server "${name}" already exists; remove it first or pass replace: true`, { server: name });
    }
    config.servers[name] = validateServerConfig(name, server);
    this.save(config);
  }

  /** Removes a server and its token; false when it was not there. */
  removeServer(name: string): boolean {
    const config = this.load();
    if (!config.servers[name]) return false;
    delete config.servers[name];
    this.save(config);
    this.removeToken(name);
    this.clearOAuth(name);
    return true;
  }

  /** Turns a server on or off. */
  setEnabled(name: string, enabled: boolean): void {
    const config = this.load();
    const server = config.servers[name];
    if (!server) throw new ClientManagerError(ClientManagerErrorCode.SERVER_NOT_FOUND, `No server named "${name}" in ${this.configPath}`, { server: name });
    server.enabled = enabled;
    this.save(config);
  }

  /**
   * Merges servers from another client's file (see importServers); existing names are kept and
   * reported. Secrets taken out of the servers (bearer tokens, secret headers and env values) go
   * to mcp-credentials.json, written before mcp.json so a failed write never loses one;
   * `tokensStored` and `secretsStored` name their servers. `dryRun` writes nothing.
   */
  importFrom(json: string | unknown, options: ImportOptions & { replace?: boolean; dryRun?: boolean } = {}): ImportResult & { added: string[]; tokensStored: string[]; secretsStored: string[] } {
    const { replace, dryRun, ...importOptions } = options;
    const result = importServers(json, { userHome: os.homedir(), pathSeparator: path.sep, readFile: (file) => fs.readFileSync(file, "utf8"), ...importOptions });
    const config = this.load();
    const added: string[] = [];
    for (const [name, server] of Object.entries(result.servers)) {
      if (config.servers[name] && !replace) {
        result.warnings.push(`${name}: already configured, kept the existing entry`);
        continue;
      }
      config.servers[name] = server;
      added.push(name);
    }
    const tokensStored = added.filter((name) => result.tokens[name] !== undefined);
    const secretsStored = added.filter((name) => result.secretHeaders[name] !== undefined || result.secretEnv[name] !== undefined);
    if (dryRun) return { ...result, added, tokensStored, secretsStored };
    if (tokensStored.length > 0 || secretsStored.length > 0 || added.length > 0) {
      updateCredentialsFile(this.credentialsPath, (credentials) => {
        for (const name of added) {
          // An imported server never inherits secrets of an earlier one of the same name.
          delete credentials.headers[name];
          delete credentials.env[name];
          if (result.tokens[name] !== undefined) credentials.tokens[name] = result.tokens[name];
          if (result.secretHeaders[name] !== undefined) credentials.headers[name] = result.secretHeaders[name];
          if (result.secretEnv[name] !== undefined) credentials.env[name] = result.secretEnv[name];
        }
      });
    }
    this.save(config);
    return { ...result, added, tokensStored, secretsStored };
  }

  getToken(server: string): string | undefined {
    return readTokens(this.credentialsPath)[server];
  }

  /** Secret headers kept for a remote server in mcp-credentials.json (from an import), or undefined. */
  getHeaders(server: string): Record<string, string> | undefined {
    const { headers } = readCredentialsFile(this.credentialsPath);
    return Object.hasOwn(headers, server) ? { ...headers[server] } : undefined;
  }

  /** Secret env values kept for a stdio server in mcp-credentials.json (from an import), or undefined. */
  getEnv(server: string): Record<string, string> | undefined {
    const { env } = readCredentialsFile(this.credentialsPath);
    return Object.hasOwn(env, server) ? { ...env[server] } : undefined;
  }

  hasToken(server: string): boolean {
    return Boolean(this.getToken(server));
  }

  /** Stores a bearer token in mcp-credentials.json (0600). */
  setToken(server: string, token: string): void {
    if (token.trim() === "") throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `The token for "${server}" is empty; pass the bearer token itself`, { server });
    updateCredentialsFile(this.credentialsPath, ({ tokens }) => {
      tokens[server] = token;
    });
  }

  /** Deletes a server's token; false when there was none. */
  removeToken(server: string): boolean {
    const credentials = readCredentialsFile(this.credentialsPath);
    const hadToken = Object.hasOwn(credentials.tokens, server);
    if (!hadToken && !Object.hasOwn(credentials.headers, server) && !Object.hasOwn(credentials.env, server)) return false;
    updateCredentialsFile(this.credentialsPath, ({ tokens, headers, env }) => {
      delete tokens[server];
      delete headers[server];
      delete env[server];
    });
    return hadToken;
  }

  /** The OAuth state of a server (client registration, tokens); never log it. */
  loadOAuth(server: string): StoredOAuthState | undefined {
    const { oauth } = readCredentialsFile(this.credentialsPath);
    return Object.hasOwn(oauth, server) ? oauth[server] : undefined;
  }

  hasOAuthTokens(server: string): boolean {
    return Boolean(this.loadOAuth(server)?.tokens?.access_token);
  }

  /** Stores a server's OAuth state in mcp-credentials.json (0600). */
  saveOAuth(server: string, state: StoredOAuthState): void {
    updateCredentialsFile(this.credentialsPath, ({ oauth }) => {
      oauth[server] = state;
    });
  }

  /** Forgets a server's OAuth tokens and registration (`foya mcp logout`); false when there were none. */
  clearOAuth(server: string): boolean {
    if (this.loadOAuth(server) === undefined) return false;
    updateCredentialsFile(this.credentialsPath, ({ oauth }) => {
      delete oauth[server];
    });
    return true;
  }

  /** Stores a pre-registered OAuth client's secret (config `auth.clientId`) with the server's OAuth state. */
  setOAuthClientSecret(server: string, secret: string): void {
    if (secret.trim() === "") throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `The client secret for "${server}" is empty; pass the secret itself`, { server });
    this.saveOAuth(server, { ...(this.loadOAuth(server) ?? {}), clientSecret: secret });
  }
}

/** Loads `mcp.json` from `home` (default FOYA_HOME or ~/.foya). */
export function loadHostConfig(home?: string): HostConfig {
  return new ConfigStore(home).load();
}

/** Saves `mcp.json` into `home` (0600, folder 0700). */
export function saveHostConfig(config: HostConfig, home?: string): void {
  new ConfigStore(home).save(config);
}

/** The file-backed credential store of `home`. */
export function loadCredentials(home?: string): CredentialStore {
  return new ConfigStore(home);
}
