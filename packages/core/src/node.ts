// Node-only entry of @foundry-mcp/core ("@foundry-mcp/core/node"): the one atomic-write helper.

export { createFileExclusive, writeFileAtomic, writeFileAtomicSync } from "./node/atomic-write";

export type { AtomicWriteOptions } from "./node/atomic-write";
