// `foya mcp login|logout <name>`: MCP authorization (OAuth 2.1) for a remote server. login runs
// the package's loopback flow (client-manager/node `loginOAuthServer`): it prints the sign-in URL
// on stderr, opens a browser unless --no-browser, waits for the redirect and stores the tokens in
// mcp-credentials.json (0600). Tokens are never printed; the CLI says only when they expire.
import { spawn } from "node:child_process";
import { ClientManagerError } from "@foundry-mcp/client-manager";
import { loginOAuthServer, type ConfigStore } from "@foundry-mcp/client-manager/node";
import { FOYA_VOICE, openFoyaStore } from "../host/voice";
import { parseArguments } from "../cli/args";
import { FoyaError, FoyaErrorCode } from "../cli/errors";
import type { Command } from "./context";

const BROWSER_COMMANDS: Record<string, [string, string[]]> = {
  darwin: ["open", []],
  win32: ["cmd", ["/c", "start", ""]],
};

/** Opens `url` in the default browser without waiting for it; failures only mean "print it". */
function openBrowser(url: string): void {
  const [command, prefix] = BROWSER_COMMANDS[process.platform] ?? ["xdg-open", []];
  try {
    const child = spawn(command, [...prefix, url], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No browser here: the URL is printed anyway.
  }
}

function remoteServer(store: ConfigStore, name: string) {
  const server = store.load().servers[name];
  if (!server) throw new FoyaError(FoyaErrorCode.NOT_FOUND, `No MCP server named "${name}" (configured: ${Object.keys(store.load().servers).join(", ") || "none"}).`);
  if (server.transport === "stdio") throw new FoyaError(FoyaErrorCode.INVALID_INPUT, `MCP server "${name}" runs over stdio; OAuth login is for remote (streamable_http or sse) servers.`);
  return server;
}

function expiryText(expiresAt: number | undefined): string {
  if (expiresAt === undefined) return "the server gave no expiry";
  const minutes = Math.max(0, Math.round((expiresAt - Date.now()) / 60_000));
  return `the access token expires in ${minutes} min`;
}

/** `foya mcp login <name> [--no-browser] [--timeout SECONDS] [--client-secret-env VAR]`. */
export const mcpLogin: Command = async (argv, context) => {
  const command = "mcp login";
  const parsed = parseArguments(argv, { command, options: { "no-browser": "flag", timeout: "value", "client-secret-env": "value" }, positionals: ["name"] });
  const name = parsed.positionals.name as string;
  const store = openFoyaStore(context.home);
  const server = remoteServer(store, name);
  const secretVariable = parsed.values["client-secret-env"];
  if (secretVariable !== undefined) {
    const secret = process.env[secretVariable];
    if (!secret) throw new FoyaError(FoyaErrorCode.INVALID_INPUT, `--client-secret-env ${secretVariable}: that variable is empty or unset; export the client secret in it.`);
    store.setOAuthClientSecret(name, secret);
  }
  const timeoutText = parsed.values.timeout;
  const timeoutSeconds = timeoutText === undefined ? 300 : Number(timeoutText);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 3600) {
    throw new FoyaError(FoyaErrorCode.USAGE, `--timeout must be a whole number of seconds from 1 to 3600, got "${timeoutText}".`);
  }
  const browser = !parsed.flags.has("no-browser");
  try {
    const result = await loginOAuthServer({
      server: name,
      url: server.url,
      ...(server.oauth ? { auth: server.oauth } : {}),
      storage: store,
      timeoutMs: timeoutSeconds * 1000,
      clientName: "foya",
      voice: FOYA_VOICE,
      onAuthorizationUrl: (url) => {
        context.output.err(`Sign in to ${name} at:\n${url.href}\nWaiting up to ${timeoutSeconds} s for the redirect to 127.0.0.1…`);
        if (browser) openBrowser(url.href);
      },
    });
    const refresh = result.hasRefreshToken ? "a refresh token is stored" : "no refresh token was issued";
    context.output.out(`Logged in to ${name} (OAuth ${result.grant}): ${expiryText(result.expiresAt)}, ${refresh}.`);
    return 0;
  } catch (error) {
    if (ClientManagerError.isInstance(error)) throw new FoyaError(FoyaErrorCode.FAILED, error.message, { cause: error });
    throw error;
  }
};

/** `foya mcp logout <name>`. */
export const mcpLogout: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "mcp logout", options: {}, positionals: ["name"] });
  const name = parsed.positionals.name as string;
  const store = openFoyaStore(context.home);
  remoteServer(store, name);
  context.output.out(store.clearOAuth(name) ? `Logged out of ${name}: its OAuth tokens and client registration were removed.` : `No OAuth login is stored for ${name}.`);
  return 0;
};
