// Subpath "@foundry-mcp/client-manager/langchain": the tool registry as LangChain tools
// (needs `@langchain/core`, an optional peer dependency).
export { toLangChainTools } from "./frameworks/langchain";
export type { AgentToolOptions, AgentToolSource } from "./frameworks/agent-tools";
