// The types every tool module shares, apart from the factories in shared.ts so that the helpers
// shared.ts builds on (window-reads.ts, row-actions.ts) can name them without importing shared.ts
// back (a type-only import cycle, issue 37). shared.ts re-exports them for the toolset files.
import type { StoreToolDefinition } from "@foundry-mcp/workspace-store";

/** A gateway tool: a catalog tool (with its cost and plan limit) over the workspace store. */
export type GatewayTool = StoreToolDefinition;

/** Any handler's arguments, where a helper needs only a few of them. */
export type SomeArgs = Readonly<Record<string, unknown>>;

/** A tool's look-back window: the days it asks for, ending on the latest data day. */
export interface Window {
  since: string;
  until: string;
  days: number;
}
