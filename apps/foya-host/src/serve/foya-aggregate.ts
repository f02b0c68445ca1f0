// foya's wiring of client-manager's aggregating server (@foundry-mcp/client-manager/aggregate):
// foya's voice (serverInfo "foya", resources foya://<server>/<uri>, "foya serve" and
// "--approval" in refusals), `--progressive` as progressive's surface, and foya's /metrics route
// on `--http`. The machinery itself is the library's; commands/serve.ts wires this to the CLI.
import {
  createDownstreams as createAggregateDownstreams,
  startHttpDownstream as startAggregateHttp,
  statusUriOf,
  type AggregatorVoice,
  type Downstreams,
  type DownstreamsOptions,
  type HttpDownstream,
  type HttpDownstreamOptions,
} from "@foundry-mcp/client-manager/aggregate";
import { LearnedRequestsFile } from "@foundry-mcp/client-manager/node";
import { progressiveSurfaceFactory } from "@foundry-mcp/progressive";
import { foyaMetricsRoute } from "./metrics";
import type { ServeManager } from "./serve-manager";

/** foya in the aggregating server's words. */
export const FOYA_SERVE_VOICE: AggregatorVoice = {
  name: "foya",
  process: "foya serve",
  httpProcess: "foya serve --http",
  approvalSetting: "--approval",
};

/** The status resource `foya status` reads (outside the `foya://<server>/<uri>` namespace: no slash). */
export const STATUS_URI = statusUriOf(FOYA_SERVE_VOICE);

/**
 * Options of {@link createDownstreams}: the library's, with `--progressive` as a flag and the home
 * folder whose `learned-requests.json` keeps what `--progressive` searches taught.
 */
export type FoyaDownstreamsOptions = Omit<DownstreamsOptions, "surface" | "voice" | "manager"> & { manager: ServeManager; progressive: boolean; home: string };

/** The sessions of one `foya serve`, speaking as foya. */
export function createDownstreams({ progressive, home, ...options }: FoyaDownstreamsOptions): Downstreams {
  if (!progressive) return createAggregateDownstreams({ ...options, voice: FOYA_SERVE_VOICE });
  const learned = new LearnedRequestsFile(home, { onWarning: (message) => options.log(`foya serve: ${message}`) });
  return createAggregateDownstreams({ ...options, voice: FOYA_SERVE_VOICE, surface: progressiveSurfaceFactory({ keeper: learned }) });
}

/** `foya serve --http`: the library's HTTP downstream with foya's /metrics (token: --metrics-token or FOYA_METRICS_TOKEN). */
export function startHttpDownstream(
  downstreams: Downstreams,
  { metricsToken, ...options }: Omit<HttpDownstreamOptions, "routes"> & { metricsToken?: string | undefined },
): Promise<HttpDownstream> {
  return startAggregateHttp(downstreams, { ...options, routes: (openSessions) => foyaMetricsRoute(metricsToken, openSessions) });
}
