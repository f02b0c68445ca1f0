// The names `foya serve` lists its tools under (issue #36 D9): host names by default, or with
// `--short-names` client-manager's short names (registry/naming.ts, the one naming module), cut
// to fit after the prefix the client adds. What stays here is foya's own: the prefix Claude Code
// adds to a server it calls `foya`, and the check of `--client-prefix`.
/** What Claude Code adds in front of a tool of the server it calls `foya`. */
export const CLAUDE_CODE_PREFIX = "mcp__foya__";
/** The longest `--client-prefix` accepted: a shorter name must still have room. */
export const MAX_CLIENT_PREFIX_LENGTH = 40;

/** Why `prefix` cannot be a client prefix, or undefined when it can. */
export function clientPrefixProblem(prefix: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(prefix)) return `--client-prefix may hold only letters, digits, "_" and "-", got "${prefix}"`;
  if (prefix.length > MAX_CLIENT_PREFIX_LENGTH) return `--client-prefix is ${prefix.length} characters; at most ${MAX_CLIENT_PREFIX_LENGTH} leave room for a tool name`;
  return undefined;
}
