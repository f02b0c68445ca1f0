// How the host that uses this library names itself in the sentences the library writes for
// people: the host's name ("… but foya would expand it"), the command that authorizes a server,
// the one that stores a client secret, and how an import is told its workspace folder. The
// library speaks as itself unless its caller passes its own voice (foya passes FOYA_VOICE), so no
// host's name is written into the library.

/** The host's words in the library's messages. */
export interface HostVoice {
  /** The host's name in sentences about the config syntax it expands: "… but <name> would expand it". */
  name: string;
  /** What a person does to authorize `server`, as a phrase: "run `foya mcp login docs`". */
  loginHint(server: string): string;
  /** Where a client secret is stored, beside `ConfigStore.setOAuthClientSecret`; undefined: nothing more. */
  clientSecretCommand?: string;
  /** How an import is given the workspace folder: "foya mcp import --workspace DIR". */
  importWorkspaceHint: string;
  /** The code of process warnings the config store emits (a credentials file it made private). */
  warningCode: string;
}

/**
 * The library's own voice, used when the caller passes none.
 *
 * @example needsLoginMessage("docs") // 'Server "docs" needs login: call loginOAuthServer for "docs" (or ClientManager login) to authorize it'
 */
export const LIBRARY_VOICE: HostVoice = {
  name: "client-manager",
  loginHint: (server) => `call loginOAuthServer for "${server}"`,
  importWorkspaceHint: "the workspaceFolder import option",
  warningCode: "CLIENT_MANAGER_CONFIG",
};
