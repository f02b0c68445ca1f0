// The page's only way to the gateway: fetch to /ui/api/ on this origin, the session cookie sent
// by the browser, and the CSRF token (given at sign-in, kept in memory only) on every change.
let csrf: string | undefined;

/** An answer of the API that was not 2xx: its status, stable code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrf !== undefined) headers["x-csrf-token"] = csrf;
  const response = await fetch(`/ui/api/${path}`, {
    method,
    headers,
    credentials: "same-origin",
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json().catch(() => ({}))) as { error?: { code: string; message: string } };
  if (!response.ok) throw new ApiError(response.status, answer.error?.code ?? "HTTP_" + response.status, answer.error?.message ?? response.statusText);
  return answer as T;
}

export const api = {
  get: <T>(path: string) => call<T>("GET", path),
  post: <T>(path: string, body: unknown) => call<T>("POST", path, body),
  delete: <T>(path: string) => call<T>("DELETE", path),
  /** Signs in with the admin token; keeps the CSRF token. */
  async signIn(token: string): Promise<void> {
    csrf = (await call<{ csrf: string }>("POST", "session", { token })).csrf;
  },
  /** True when the cookie still names a live session (a reload); refreshes the CSRF token. */
  async resume(): Promise<boolean> {
    const answer = await call<{ signedIn: boolean; csrf?: string }>("GET", "session");
    csrf = answer.csrf;
    return answer.signedIn;
  },
  async signOut(): Promise<void> {
    await call("DELETE", "session");
    csrf = undefined;
  },
};
