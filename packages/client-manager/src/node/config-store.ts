// `$FOYA_HOME/mcp.json` and `$FOYA_HOME/mcp-credentials.json` (SPEC §3): load, validate, edit and
// save the configuration, keep bearer tokens in their own 0600 file, and show the public view
// (`has_token`, never the token). Every edit is one read-modify-write under the cross-process
// lock `mcp.lock` (./config-lock) with atomic, fsynced writes (./files); maps indexed by server
// name are null-prototype and read with Object.hasOwn, so a server named `toString` is just a name.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importServers, type ImportResult } from "../config/import";
import { publicServers } from "../config/public-view";
import type { CredentialStore, HostConfig, PublicServerConfig, ServerConfig } from "../config/types";
import { validateHostConfig, validateServerConfig } from "../config/validate";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { withFileLock } from "./config-lock";
import { ensurePrivateDir, readJsonFile, writePrivateJson } from "./files";

/** `FOYA_HOME`, else `~/.foya`. */
export function resolveFoyaHome(env: Record<string, string | undefined> = process.env): string {
  return env.FOYA_HOME && env.FOYA_HOME !== "" ? path.resolve(env.FOYA_HOME) : path.join(os.homedir(), ".foya");
}

/** Options of {@link ConfigStore}. */
export interface ConfigStoreOptions {
  /** Told about what the store fixed on its own (a credentials file others could read). Default: `process.emitWarning`. */
  onWarning?: (message: string) => void;
  /** How long an edit waits for another process's edit. Default 10 000 ms. */
  lockTimeoutMs?: number;
}

interface Credentials {
  tokens: Record<string, string>;
  headers: Record<string, Record<string, string>>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((item) => typeof item === "string");
}

function defaultWarning(message: string): void {
  process.emitWarning(message, { code: "FOYA_CONFIG" });
}

/**
 * The configuration folder. Every method reads the files fresh, so two processes editing the
 * same home see each other's changes; edits are serialised across processes.
 *
 * @example
 * const store = new ConfigStore();
 * store.addServer("docs", { transport: "streamable_http", url: "https://example.com/mcp" });
 * store.setToken("docs", "secret");
 * store.publicView() // [{ name: "docs", ..., has_token: true }]
 */
export class ConfigStore implements CredentialStore {
  readonly home: string;
  readonly configPath: string;
  readonly credentialsPath: string;
  /** The lock file held during each edit. */
  readonly lockPath: string;
  private readonly onWarning: (message: string) => void;
  private readonly lockTimeoutMs: number | undefined;

  constructor(home: string = resolveFoyaHome(), options: ConfigStoreOptions = {}) {
    this.home = path.resolve(home);
    this.configPath = path.join(this.home, "mcp.json");
    this.credentialsPath = path.join(this.home, "mcp-credentials.json");
    this.lockPath = path.join(this.home, "mcp.lock");
    this.onWarning = options.onWarning ?? defaultWarning;
    this.lockTimeoutMs = options.lockTimeoutMs;
  }

  /** The validated configuration; an absent file is an empty one. */
  load(): HostConfig {
    const value = readJsonFile(this.configPath);
    if (value === undefined) return validateHostConfig({ servers: {} });
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
    const valid = validateHostConfig(config);
    this.edit(() => writePrivateJson(this.configPath, { servers: { ...valid.servers } }));
  }

  /** Servers with `has_token` and without tokens: what a client may be shown. */
  publicView(): PublicServerConfig[] {
    return publicServers(this.load(), this);
  }

