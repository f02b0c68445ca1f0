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
      if (tokensStored.length > 0) {
        const tokens = this.readTokens();
        for (const name of tokensStored) tokens[name] = result.tokens[name] as string;
        this.writeTokens(tokens);
      }
      this.save(config);
      return { ...result, added, tokensStored };
    });
  }

  getToken(server: string): string | undefined {
    const tokens = this.readTokens();
    return Object.hasOwn(tokens, server) ? tokens[server] : undefined;
  }

  hasToken(server: string): boolean {
    return Boolean(this.getToken(server));
  }

  /** Stores a bearer token in mcp-credentials.json (0600). */
  setToken(server: string, token: string): void {
    if (token.trim() === "") throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `The token for "${server}" is empty; pass the bearer token itself`, { server });
    this.edit(() => {
      const tokens = this.readTokens();
      tokens[server] = token;
      this.writeTokens(tokens);
    });
  }

  /** Deletes a server's token; false when there was none. */
  removeToken(server: string): boolean {
    return this.edit(() => {
      const tokens = this.readTokens();
      if (!Object.hasOwn(tokens, server)) return false;
      delete tokens[server];
      this.writeTokens(tokens);
      return true;
    });
  }

  private edit<T>(change: () => T): T {
    ensurePrivateDir(this.home);
    return withFileLock(this.lockPath, change, this.lockTimeoutMs === undefined ? {} : { timeoutMs: this.lockTimeoutMs });
  }

  private writeTokens(tokens: Record<string, string>): void {
    writePrivateJson(this.credentialsPath, { tokens: { ...tokens } });
  }

  // Tokens by server in a null-prototype map. A file others can read is made 0600 first, with
  // a warning: tokens in it may already have been read.
  private readTokens(): Record<string, string> {
    this.tightenCredentials();
    const value = readJsonFile(this.credentialsPath);
    const tokens: Record<string, string> = Object.create(null) as Record<string, string>;
    if (value === undefined) return tokens;
    const found = (value as { tokens?: unknown }).tokens;
    if (typeof found !== "object" || found === null || Array.isArray(found) || Object.values(found).some((token) => typeof token !== "string")) {
      throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, `${this.credentialsPath} must look like {"tokens": {"<server>": "<token>"}}`);
    }
    for (const [server, token] of Object.entries(found as Record<string, string>)) tokens[server] = token;
    return tokens;
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
