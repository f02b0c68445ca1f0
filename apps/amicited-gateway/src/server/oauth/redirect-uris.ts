// Which redirect URIs a client may use (OAuth 2.1 §2.3.1, RFC 8252 §7.3, RFC 9700 §4.1): loopback
// http (127.0.0.1, [::1], localhost) or https, no fragment, no userinfo; a request's URI must be
// one the client registered, compared exactly except the port of a loopback host, which a native
// app picks at run time (RFC 8252 says so of loopback IPs; Claude Code and others use localhost).

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** Why `uri` cannot be a redirect URI, or undefined when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return `redirect URI ${JSON.stringify(uri)} is not an absolute URL`;
  }
  if (parsed.hash !== "" || uri.includes("#")) return `redirect URI ${uri} has a fragment; send it without #…`;
  if (parsed.username !== "" || parsed.password !== "") return `redirect URI ${uri} carries user info; send it without user@`;
  if (parsed.protocol === "https:") return undefined;
  if (parsed.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname)) return undefined;
  return `redirect URI ${uri} must be https, or http on a loopback host (127.0.0.1, [::1], localhost)`;
}

/** True when `requested` is one of `registered` (a loopback host's port may differ). */
export function isRegisteredRedirect(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return false;
  }
  if (asked.protocol !== "http:" || !LOOPBACK_HOSTS.has(asked.hostname)) return false;
  return registered.some((uri) => {
    const known = new URL(uri);
    return known.protocol === "http:" && known.hostname === asked.hostname && known.pathname === asked.pathname && known.search === asked.search;
  });
}
