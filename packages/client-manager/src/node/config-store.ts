// `<home>/mcp.json` and `<home>/mcp-credentials.json` (the home folder is the
// caller's to choose): load, validate, edit and
// save the configuration, keep bearer tokens in their own 0600 file, and show the public view
// (`has_token`, never the token), and keep MCP authorization state (OAuthStorage). Every edit is one read-modify-write under the cross-process
// lock `mcp.lock` (./config-lock) with atomic, fsynced writes (./files); maps indexed by server
// name are null-prototype and read with Object.hasOwn, so a server named `toString` is just a name.
import { LIBRARY_VOICE, type HostVoice } from "../host-voice";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { OAuthStorage, StoredOAuthState } from "../auth/oauth-types";
import { importServers, type ImportOptions, type ImportResult } from "../config/import";
import { publicServers } from "../config/public-view";
import type { CredentialStore, HostConfig, PublicServerConfig, ServerConfig } from "../config/types";
import { validateHostConfig, validateServerConfig } from "../config/validate";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { withFileLock } from "./config-lock";
import { readCredentialsFile, tightenCredentialsFile, writeCredentialsFile, type CredentialsFile } from "./credentials-file";
import { ensurePrivateDir, readJsonFile, writePrivateJson } from "./files";

/**
 * A host's configuration folder: the environment variable `variable` when set and not empty, else
 * `folder` in the user's home directory.
 *
 * @example resolveHomeFolder({ variable: "MY_HOST_HOME", folder: ".my-host" }) // "/home/me/.my-host"
 */
export function resolveHomeFolder(where: { variable: string; folder: string }, env: Record<string, string | undefined> = process.env): string {
  const chosen = env[where.variable];
  return chosen !== undefined && chosen !== "" ? path.resolve(chosen) : path.join(os.homedir(), where.folder);
}

/** Options of {@link ConfigStore}. */
export interface ConfigStoreOptions {
  /** Told about what the store fixed on its own (a credentials file others could read). Default: `process.emitWarning`. */
  onWarning?: (message: string) => void;
  /** How long an edit waits for another process's edit. Default 10 000 ms. */
  lockTimeoutMs?: number;
  /** The host's words in refusals and warnings (its login command, its warning code); default LIBRARY_VOICE. */
  voice?: HostVoice;
}

/**
 * The configuration folder. Every method reads the files fresh, so two processes editing the
 * same home see each other's changes; edits are serialised across processes.
 *
 * @example
 * const store = new ConfigStore(resolveHomeFolder({ variable: "MY_HOST_HOME", folder: ".my-host" }));
 * store.addServer("docs", { transport: "streamable_http", url: "https://example.com/mcp" });
 * store.setToken("docs", "secret");
 * store.publicView() // [{ name: "docs", ..., has_token: true }]
 */
export class ConfigStore implements CredentialStore, OAuthStorage {
  readonly home: string;
  readonly configPath: string;
  readonly credentialsPath: string;
  /** The lock file held during each edit. */
  readonly lockPath: string;
  private readonly onWarning: (message: string) => void;
  private readonly lockTimeoutMs: number | undefined;
  private readonly voice: HostVoice;

  constructor(home: string, options: ConfigStoreOptions = {}) {
    this.home = path.resolve(home);
    this.configPath = path.join(this.home, "mcp.json");
    this.credentialsPath = path.join(this.home, "mcp-credentials.json");
    this.lockPath = path.join(this.home, "mcp.lock");
    this.voice = options.voice ?? LIBRARY_VOICE;
    const warningCode = this.voice.warningCode;
    this.onWarning = options.onWarning ?? ((message) => process.emitWarning(message, { code: warningCode }));
    this.lockTimeoutMs = options.lockTimeoutMs;
  }

  /** The validated configuration; an absent file is an empty one. */
  load(): HostConfig {
    const value = readJsonFile(this.configPath);
    if (value === undefined) return validateHostConfig({ servers: {} }, this.voice);
    try {
      return validateHostConfig(value, this.voice);
    } catch (error) {
      if (ClientManagerError.isInstance(error)) {
        throw new ClientManagerError(error.code, `${this.configPath}: ${error.message}`, { cause: error, ...(error.server ? { server: error.server } : {}) });
      }
      throw error;
    }
  }

