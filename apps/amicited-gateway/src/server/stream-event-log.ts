// The SSE event log of resumable MCP streams: server-kit's SqlStreamEventLog over the gateway's
// store (table mcp_stream_events, session-schema.ts), a refused append a WorkspaceStoreError
// STREAM_LOG_FULL as before the statements moved beside the endpoint (decision 0015).
import { SqlStreamEventLog } from "@foundry-mcp/server-kit";
import type { StreamEventLimits } from "@foundry-mcp/server-kit";
import { WorkspaceStoreError } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

export { DEFAULT_STREAM_EVENT_LIMITS } from "@foundry-mcp/server-kit";
export type { LoggedStreamEvent as StreamEvent, StreamEventLimits } from "@foundry-mcp/server-kit";

/**
 * The event log over a migrated gateway store.
 * @example const log = new StreamEventLog(store); await log.append(sessionId, streamId, 1, text, false);
 */
export class StreamEventLog extends SqlStreamEventLog {
  constructor(store: WorkspaceStore, limits: Partial<StreamEventLimits> = {}) {
    super(store, limits, WorkspaceStoreError);
  }
}
