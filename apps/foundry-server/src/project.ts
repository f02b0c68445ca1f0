// Opens the three libraries on one project root for one request. The server is stateless: every
// request sees the disk as it is now, so several server processes and a human editing .foundry/
// files never see stale data. The one thing kept between requests is the FoundryMemory instance,
// because its fact cache is proved fresh on every call (file names, sizes and modification
// times) and is what keeps a search at 10,000 facts from re-parsing every file. The contract registry (and the
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

const memories = new Map<string, FoundryMemory>();

/** Opens a project root for one request. */
export function openProject(root: string): Project {
  let memory = memories.get(root);
  if (!memory) {
    memory = new FoundryMemory({ root });
    memories.set(root, memory);
  }
  let registry: Promise<ContractRegistry> | undefined;
  const contracts = (): Promise<ContractRegistry> => (registry ??= Promise.resolve(ContractRegistry.load({ root })));
  return {
    root,
    memory,
    contracts,
    blackboard: async () => new Blackboard({ root, registry: await contracts() }),
  };
}