  /** Adds (or with `replace`, overwrites) one server. */
  addServer(name: string, server: ServerConfig, options: { replace?: boolean } = {}): void {
    const entry = validateServerConfig(name, server);
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
   * Merges servers from another host's file; existing names are kept and reported. Bearer
   * tokens found in `Authorization` headers go to mcp-credentials.json (written before
   * mcp.json, so a failed write never loses one); `tokensStored` names their servers.
   */
  importFrom(json: string | unknown, options: { replace?: boolean } = {}): ImportResult & { added: string[]; tokensStored: string[] } {
    const result = importServers(json);
    return this.edit(() => {
      const config = this.load();
      const added: string[] = [];
      for (const [name, server] of Object.entries(result.servers)) {
        if (Object.hasOwn(config.servers, name) && !options.replace) {
          result.warnings.push(`${name}: already configured, kept the existing entry`);
          continue;
        }
        config.servers[name] = server;
        added.push(name);
      }
      const tokensStored = added.filter((name) => Object.hasOwn(result.tokens, name));
      const headersStored = added.filter((name) => Object.hasOwn(result.secretHeaders, name));
      if (tokensStored.length > 0 || headersStored.length > 0) {
        const credentials = this.readCredentials();
        for (const name of tokensStored) credentials.tokens[name] = result.tokens[name] as string;
        for (const name of headersStored) {
          const headers = result.secretHeaders[name] as Record<string, string>;
          credentials.headers[name] = headers;
          result.warnings.push(`${name}: ${Object.keys(headers).map((key) => `headers.${key}`).join(", ")} moved to mcp-credentials.json (0600); sent on connect, never shown`);
        }
        this.writeCredentials(credentials);
      }
      this.save(config);
      return { ...result, added, tokensStored };
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

  hasToken(server: string): boolean {
    return Boolean(this.getToken(server));
  }

  /** Stores a bearer token in mcp-credentials.json (0600). */
  setToken(server: string, token: string): void {
    if (token.trim() === "") throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `The token for "${server}" is empty; pass the bearer token itself`, { server });
    this.edit(() => {
      const credentials = this.readCredentials();
      credentials.tokens[server] = token;
      this.writeCredentials(credentials);
    });
  }

  /** Deletes a server's token (and any secret headers kept for it); false when there was none. */
  removeToken(server: string): boolean {
    return this.edit(() => {
      const credentials = this.readCredentials();
      const hadToken = Object.hasOwn(credentials.tokens, server);
      const hadHeaders = Object.hasOwn(credentials.headers, server);
      if (!hadToken && !hadHeaders) return false;
      delete credentials.tokens[server];
      delete credentials.headers[server];
      this.writeCredentials(credentials);
      return hadToken;
    });
  }

  private edit<T>(change: () => T): T {
    ensurePrivateDir(this.home);
    return withFileLock(this.lockPath, change, this.lockTimeoutMs === undefined ? {} : { timeoutMs: this.lockTimeoutMs });
  }

  private writeCredentials(credentials: Credentials): void {
    const file: { tokens: Record<string, string>; headers?: Record<string, Record<string, string>> } = { tokens: { ...credentials.tokens } };
    if (Object.keys(credentials.headers).length > 0) file.headers = { ...credentials.headers };
    writePrivateJson(this.credentialsPath, file);
  }

  // Tokens and secret headers by server, in null-prototype maps. A file others can read is made
  // 0600 first, with a warning: what is in it may already have been read.
  private readCredentials(): Credentials {
    this.tightenCredentials();
    const value = readJsonFile(this.credentialsPath);
    const credentials: Credentials = { tokens: Object.create(null) as Record<string, string>, headers: Object.create(null) as Record<string, Record<string, string>> };
    if (value === undefined) return credentials;
    const { tokens, headers } = value as { tokens?: unknown; headers?: unknown };
    const shape = `${this.credentialsPath} must look like {"tokens": {"<server>": "<token>"}, "headers": {"<server>": {"<header>": "<value>"}}}`;
    if (!isStringMap(tokens)) throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
    for (const [server, token] of Object.entries(tokens)) credentials.tokens[server] = token;
    if (headers !== undefined) {
      if (!isPlainObject(headers) || !Object.values(headers).every(isStringMap)) throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, shape);
      for (const [server, map] of Object.entries(headers as Record<string, Record<string, string>>)) credentials.headers[server] = { ...map };
    }
    return credentials;
  }

  private tightenCredentials(): void {
    let mode: number;
    try {
      mode = fs.statSync(this.credentialsPath).mode & 0o777;
    } catch {
      return;
    }
    if ((mode & 0o077) === 0) return;
    try {
      fs.chmodSync(this.credentialsPath, 0o600);
    } catch (error) {
      throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `${this.credentialsPath} is mode ${mode.toString(8).padStart(4, "0")} (others can read it) and cannot be made 0600: ${(error as Error).message}`, { cause: error });
    }
    this.onWarning(
      `${this.credentialsPath} was mode ${mode.toString(8).padStart(4, "0")}, readable by other users; it is now 0600. Rotate its tokens if someone else could have read them.`,
    );
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
