// The checks every Streamable HTTP endpoint we own makes before a request reaches an SDK
// transport, in this order: the path (404), Host and Origin against an allow-list (403, against
// DNS rebinding and foreign pages), the bearer token (401 with WWW-Authenticate), the method
// (405), a body limit (413), JSON parsing (400, JSON-RPC -32700) and a body that can be a message
// at all: an object or an array of objects (400, -32600 for null, numbers, strings, booleans).
// Each refusal is a JSON-RPC error body a client can show. The caller keeps sessions; this only admits or refuses.
import { messageOf } from "@foundry-mcp/core";
import { createHash, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { describeNonMessageBody } from "./jsonrpc-frames";

/** Options of {@link createHttpEdge}; `C` is what a valid token stands for (its credential). */
export interface HttpEdgeOptions<C = true> {
  /** The bind host; it is allowed in Host and Origin unless it is a wildcard address. */
  host: string;
  /** More host names accepted in Host and Origin, beyond the loopback names and the bind host. */
  allowedHosts?: string[];
  /** The one endpoint path (default `/mcp`). */
  path?: string;
  /** Largest accepted request body in bytes (default {@link DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  /** The realm of the WWW-Authenticate challenge. */
  realm: string;
  /** The credential a presented bearer token stands for; `false` or undefined refuses it (401). */
  checkToken: (token: string) => C | false | undefined | Promise<C | false | undefined>;
  /** The credential of a request without Authorization (development only); unset, such a request is refused (401). */
  anonymous?: C;
  /** Why a presented token is refused, in the 401 message and challenge (default `unknown token`). */
  refusedToken?: string;
  /**
   * More auth-params for both 401 challenges, e.g. RFC 9728's `resource_metadata="…", scope="…"`,
   * so that an OAuth client finds the authorization server from the 401 alone. Called only for a
   * 401, never for an admitted request.
   */
  challengeParams?: (req: http.IncomingMessage) => string;
}

/** An admitted request: its method, its credential, its parsed URL and, for POST, the parsed JSON body. */
export interface AdmittedRequest<C = true> {
  method: "GET" | "POST" | "DELETE";
  credential: C;
  /** The request's URL, parsed once (its query, e.g. a view parameter, is read from here). */
  url: URL;
  body?: unknown;
}

/**
 * Admits a request (the caller then serves it) or answers the refusal itself and returns
 * undefined; `url` is the request's URL when the caller's router already parsed it.
 */
export type HttpEdge<C = true> = (req: http.IncomingMessage, res: http.ServerResponse, url?: URL) => Promise<AdmittedRequest<C> | undefined>;

/** 1 MiB: larger than any MCP request a client sends, small enough to refuse a flood at once. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "::1"];

/** A JSON-RPC error body (`id` null unless the caller could read it; `data` only when given). */
export function jsonRpcError(code: number, message: string, id: string | number | null = null, data?: unknown): object {
  return { jsonrpc: "2.0", error: data === undefined ? { code, message } : { code, message, data }, id };
}

/** Answers `status` with a JSON body, unless the answer already started. */
export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes("://") ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Compares two secrets in constant time (over their digests, so lengths do not leak either). */
export function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Whether a Host header or an Origin names an allowed host: the loopback names, the bind host
 * (unless it is a wildcard address) and `extra`. Every HTTP route an app serves beside its MCP
 * endpoint (a dashboard, a health check) checks with this, so one rule guards them all.
 *
 * @example const allowed = hostAllowList("127.0.0.1", ["gw.example"]); allowed("gw.example:8787") // true
 */
export function hostAllowList(host: string, extra: readonly string[] = []): (value: string) => boolean {
  const allowed = new Set([...LOOPBACK, ...extra.map((name) => name.toLowerCase())]);
  if (!["0.0.0.0", "::"].includes(host)) allowed.add(hostnameOf(host) ?? host);
  // A client sends the same Host on every request: its verdict is kept (one entry) rather than
  // parsing the header as a URL again each time.
  let lastValue: string | undefined;
  let lastVerdict = false;
  return (value) => {
    if (value !== lastValue) {
      lastVerdict = allowed.has(hostnameOf(value) ?? "");
      lastValue = value;
    }
    return lastVerdict;
  };
}

/** Reads at most `limit` bytes of a request body; past it the rest is drained unread and "too-large" returned. */
export function readLimitedBody(req: http.IncomingMessage, limit: number): Promise<string | "too-large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > limit ? "too-large" : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Builds the admission check for one endpoint. */
export function createHttpEdge<C = true>(options: HttpEdgeOptions<C>): HttpEdge<C> {
  const endpoint = options.path ?? "/mcp";
  const refusedToken = options.refusedToken ?? "unknown token";
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const allowed = hostAllowList(options.host, options.allowedHosts);
  const refuse = (res: http.ServerResponse, status: number, code: number, message: string, headers?: Record<string, string>): undefined => {
    sendJson(res, status, jsonRpcError(code, message), headers);
    return undefined;
  };
  // Built for a 401 only: an admitted request never computes the challenge's parameters.
  const challengeExtra = (req: http.IncomingMessage): string => (options.challengeParams ? `, ${options.challengeParams(req)}` : "");

  // "missing": no usable bearer token (and no anonymous credential); "refused": a token no one issued.
  const authenticate = async (header: string | undefined): Promise<C | "missing" | "refused"> => {
    if (header === undefined || header === "") return options.anonymous ?? "missing";
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (token === undefined) return "missing";
    return (await options.checkToken(token)) || "refused";
  };

  return async (req, res, parsedUrl) => {
    const url = parsedUrl ?? new URL(req.url ?? "/", "http://placeholder");
    if (url.pathname !== endpoint) return refuse(res, 404, -32000, `Not found: the MCP endpoint is ${endpoint}`);
    const host = req.headers.host ?? "";
    if (!allowed(host)) return refuse(res, 403, -32000, `Forbidden: Host ${host} is not allowed`);
    const origin = req.headers.origin;
    // A browser always sends Origin; "null" (sandboxed frames, file://) is refused like any foreign one.
    if (origin !== undefined && !allowed(origin)) return refuse(res, 403, -32000, `Forbidden: Origin ${origin} is not allowed`);
    const credential = await authenticate(req.headers.authorization);
    if (credential === "missing") {
      return refuse(res, 401, -32001, "Unauthorized: send Authorization: Bearer <token>", { "www-authenticate": `Bearer realm="${options.realm}"${challengeExtra(req)}` });
    }
    if (credential === "refused") {
      const challenge = `Bearer realm="${options.realm}", error="invalid_token", error_description="${refusedToken}"${challengeExtra(req)}`;
      return refuse(res, 401, -32001, `Unauthorized: ${refusedToken}`, { "www-authenticate": challenge });
    }
    if (req.method === "GET" || req.method === "DELETE") return { method: req.method, credential, url };
    if (req.method !== "POST") return refuse(res, 405, -32000, "Method not allowed", { allow: "GET, POST, DELETE" });
    const raw = await readLimitedBody(req, limit);
    if (raw === "too-large") return refuse(res, 413, -32600, `Request body exceeds ${limit} bytes`);
    let body: unknown;
    try {
      body = JSON.parse(raw) as unknown;
    } catch (error) {
      return refuse(res, 400, -32700, `Parse error: ${messageOf(error)}`);
    }
    // Valid JSON that no message can be (null, 7, "x", [1]): refused here, before any transport reads `.params` of it.
    const notMessage = describeNonMessageBody(body);
    if (notMessage !== undefined) return refuse(res, 400, -32600, `Invalid Request: ${notMessage}`);
    return { method: "POST", credential, url, body };
  };
}
