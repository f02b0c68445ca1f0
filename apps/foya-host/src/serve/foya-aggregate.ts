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
import { DEFAULT_FOLLOW_MS, progressiveSurfaceFactory } from "@foundry-mcp/progressive";
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
 * Options of {@link createDownstreams}: the library's, with `--progressive` as a flag, the home
 * folder whose `learned-requests.json` keeps what `--progressive` searches taught, and how
 * `--progressive` learns: `false` (`--no-learning`) learns nothing and leaves the file alone;
 * `refreshMs` is how often a search may look whether another process changed the file.
 */
export type FoyaDownstreamsOptions = Omit<DownstreamsOptions, "surface" | "voice" | "manager"> & {
  manager: ServeManager;
  progressive: boolean;
  home: string;
  /** Default: learn, looking every DEFAULT_FOLLOW_MS (10 s). */
  learning?: false | { refreshMs: number };
};

/** The sessions of one `foya serve`, speaking as foya. */
export function createDownstreams({ progressive, home, learning = { refreshMs: DEFAULT_FOLLOW_MS }, ...options }: FoyaDownstreamsOptions): Downstreams {
  if (!progressive) return createAggregateDownstreams({ ...options, voice: FOYA_SERVE_VOICE });
  const surface =
    learning === false
      ? progressiveSurfaceFactory(false)
      : progressiveSurfaceFactory({ keeper: new LearnedRequestsFile(home, { onWarning: (message) => options.log(`foya serve: ${message}`) }), followMs: learning.refreshMs });
  return createAggregateDownstreams({ ...options, voice: FOYA_SERVE_VOICE, surface });
}

/** `foya serve --http`: the library's HTTP downstream with foya's /metrics (token: --metrics-token or FOYA_METRICS_TOKEN). */
export function startHttpDownstream(
  downstreams: Downstreams,
  { metricsToken, ...options }: Omit<HttpDownstreamOptions, "routes"> & { metricsToken?: string | undefined },
): Promise<HttpDownstream> {
  return startAggregateHttp(downstreams, { ...options, routes: (openSessions) => foyaMetricsRoute(metricsToken, openSessions) });
}
