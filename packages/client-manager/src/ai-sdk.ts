// Subpath "@foundry-mcp/client-manager/ai-sdk": the tool registry as Vercel AI SDK tools
// (needs the `ai` package, an optional peer dependency).
export { toAiSdkTools } from "./frameworks/ai-sdk";
export type { AgentToolOptions, AgentToolSource } from "./frameworks/agent-tools";
