// What a list of tool definitions costs in a model's context: the definitions serialised as
// tools/list sends them (name, title, description, input and output schema, annotations) and
// measured with @foundry-mcp/tokens. The one formula behind `status().toolTokens` and the
// figures foya's demo prints, so the two always agree.
import { estimateTokens } from "@foundry-mcp/tokens";
import type { ToolAnnotations } from "./types";

/** A tool definition as it travels in tools/list (`name` is whatever name the client sees). */
export interface ToolListEntry {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: Record<string, unknown> | undefined;
  outputSchema?: Record<string, unknown> | undefined;
  annotations?: ToolAnnotations | Record<string, unknown> | undefined;
}

/** The JSON text of `tools` as a tools/list result carries them (absent fields left out). */
export function toolListText(tools: readonly ToolListEntry[]): string {
  return JSON.stringify(
    tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    })),
  );
}

/**
 * Estimated tokens of `tools` in a model's context.
 *
 * @example
 * toolListTokens(manager.tools().map((tool) => ({ ...tool, name: tool.hostName })))
 */
export function toolListTokens(tools: readonly ToolListEntry[]): number {
  return tools.length === 0 ? 0 : estimateTokens(toolListText(tools));
}
