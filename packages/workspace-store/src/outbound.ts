// The bound on outbound work (a tool's own HTTP request) in flight per workspace, in one process:
// a workspace that starts many slow fetches holds at most `maxPerWorkspace` of them, and the next
// one is refused at once with OUTBOUND_BUSY instead of queueing behind them. Nothing here is
// shared between workspaces, so one workspace's slow URLs never delay another's calls.
import { boundedInteger, WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";

/** Outbound calls one workspace may have in flight in one gateway process, when nothing else is said. */
export const DEFAULT_OUTBOUND_PER_WORKSPACE = 4;
/** The largest setting accepted. */
const MAX_OUTBOUND_PER_WORKSPACE = 64;

/** Counts each workspace's outbound calls in flight and refuses one past the bound. */
export class OutboundGate {
  private readonly inFlight = new Map<string, number>();

  constructor(readonly maxPerWorkspace: number = DEFAULT_OUTBOUND_PER_WORKSPACE) {
    boundedInteger("maxOutboundPerWorkspace", maxPerWorkspace, 1, MAX_OUTBOUND_PER_WORKSPACE);
  }

  /** Runs `work` holding one of the workspace's slots; refuses with OUTBOUND_BUSY when none is free. */
  async run<T>(workspaceId: string, tool: string, work: () => Promise<T>): Promise<T> {
    const held = this.inFlight.get(workspaceId) ?? 0;
    if (held >= this.maxPerWorkspace)
      throw new WorkspaceStoreError(
        WorkspaceStoreErrorCode.OUTBOUND_BUSY,
        `${tool} was not run: this workspace already has ${held} outbound requests in flight, the bound per workspace (${this.maxPerWorkspace}); nothing was charged. Wait for one to finish (each times out after at most a few seconds) and call again.`,
      );
    this.inFlight.set(workspaceId, held + 1);
    try {
      return await work();
    } finally {
      const left = (this.inFlight.get(workspaceId) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(workspaceId);
      else this.inFlight.set(workspaceId, left);
    }
  }
}
