// `foya serve --http`'s /metrics: the process's MCP measurements (@foundry-mcp/telemetry: requests
// served, upstream calls by server, refusals, process metrics) plus the open 2025-era sessions.
// Loopback clients are served; others need the metrics token (--metrics-token or FOYA_METRICS_TOKEN).
import { createMetricsRoute, currentTelemetry, type MetricsRoute } from "@foundry-mcp/telemetry";

/** The flag and variable that set the metrics token, as the 403 sentence and the README name them. */
export const METRICS_TOKEN_SETTING = "--metrics-token or FOYA_METRICS_TOKEN";

/** The /metrics route; `openSessions` reads the live session count at scrape time. */
export function foyaMetricsRoute(token: string | undefined, openSessions: () => number): MetricsRoute {
  currentTelemetry().metrics.gauge({
    name: "foya_http_sessions_open",
    help: "Open 2025-era MCP sessions of foya serve --http.",
    collect: (metric) => metric.set({}, openSessions()),
  });
  return createMetricsRoute({ registry: () => currentTelemetry().metrics, token, tokenSetting: METRICS_TOKEN_SETTING });
}
