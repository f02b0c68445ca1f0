// Constants and lookups shared by the prompts tool files (see ../prompts.ts).
import { arg, requireRow } from "../shared";
import type { DomainScope } from "../shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** Schema of a prompt_id argument. */
export const promptId = arg.id("Prompt (from prompts_list)");
/** Lookups and factories shared by the prompts tool files. */
export function promptsCommon(store: WorkspaceStore) {
  const requirePrompt = (id: number, d: DomainScope) =>
    requireRow<{ id: number; text: string; topic: string; intent: string; active: number }>(
      store,
      ["SELECT * FROM prompts WHERE id = ? AND domain_id = ?", [id, d.id]],
      `prompt ${id}`,
      "list ids with prompts_list",
    );
  return { requirePrompt };
}