  /** Validates and writes the configuration (0600, folder 0700). */
  save(config: HostConfig): void {
    const valid = validateHostConfig(config, this.voice);
    this.edit(() => writePrivateJson(this.configPath, { servers: { ...valid.servers } }));
  }

  /** Servers with `has_token` and without tokens: what a client may be shown. */
  publicView(): PublicServerConfig[] {
    return publicServers(this.load(), this);
  }

  /** Adds (or with `replace`, overwrites) one server. */
  addServer(name: string, server: ServerConfig, options: { replace?: boolean } = {}): void {
    const entry = validateServerConfig(name, server, this.voice);
    this.edit(() => {
      const config = this.load();
      if (Object.hasOwn(config.servers, name) && !options.replace) {
        throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `Server "${name}" already exists; remove it first or pass replace: true`, { server: name });
      }
      config.servers[name] = entry;
      this.save(config);
    });
  }

  /** Removes a server and its token; false when it was not there. */
  removeServer(name: string): boolean {
    return this.edit(() => {
      const config = this.load();
      if (!Object.hasOwn(config.servers, name)) return false;
      delete config.servers[name];
      this.save(config);
      this.removeToken(name);
      this.clearOAuth(name);
      return true;
    });
  }

  /** Turns a server on or off. */
  setEnabled(name: string, enabled: boolean): void {
    this.edit(() => {
      const config = this.load();
      const server = Object.hasOwn(config.servers, name) ? config.servers[name] : undefined;
      if (!server) throw new ClientManagerError(ClientManagerErrorCode.SERVER_NOT_FOUND, `No server named "${name}" in ${this.configPath}`, { server: name });
      server.enabled = enabled;
      this.save(config);
    });
  }

  /**
   * Merges servers from another client's file (see importServers); existing names are kept and
   * reported. Secrets taken out of the servers (bearer tokens, secret headers and env values) go
   * to mcp-credentials.json, written before mcp.json so a failed write never loses one;
   * `tokensStored` and `secretsStored` name their servers. `dryRun` writes nothing.
   */
  importFrom(json: string | unknown, options: ImportOptions & { replace?: boolean; dryRun?: boolean } = {}): ImportResult & { added: string[]; tokensStored: string[]; secretsStored: string[] } {
    const { replace, dryRun, ...importOptions } = options;
    const result = importServers(json, { userHome: os.homedir(), pathSeparator: path.sep, readFile: (file) => fs.readFileSync(file, "utf8"), voice: this.voice, ...importOptions });
    const merge = () => {
      const config = this.load();
      const added: string[] = [];
      for (const [name, server] of Object.entries(result.servers)) {
        if (Object.hasOwn(config.servers, name) && !replace) {
          result.warnings.push(`${name}: already configured, kept the existing entry`);
          continue;
        }
        config.servers[name] = server;
        added.push(name);
      }
      const tokensStored = added.filter((name) => Object.hasOwn(result.tokens, name));
      const secretsStored = added.filter((name) => Object.hasOwn(result.secretHeaders, name) || Object.hasOwn(result.secretEnv, name));
      for (const name of added.filter((name) => Object.hasOwn(result.secretHeaders, name))) {
        const headers = Object.keys(result.secretHeaders[name] as Record<string, string>).map((key) => `headers.${key}`);
        result.warnings.push(`${name}: ${headers.join(", ")} moved to mcp-credentials.json (0600); sent on connect, never shown`);
      }
      return { config, added, tokensStored, secretsStored };
    };
    if (dryRun) {
      const { added, tokensStored, secretsStored } = merge();
      return { ...result, added, tokensStored, secretsStored };
    }
    return this.edit(() => {
      const { config, added, tokensStored, secretsStored } = merge();
      if (added.length > 0) {
        this.editCredentials((credentials) => {
          for (const name of added) {
            // An imported server never inherits secrets of an earlier one of the same name.
            delete credentials.headers[name];
            delete credentials.env[name];
            if (Object.hasOwn(result.tokens, name)) credentials.tokens[name] = result.tokens[name] as string;
            if (Object.hasOwn(result.secretHeaders, name)) credentials.headers[name] = result.secretHeaders[name] as Record<string, string>;
            if (Object.hasOwn(result.secretEnv, name)) credentials.env[name] = result.secretEnv[name] as Record<string, string>;
          }
        });
      }
      this.save(config);
      return { ...result, added, tokensStored, secretsStored };
    });
  }

  getToken(server: string): string | undefined {
    const { tokens } = this.readCredentials();
    return Object.hasOwn(tokens, server) ? tokens[server] : undefined;
  }

  /** Secret headers kept for `server` in mcp-credentials.json (from an import), or undefined. */
  getHeaders(server: string): Record<string, string> | undefined {
    const { headers } = this.readCredentials();
    return Object.hasOwn(headers, server) ? { ...headers[server] } : undefined;
  }

  /** Secret env values kept for a stdio server in mcp-credentials.json (from an import), or undefined. */
  getEnv(server: string): Record<string, string> | undefined {
    const { env } = this.readCredentials();
    return Object.hasOwn(env, server) ? { ...env[server] } : undefined;
  }

  hasToken(server: string): boolean {
    return Boolean(this.getToken(server));
  }

  /** Stores a bearer token in mcp-credentials.json (0600). */
  setToken(server: string, token: string): void {
    if (token.trim() === "") throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `The token for "${server}" is empty; pass the bearer token itself`, { server });
    this.editCredentials((credentials) => {
      credentials.tokens[server] = token;
    });
  }

  /** Deletes a server's token (and any secret headers and env values kept for it); false when there was no token. */
  removeToken(server: string): boolean {
    let hadToken = false;
    this.editCredentials((credentials) => {
      hadToken = Object.hasOwn(credentials.tokens, server);
      const had = hadToken || Object.hasOwn(credentials.headers, server) || Object.hasOwn(credentials.env, server);
      delete credentials.tokens[server];
      delete credentials.headers[server];
      delete credentials.env[server];
      return had;
    });
    return hadToken;
  }

  /** The OAuth state of a server (client registration, tokens); never log it. */
  loadOAuth(server: string): StoredOAuthState | undefined {
    const { oauth } = this.readCredentials();
    return Object.hasOwn(oauth, server) ? oauth[server] : undefined;
  }

  hasOAuthTokens(server: string): boolean {
    return Boolean(this.loadOAuth(server)?.tokens?.access_token);
  }

  /** Stores a server's OAuth state in mcp-credentials.json (0600), under the same lock as every other edit. */
  saveOAuth(server: string, state: StoredOAuthState): void {
    this.editCredentials((credentials) => {
      credentials.oauth[server] = state;
    });
  }

  /** Forgets a server's OAuth tokens and registration (a host's logout command); false when there were none. */
  clearOAuth(server: string): boolean {
    let had = false;
    this.editCredentials((credentials) => {
      had = Object.hasOwn(credentials.oauth, server);
      delete credentials.oauth[server];
      return had;
    });
    return had;
  }

  /** Stores a pre-registered OAuth client's secret (config `oauth.clientId`) with the server's OAuth state. */
  setOAuthClientSecret(server: string, secret: string): void {
    if (secret.trim() === "") throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `The client secret for "${server}" is empty; pass the secret itself`, { server });
    this.editCredentials((credentials) => {
      credentials.oauth[server] = { ...(Object.hasOwn(credentials.oauth, server) ? credentials.oauth[server] : {}), clientSecret: secret };
    });
  }

  private edit<T>(change: () => T): T {
    ensurePrivateDir(this.home);
    return withFileLock(this.lockPath, change, this.lockTimeoutMs === undefined ? {} : { timeoutMs: this.lockTimeoutMs });
  }

  // One read-modify-write of the credentials file under the lock; `change` returning false means "nothing changed, skip the write".
  private editCredentials(change: (credentials: CredentialsFile) => boolean | void): void {
    this.edit(() => {
      const credentials = this.readCredentials();
      if (change(credentials) === false) return;
      writeCredentialsFile(this.credentialsPath, credentials);
    });
  }

  // A file others can read is made 0600 first, with a warning (see credentials-file.ts).
  private readCredentials(): CredentialsFile {
    tightenCredentialsFile(this.credentialsPath, this.onWarning);
    return readCredentialsFile(this.credentialsPath);
  }
}

/** Loads `mcp.json` from `home`. */
export function loadHostConfig(home: string): HostConfig {
  return new ConfigStore(home).load();
}

/** Saves `mcp.json` into `home` (0600, folder 0700). */
export function saveHostConfig(config: HostConfig, home: string): void {
  new ConfigStore(home).save(config);
}

/** The file-backed credential store of `home`. */
export function loadCredentials(home: string): CredentialStore {
  return new ConfigStore(home);
}
