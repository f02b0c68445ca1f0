// GET /metrics in the Prometheus text format, for the apps' HTTP servers: open to loopback
// clients (a Prometheus or an agent on the same host), otherwise only with the metrics token, a
// credential of its own so a scraper never holds an MCP token. Mounted by the gateway's HTTP
// server and `foya serve --http` in one line each.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MetricsRegistry } from "./metrics-registry";
import { registerProcessMetrics } from "./process-metrics";

/** The path served. */
export const METRICS_PATH = "/metrics";

/** Options of createMetricsRoute. */
export interface MetricsRouteOptions {
  /** The registry to render (default: the process's, from currentTelemetry()). */
  registry: () => MetricsRegistry;
  /** Bearer token that admits a client that is not on loopback; without it only loopback is served. */
  token?: string | undefined;
  /** Names the flag and variable that set the token, for the 403 sentence (`--metrics-token or AMICITED_METRICS_TOKEN`). */
  tokenSetting: string;
}

/** Answers /metrics; returns false for any other path, so the caller routes it on. */
export type MetricsRoute = (req: IncomingMessage, res: ServerResponse) => boolean;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function refuse(res: ServerResponse, status: number, sentence: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
  res.end(`${sentence}\n`);
}

/**
 * A route for /metrics.
 *
 * @example const metrics = createMetricsRoute({ registry: () => currentTelemetry().metrics, token, tokenSetting: "--metrics-token" }); if (metrics(req, res)) return;
 */
export function createMetricsRoute(options: MetricsRouteOptions): MetricsRoute {
  // Process metrics only where something scrapes them (a stdio server never starts the timer).
  registerProcessMetrics(options.registry());
  return (req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== METRICS_PATH) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      refuse(res, 405, "Method Not Allowed: /metrics answers GET.", { allow: "GET, HEAD" });
      return true;
    }
    const loopback = LOOPBACK.test(req.socket.remoteAddress ?? "");
    if (!loopback) {
      const header = req.headers.authorization ?? "";
      const token = /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
      if (options.token === undefined || options.token === "") {
        refuse(res, 403, `Forbidden: /metrics is served to loopback clients only; set ${options.tokenSetting} to let a scraper on another host in with that bearer token.`);
        return true;
      }
      if (token === undefined || !sameToken(token, options.token)) {
        refuse(res, 401, "Unauthorized: /metrics needs the metrics token as `Authorization: Bearer <token>`.", { "www-authenticate": 'Bearer realm="metrics"' });
        return true;
      }
    }
    options
      .registry()
      .render()
      .then((body) => {
        res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : body);
      })
      .catch((error: unknown) => refuse(res, 500, `Internal error while rendering /metrics: ${(error as Error).message}`));
    return true;
  };
}
