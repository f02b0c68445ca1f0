// The edge of /ui: the same Host and Origin rule as /mcp (server-kit's hostAllowList: loopback
// names, the bind host, and --allowed-host), the security headers every answer carries (a strict
// Content-Security-Policy: scripts, styles and data from this origin only), JSON bodies bounded by
// server-kit's reader, and JSON answers with a stable error code. A change (POST, DELETE) must also carry an Origin of an allowed host.
import type http from "node:http";
import { CodedError, messageOf } from "@foundry-mcp/core";
import { readLimitedBody } from "@foundry-mcp/server-kit";
import { isJsonObject } from "@foundry-mcp/core/json";

/** The CSP of every /ui answer: nothing inline, nothing foreign, no framing. */
export const UI_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers on every /ui answer, static file or JSON. */
export const UI_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": UI_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

/** Largest JSON body the dashboard's API accepts. */
export const UI_MAX_BODY_BYTES = 16 * 1024;

/** A refusal of the dashboard's API: the HTTP status, a stable code and a sentence. */
export class UiRefusal extends CodedError<string> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/amicited-gateway.UiRefusal");
  override readonly name = "UiRefusal";
  constructor(
    readonly status: number,
    code: string,
    message: string,
  ) {
    super(code, message);
  }
}

/** Refuses a foreign Host or Origin (403, `allowed` is server-kit's hostAllowList); a change without any Origin is refused too. */
export function checkHostAndOrigin(req: http.IncomingMessage, allowed: (value: string) => boolean): void {
  const host = req.headers.host ?? "";
  if (!allowed(host)) throw new UiRefusal(403, "FORBIDDEN_HOST", `Forbidden: Host ${host} is not allowed`);
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed(origin))
    throw new UiRefusal(403, "FORBIDDEN_ORIGIN", `Forbidden: Origin ${origin} is not allowed`);
  if (origin === undefined && req.method !== "GET" && req.method !== "HEAD")
    throw new UiRefusal(403, "FORBIDDEN_ORIGIN", "Forbidden: a change must come from the dashboard's page (no Origin header)");
}

/** Answers JSON with the security headers and no caching. */
export function sendUiJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...UI_SECURITY_HEADERS, "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

/** Reads a JSON object body of at most UI_MAX_BODY_BYTES; refuses other types and shapes. */
export async function readJsonObject(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? ""))
    throw new UiRefusal(415, "UNSUPPORTED_MEDIA_TYPE", "send the body as Content-Type: application/json");
  const raw = await readLimitedBody(req, UI_MAX_BODY_BYTES);
  if (raw === "too-large") throw new UiRefusal(413, "BODY_TOO_LARGE", `the body exceeds ${UI_MAX_BODY_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw || "{}");
  } catch (error) {
    throw new UiRefusal(400, "INVALID_JSON", `the body is not JSON: ${messageOf(error)}`);
  }
  if (!isJsonObject(parsed))
    throw new UiRefusal(400, "INVALID_JSON", "the body must be a JSON object");
  return parsed;
}
