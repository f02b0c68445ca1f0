// The requestState of an input-required result (SEP-2322): what a request learnt in earlier
// rounds (the client's answers it used), sealed with HMAC-SHA256 under a key the client never
// sees and bound to the request it belongs to — method and a digest of its target and arguments,
// the principal, a round count and an expiry — as the revision asks of a state that steers a
// server's logic. The client echoes it unchanged; anything else fails verification. Sealed, not
// encrypted: the client may read what it answered itself, so nothing secret goes in.
// Neighbours: client-asking.ts (when a state is made and read), input-error.ts.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { InputErrorCode, InputRequestError } from "./input-error";

/** What a sealed state carries. */
export interface RequestStatePayload {
  /** The method of the request it belongs to. */
  method: string;
  /** Digest of the request's salient params (tool or prompt name and arguments, or resource URI). */
  target: string;
  /** Digest of the principal the request ran for, when the server names one. */
  principal?: string;
  /** Input-required results this request got so far (1 after the first). */
  round: number;
  /** Milliseconds since the epoch after which the state is refused. */
  expires: number;
  /** The client's answers the request used, by input request key. */
  answers: Record<string, unknown>;
  /** The keys of the questions this state's round asked: a retry's answers count for these only. */
  asked: string[];
  /** Single use: the server forgets it when a retry uses the state (state-nonces.ts). */
  nonce: string;
}

// s2: states carry the round's questions and a single-use nonce (an s1 state is refused as altered).
const VERSION = "s2";

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString("base64url");
}

/** JSON with object keys sorted at every depth, so equal values always digest alike. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 of `text`, base64url. */
export function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

/** The digest that binds a state to one request: what it reads or runs, and with what. */
export function requestTarget(method: string, params: Record<string, unknown> | undefined): string {
  const salient = method === "resources/read" ? { uri: params?.uri } : { name: params?.name, arguments: params?.arguments ?? {} };
  return digest(canonicalJson([method, salient]));
}

/** The key states are sealed with: the configured one (at least 32 bytes), else one per process. */
export function stateKeyOf(configured: string | Uint8Array | undefined): Buffer {
  if (configured === undefined) return PROCESS_KEY;
  const key = Buffer.from(configured);
  if (key.length < 32) throw new RangeError(`stateKey has ${key.length} bytes; it needs at least 32 (e.g. 32 random bytes, base64).`);
  return key;
}

const PROCESS_KEY = randomBytes(32);

function mac(key: Buffer, body: string): Buffer {
  return createHmac("sha256", key).update(`${VERSION}.${body}`).digest();
}

/** Seals `payload` into the opaque string a client echoes back. */
export function sealRequestState(payload: RequestStatePayload, key: Buffer): string {
  const body = base64url(JSON.stringify(payload));
  return `${VERSION}.${body}.${base64url(mac(key, body))}`;
}

const invalid = (): InputRequestError =>
  new InputRequestError(
    InputErrorCode.STATE_INVALID,
    "Invalid params: requestState failed verification (it was altered, or made by another server); send the request again without requestState and inputResponses to start over.",
  );

function isPayload(value: unknown): value is RequestStatePayload {
  if (typeof value !== "object" || value === null) return false;
  const payload = value as Record<string, unknown>;
  return (
    typeof payload.method === "string" &&
    typeof payload.target === "string" &&
    (payload.principal === undefined || typeof payload.principal === "string") &&
    Number.isInteger(payload.round) &&
    typeof payload.expires === "number" &&
    typeof payload.answers === "object" &&
    payload.answers !== null &&
    !Array.isArray(payload.answers) &&
    Array.isArray(payload.asked) &&
    payload.asked.every((key) => typeof key === "string") &&
    typeof payload.nonce === "string"
  );
}

/** The payload of a state this key sealed; throws INPUT_STATE_INVALID for anything else. */
export function openRequestState(state: string, key: Buffer): RequestStatePayload {
  const [version, body, signature, ...rest] = state.split(".");
  if (version !== VERSION || body === undefined || signature === undefined || rest.length > 0) throw invalid();
  const presented = Buffer.from(signature, "base64url");
  const expected = mac(key, body);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) throw invalid();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  if (!isPayload(payload)) throw invalid();
  return payload;
}
