// The unified tool registry as Vercel AI SDK tools (`ai`'s `tool` and `jsonSchema`): one tool per
// host tool, keyed by its host name; `execute` goes through ClientManager.callTool with the AI
// SDK's abort signal; a refused call reaches the model as `execution-denied`, a failed one as
// `error-text`. `ai` is an optional peer dependency of this subpath only.
import { jsonSchema, tool, type ToolSet } from "ai";
import { objectSchema } from "../registry/adapters";
import type { UnifiedToolResult } from "../registry/types";
import { agentTools, resultText, wasRefused, type AgentToolOptions, type AgentToolSource } from "./agent-tools";

/**
 * The manager's exposed tools as an AI SDK `ToolSet` for `generateText`/`streamText`.
 * Each tool's output is the UnifiedToolResult (server, tool, duration, errorCode); the model sees its text.
 *
 * @example
 * const result = await generateText({ model, tools: toAiSdkTools(manager, { policy }), stopWhen: stepCountIs(5), prompt });
 */
export function toAiSdkTools(source: AgentToolSource, options: AgentToolOptions = {}): ToolSet {
  const { tools, call } = agentTools(source, options);
  const set: ToolSet = {};
  for (const hostTool of tools) {
    set[hostTool.hostName] = tool({
      ...(hostTool.description ? { description: hostTool.description } : {}),
      inputSchema: jsonSchema<Record<string, unknown>>(objectSchema(hostTool.inputSchema)),
      execute: (input, { abortSignal }) => call(hostTool.hostName, input, abortSignal),
      toModelOutput: ({ output }: { output: UnifiedToolResult }) => {
        if (wasRefused(output)) return { type: "execution-denied", reason: resultText(output) };
        return output.isError ? { type: "error-text", value: resultText(output) } : { type: "text", value: resultText(output) };
      },
    });
  }
  return set;
}
