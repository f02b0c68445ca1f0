// The gateway's /metrics: the process's MCP measurements (@foundry-mcp/telemetry) plus what only
// the gateway knows, read from the store at scrape time: open MCP sessions (every instance on the
// store), SSE streams with resumable events, this hour's quota use per workspace, the store's
// connection pool (read from the store's poolStats at scrape time) and every store operation's
// duration by kind (the store's query observer, set here). Mounted by http.ts in one line.
import { createMetricsRoute, currentTelemetry, type MetricsRoute } from "@foundry-mcp/telemetry";
import type { Gateway } from "./gateway";
import { registerStoreMetrics } from "./store-metrics";
import { firstWorkspaces, resumableStreamCount, sessionCount } from "./store-statements";
import { labelGatewayTools } from "./tool-metrics";

/** The flag and variable that set the metrics token, as the 403 sentence and the README name them. */
export const METRICS_TOKEN_SETTING = "--metrics-token or AMICITED_METRICS_TOKEN";

/** Most workspaces the quota gauge lists (the busiest first); the series cap bounds it too. */
const MAX_QUOTA_WORKSPACES = 500;

/** Registers the gateway's gauges (once per process) and returns the /metrics route. */
export function gatewayMetricsRoute(gateway: Gateway, token: string | undefined): MetricsRoute {
  const metrics = currentTelemetry().metrics;
  registerStoreMetrics(gateway.store, metrics);
  labelGatewayTools(gateway);
  metrics.gauge({
    name: "amicited_sessions_open",
    help: "Open 2025-era MCP sessions in the store (all instances).",
    collect: async (metric) => {
      const row = await sessionCount.get(gateway.store);
      metric.set({}, row?.n ?? 0);
    },
  });
  metrics.gauge({
    name: "amicited_sse_streams_resumable",
    help: "SSE streams whose events are kept for resumption (Last-Event-ID).",
    collect: async (metric) => {
      const row = await resumableStreamCount.get(gateway.store);
      metric.set({}, row?.n ?? 0);
    },
  });
  metrics.gauge({
    name: "amicited_quota_used",
    help: "Calls counted against the hourly quota this hour, by workspace name.",
    collect: async (metric) => {
      const workspaces = await firstWorkspaces.all(gateway.store, { limit: MAX_QUOTA_WORKSPACES });
      metric.reset();
      for (const workspace of workspaces) {
        const usage = await gateway.catalog.quotaUsage(workspace.id);
        if (usage) metric.set({ workspace: workspace.name }, usage.used);
      }
    },
  });
  metrics.gauge({
    name: "amicited_quota_hourly_cap",
    help: "The hourly call cap per workspace (--hourly-cap).",
    collect: (metric) => metric.set({}, gateway.hourlyCap),
  });
  return createMetricsRoute({ registry: () => currentTelemetry().metrics, token, tokenSetting: METRICS_TOKEN_SETTING });
}
