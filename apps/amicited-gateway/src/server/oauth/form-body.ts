// Form bodies of the OAuth endpoints (application/x-www-form-urlencoded, as RFC 6749 §3.2 and
// the consent form send them), bounded like every body the gateway reads.
import type http from "node:http";
import { readLimitedBody } from "@foundry-mcp/server-kit";
import { OAuthRefusal } from "./errors";

/** Largest form body accepted. */
export const MAX_FORM_BYTES = 16 * 1024;

/** The parameters of a form body; 415 for another type, 413 past MAX_FORM_BYTES. */
export async function readFormBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers["content-type"] ?? ""))
    throw new OAuthRefusal(415, "invalid_request", "send the body as Content-Type: application/x-www-form-urlencoded");
  const raw = await readLimitedBody(req, MAX_FORM_BYTES);
  if (raw === "too-large") throw new OAuthRefusal(413, "invalid_request", `the body exceeds ${MAX_FORM_BYTES} bytes`);
  return new URLSearchParams(raw);
}
