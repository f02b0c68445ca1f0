// foya's words and home in the client-manager library: the library speaks as itself, and foya
// passes these so its messages name foya's own commands (`foya mcp login <name>`) and its files
// live in FOYA_HOME (default ~/.foya, SPEC §3). Every ConfigStore foya opens comes from here.
import { ConfigStore, resolveHomeFolder } from "@foundry-mcp/client-manager/node";
import type { HostVoice } from "@foundry-mcp/client-manager";

/** foya in the library's sentences. */
export const FOYA_VOICE: HostVoice = {
  name: "foya",
  loginHint: (server) => `run \`foya mcp login ${server}\``,
  clientSecretCommand: "foya mcp login --client-secret",
  importWorkspaceHint: "foya mcp import --workspace DIR",
  warningCode: "FOYA_CONFIG",
};

/** `FOYA_HOME`, else `~/.foya`. */
export function resolveFoyaHome(env: Record<string, string | undefined> = process.env): string {
  return resolveHomeFolder({ variable: "FOYA_HOME", folder: ".foya" }, env);
}

/** The configuration files of `home`, speaking as foya. */
export function openFoyaStore(home: string): ConfigStore {
  return new ConfigStore(home, { voice: FOYA_VOICE });
}
