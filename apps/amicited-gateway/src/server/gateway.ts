// The gateway's core object: the store, the catalog with the twelve toolsets (plus upstream
// toolsets), the quota driver and the skill text. One per process; each MCP session (session.ts)
// reads from it. Transports (http.ts, stdio.ts) never touch the catalog directly.
import { ToolCatalog } from "@foundry-mcp/tool-catalog";
import type { CallContext, SemanticSearchSettings } from "@foundry-mcp/tool-catalog";
import { CallLog } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { loadSkill } from "./skill";
import { openGatewayStorage } from "../backend";
import { GATEWAY_TOOLSETS, buildGatewayTools } from "../tools";
import { GATEWAY_SEARCH_VOCABULARY } from "../search-vocabulary";
import { DEFAULT_LEARNING_REFRESH_MS, startGatewayLearning, type GatewayLearning, type GatewayLearningOptions } from "./learning";

/** Options of createGateway. */
export interface GatewayOptions {
  /** Data directory holding the embedded store (and the quota counts). */
  dataDir?: string;
  /** A postgres:// URL: the store, quota and credits live in PostgreSQL (wins over dataDir). */
  database?: string;
  /** Tool calls per workspace per clock hour (default 1000). */
  hourlyCap?: number;
  /** Count calls in memory instead of in the data directory (tests, single process). */
  memoryQuota?: boolean;
  /** Days the call log (the dashboard's usage) is kept (default 30). */
  callLogDays?: number;
  /** Outbound requests (uptime_run_check_now) one workspace may have in flight (default 4). */
  maxOutboundPerWorkspace?: number;
  /** The catalog's semantic option (serve --embeddings-url/--embeddings-model); off when absent. */
  semanticSearch?: SemanticSearchSettings | undefined;
  /**
   * Tool search learns the words agents searched with for the tool they then chose, kept in the
   * store (default on); a workspace's words rank only its own searches. `refreshMs`: how soon the
   * catalog reads what was learned and instances sharing the store read each other's rows (default
   * 10,000). `shared: true` (serve --shared-learning): every workspace's words rank every
   * workspace's searches. `false` (serve --no-learning): nothing learned, stored or loaded.
   */
  learning?: GatewayLearningOptions | false;
}

/** What every session needs: the catalog and the store behind it. */
export interface Gateway {
  store: WorkspaceStore;
  catalog: ToolCatalog<CallContext>;
  hourlyCap: number;
  /** Every tool call, recorded by session.ts for the dashboard's usage pages. */
  calls: CallLog;
  /** Tool search's learning from this gateway's traffic (learning.ts); undefined with --no-learning. */
  learning: GatewayLearning | undefined;
  skill: string;
  close(): Promise<void>;
}

/** The call log serves the dashboard: a failed write is reported on stderr and never fails a tool call. */
export const reportCallLogError = (error: unknown): void =>
  void process.stderr.write(`amicited-gateway: call log write failed: ${(error as Error).message}\n`);

/** A refused or failed SSE event log write is reported on stderr; the call it belongs to goes on. */
export const reportStreamLogError = (error: unknown): void =>
  void process.stderr.write(`amicited-gateway: SSE event log: ${(error as Error).message}\n`);

/** Default hourly cap per workspace. */
export const DEFAULT_HOURLY_CAP = 1000;

/**
 * Opens the store in `dataDir` and builds the catalog of built-in tools.
 * @example const gateway = await createGateway({ dataDir: "./data", hourlyCap: 600 });
 */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const { store, quota, hooks, close } = await openGatewayStorage(options);
  const hourlyCap = options.hourlyCap ?? DEFAULT_HOURLY_CAP;
  const refreshMs = options.learning === false ? undefined : options.learning?.refreshMs;
  const catalog = new ToolCatalog<CallContext>({
    quota,
    hourlyCap,
    hooks,
    search: {
      vocabulary: GATEWAY_SEARCH_VOCABULARY,
      learning: options.learning === false ? false : { refreshMs: refreshMs ?? DEFAULT_LEARNING_REFRESH_MS },
      ...(options.semanticSearch === undefined ? {} : { semantic: options.semanticSearch }),
    },
  });
  const calls = new CallLog(store, {
    retentionDays: options.callLogDays,
    onError: reportCallLogError,
    onRetry: (attempt, error) =>
      void process.stderr.write(`amicited-gateway: call log write failed (try ${attempt}), trying again: ${(error as Error).message}\n`),
  });
  for (const toolset of GATEWAY_TOOLSETS) catalog.defineToolset(toolset);
  catalog.registerAll(buildGatewayTools(store));
  const learning = options.learning === false ? undefined : await startGatewayLearning(catalog, store, { refreshMs, shared: options.learning?.shared === true });
  return {
    store,
    catalog,
    hourlyCap,
    calls,
    learning,
    skill: loadSkill(),
    async close() {
      // The queues of the learned requests and the call log go to the store before the store closes.
      await learning?.close();
      await calls.close().catch((error: unknown) => reportCallLogError(error));
      await close();
    },
  };
}
