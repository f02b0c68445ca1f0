// A client of the dashboard's JSON API over real HTTP, as the page uses it: sign in with the
// admin token, keep the session cookie, send the CSRF token and a same-origin Origin on changes.
/** The dashboard's base URL (…/ui/) of a gateway whose /mcp URL is `mcpUrl`. */
export const uiUrlOf = (mcpUrl: string): string => mcpUrl.replace(/\/mcp$/, "/ui/");

/** One answer: status, headers and parsed JSON body. */
export interface UiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Sends one request to /ui/api/<path> with exactly the given headers (no cookie unless given). */
export async function uiRequest<T = Record<string, unknown>>(
  mcpUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<UiAnswer<T>> {
  const response = await fetch(`${uiUrlOf(mcpUrl)}api/${path}`, {
    method,
    headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

/** A signed-in session: its cookie, CSRF token, and requests that carry both. */
export interface UiSession {
  cookie: string;
  csrf: string;
  setCookie: string;
  request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<UiAnswer<T>>;
}

/** Signs in with `adminToken`; throws with the answer when refused. */
export async function signIn(mcpUrl: string, adminToken: string): Promise<UiSession> {
  const origin = new URL(mcpUrl).origin;
  const answer = await uiRequest<{ csrf: string }>(mcpUrl, "POST", "session", { headers: { origin }, body: { token: adminToken } });
  if (answer.status !== 200) throw new Error(`sign-in refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  const setCookie = answer.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0]!;
  const { csrf } = answer.body;
  return {
    cookie,
    csrf,
    setCookie,
    request: (method, path, body) =>
      uiRequest(mcpUrl, method, path, {
        headers: { cookie, ...(method === "GET" ? {} : { origin, "x-csrf-token": csrf }) },
        ...(body === undefined ? {} : { body }),
      }),
  };
}
