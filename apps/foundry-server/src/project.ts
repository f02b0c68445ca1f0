// Opens the three libraries on one project root for one request. Nothing is kept between
// requests: the server is stateless and re-reads the disk each time, so several server processes
// and a human editing .foundry/ files never see stale data. The contract registry (and the
// blackboard that needs it) load only when a request uses them, so a broken project contract
// cannot break memory tools.
import { FoundryMemory } from "@foundry-mcp/memory";
import { ContractRegistry } from "@foundry-mcp/contracts";
import { Blackboard } from "@foundry-mcp/blackboard";

/** The libraries opened on one project root, for one request. */
export interface Project {
  readonly root: string;
  readonly memory: FoundryMemory;
  /** Built-in contracts plus `.foundry/contracts/*.json`, loaded on first use. */
  contracts(): Promise<ContractRegistry>;
  /** The blackboard under `.foundry/blackboard/`, validating with {@link Project.contracts}. */
  blackboard(): Promise<Blackboard>;
}

/** Opens a project root for one request. */
export function openProject(root: string): Project {
  const memory = new FoundryMemory({ root });
  let registry: Promise<ContractRegistry> | undefined;
  const contracts = (): Promise<ContractRegistry> => (registry ??= Promise.resolve(ContractRegistry.load({ root })));
  return {
    root,
    memory,
    contracts,
    blackboard: async () => new Blackboard({ root, registry: await contracts() }),
  };
}
