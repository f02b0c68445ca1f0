// The unified tool registry as LangChain tools (`@langchain/core/tools`' `tool` with the server's
// JSON Schema): one tool per host tool, named by its host name; the function goes through
// ClientManager.callTool with the run's abort signal (`config.signal`). The model sees the
// result's text; invoked with a ToolCall, the UnifiedToolResult is the ToolMessage's artifact and
// a refused or failed call is a ToolMessage with status "error". `@langchain/core` is an optional peer dependency.
import { ToolMessage } from "@langchain/core/messages";
import { tool, type DynamicStructuredTool } from "@langchain/core/tools";
import { objectSchema } from "../registry/adapters";
import { agentTools, resultText, type AgentToolOptions, type AgentToolSource } from "./agent-tools";

/**
 * The manager's exposed tools as LangChain structured tools (bind them to a chat model, run
 * the tool calls with `tool.invoke(toolCall, { signal })`).
 *
 * @example
 * const tools = toLangChainTools(manager); const model = chatModel.bindTools(tools);
 */
export function toLangChainTools(source: AgentToolSource, options: AgentToolOptions = {}): DynamicStructuredTool[] {
  const { tools, call } = agentTools(source, options);
  return tools.map(
    (hostTool) =>
      tool(
        async (input: unknown, config) => {
          const result = await call(hostTool.hostName, input, config?.signal);
          const toolCallId = config?.toolCall?.id;
          // Called with a ToolCall (as agents do): a ToolMessage carrying the artifact and the error status; with plain input: the text.
          if (toolCallId) return new ToolMessage({ content: resultText(result), artifact: result, tool_call_id: toolCallId, name: hostTool.hostName, status: result.isError ? "error" : "success" });
          return resultText(result);
        },
        { name: hostTool.hostName, description: hostTool.description || hostTool.hostName, schema: objectSchema(hostTool.inputSchema) as never },
      ) as unknown as DynamicStructuredTool,
  );
}
