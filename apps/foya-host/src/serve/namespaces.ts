// Names `foya serve` gives upstream resources and prompts so that two servers can never collide:
// a resource URI becomes `foya://<server>/<original URI>`, a prompt name `<server>__<name>`. The
// mapping is reversible without state, so a client may read a URI it learnt in an earlier session.

const RESOURCE_SCHEME = "foya://";

/**
 * The namespaced URI of an upstream resource.
 *
 * @example resourceUri("mem", "foundry://memory/index") // "foya://mem/foundry://memory/index"
 */
export function resourceUri(server: string, uri: string): string {
  return `${RESOURCE_SCHEME}${server}/${uri}`;
}

/** Splits a namespaced URI back into server and upstream URI; undefined for any other URI. */
export function parseResourceUri(uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(RESOURCE_SCHEME)) return undefined;
  const rest = uri.slice(RESOURCE_SCHEME.length);
  const slash = rest.indexOf("/");
  if (slash <= 0 || slash === rest.length - 1) return undefined;
  return { server: rest.slice(0, slash), uri: rest.slice(slash + 1) };
}

/**
 * The namespaced name of an upstream prompt.
 *
 * @example promptName("everything", "simple_prompt") // "everything__simple_prompt"
 */
export function promptName(server: string, name: string): string {
  return `${server}__${name}`;
}

/**
 * Splits a namespaced prompt name, trying the known server names longest first (a server name
 * may itself contain `__`).
 */
export function parsePromptName(name: string, servers: readonly string[]): { server: string; name: string } | undefined {
  const ordered = [...servers].sort((a, b) => b.length - a.length);
  for (const server of ordered) {
    const prefix = `${server}__`;
    if (name.startsWith(prefix) && name.length > prefix.length) return { server, name: name.slice(prefix.length) };
  }
  return undefined;
}
