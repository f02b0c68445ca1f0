// The HTTP half of a 2026-07-28 request: a load balancer routes on headers, so each modern POST
// mirrors its body in MCP-Protocol-Version, Mcp-Method and (tools/call, prompts/get,
// resources/read) Mcp-Name. A modern server answers its protocol errors with 400/404 and the
// JSON-RPC error in the body; the SDK 1.32.2 transport would turn that into an opaque HTTP error,
// so such an answer is handed on as a 200 carrying the same JSON-RPC error.

import { PROTOCOL_VERSION_KEY } from "./envelope";

type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

const NAME_FIELD: Readonly<Record<string, "name" | "uri">> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

interface ModernBody {
  id?: string | number;
  method: string;
  params?: Record<string, unknown>;
}

function modernBody(init: RequestInit | undefined): ModernBody | undefined {
  if (init?.method !== "POST" || typeof init.body !== "string") return undefined;
  try {
    const body = JSON.parse(init.body) as ModernBody;
    const meta = body.params?._meta as Record<string, unknown> | undefined;
    return typeof body.method === "string" && typeof meta?.[PROTOCOL_VERSION_KEY] === "string" ? body : undefined;
  } catch {
    return undefined;
  }
}

/** A header value as sent: plain when printable ASCII, else the `=?base64?…?=` form. */
function headerValue(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}?=`;
}

/** `fetch` that adds the routing headers to modern POSTs and passes their protocol errors on in band. */
export function routingFetch(base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    const body = modernBody(init);
    if (body === undefined) return base(input, init);
    const headers = new Headers(init?.headers);
    headers.set("mcp-protocol-version", String((body.params?._meta as Record<string, unknown>)[PROTOCOL_VERSION_KEY]));
    headers.set("mcp-method", body.method);
    const field = NAME_FIELD[body.method];
    const name = field === undefined ? undefined : body.params?.[field];
    if (typeof name === "string") headers.set("mcp-name", headerValue(name));
    const response = await base(input, { ...init, headers });
    if ((response.status !== 400 && response.status !== 404) || body.id === undefined) return response;
    const text = await response.text();
    try {
      const answer = JSON.parse(text) as { id?: unknown; error?: unknown };
      if (answer.id === body.id && answer.error !== undefined) return new Response(text, { status: 200, headers: { "content-type": "application/json" } });
    } catch {
      // not JSON-RPC: the HTTP error stands
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
