// Toolset "prompts": the questions tracked against AI engines, their runs and the answers.
// prompts_run_now asks the engines again through the embedded store's answer simulator, which
// draws from each prompt's own history (a live engine connector would replace it).
// The tools live in ./prompts/ by responsibility; this file assembles the toolset.
import { promptsAnswerTools } from "./prompts/answers";
import { promptsActionTools } from "./prompts/actions";
import type { GatewayTool } from "./shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The prompts toolset's tools. */
export function promptsTools(store: WorkspaceStore): GatewayTool[] {
  return [...promptsAnswerTools(store), ...promptsActionTools(store)];
}
