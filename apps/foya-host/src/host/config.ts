// The configuration files of one FOYA_HOME as the CLI edits them, through the package's
// ConfigStore (validation, 0600/0700 files, tokens apart, public view with has_token).
import { openFoyaStore } from "./voice";
import { isEnabled, type ServerConfig } from "@foundry-mcp/client-manager";
import type { ConfigPort, PublicServer, ServerSpec } from "./contract";

/** The ServerConfig a spec stands for: empty maps and the default `enabled` left out of the file. */
export function serverConfigOf(spec: ServerSpec): ServerConfig {
  const enabled = spec.enabled ? {} : { enabled: false };
  if (spec.transport === "stdio") {
    return {
      transport: "stdio",
      command: spec.command,
      ...(spec.args.length > 0 ? { args: spec.args } : {}),
      ...(Object.keys(spec.env).length > 0 ? { env: spec.env } : {}),
      ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}),
      ...enabled,
    };
  }
  return { transport: spec.transport, url: spec.url, ...(Object.keys(spec.headers).length > 0 ? { headers: spec.headers } : {}), ...enabled };
}

/** Opens the configuration of `home` (mcp.json, mcp-credentials.json). */
export function openConfig(home: string): ConfigPort {
  const store = openFoyaStore(home);
  return {
    home: store.home,
    list(): PublicServer[] {
      // Every configured field passes through; empty maps are spelled out so scripts need no defaults.
      return store.publicView().map((server) =>
        server.transport === "stdio"
          ? { ...server, enabled: isEnabled(server), args: server.args ?? [], env: server.env ?? {} }
          : { ...server, enabled: isEnabled(server), headers: server.headers ?? {} },
      );
    },
    add(name, spec, token) {
      store.addServer(name, serverConfigOf(spec), { replace: true });
      // A replaced server never inherits the old token: it could now point somewhere else.
      if (token !== undefined) store.setToken(name, token);
      else store.removeToken(name);
    },
    remove(name) {
      store.removeServer(name);
    },
    setEnabled(name, enabled) {
      store.setEnabled(name, enabled);
    },
    importServers(json, options) {
      const result = store.importFrom(json, options);
      // Secrets found in headers, inputs and env files are stored by ConfigStore (0600 credentials file), never returned.
      const servers = Object.fromEntries(result.added.map((name) => [name, result.servers[name] as ServerConfig]));
      return { format: result.format, added: result.added, servers, warnings: result.warnings, refused: result.refused, tokensStored: result.tokensStored, secretsStored: result.secretsStored };
    },
  };
}
