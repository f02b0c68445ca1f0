// Values foya never prints as they are: header and env values whose name suggests a secret
// (authorization, token, key, secret, password) unless they are only ${VAR} references.

const SECRET_NAME = /auth|token|secret|password|passwd|key|cookie|credential/i;
const ONLY_REFERENCES = /^(\$\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\}|\s|Bearer|Basic)*$/;

/** A copy of `values` with secret-looking values replaced by `***`. */
export function redactValues(values: Record<string, string> | undefined): Record<string, string> | undefined {
  if (values === undefined) return undefined;
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    copy[name] = SECRET_NAME.test(name) && !ONLY_REFERENCES.test(value) ? "***" : value;
  }
  return copy;
}

/** True when a header is an Authorization header carrying a literal credential. */
export function isLiteralAuthorization(name: string, value: string): boolean {
  return /^authorization$/i.test(name) && !ONLY_REFERENCES.test(value);
}
