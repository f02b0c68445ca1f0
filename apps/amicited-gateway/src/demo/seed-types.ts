// The context each demo generator receives for one domain.
import type { Random } from "../domain/random";
import type { Vertical } from "./vocabulary";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** One domain being seeded: where to write, what to write about, and the random source. */
export interface DomainSeed {
  store: WorkspaceStore;
  random: Random;
  workspaceId: string;
  domainId: number;
  hostname: string;
  vertical: Vertical;
  asOf: string;
}
