// Action intent: whether a request reads, creates, changes or deletes, and whether a tool does.
// A tool whose action contradicts the request ("deploy a chart" vs uninstall_helm_chart,
// "link two people" vs delete_relations) is ranked down, not removed.
// Neighbours: search/tool-search.ts computes both sides, search/rank.ts applies the factor.

import type { ToolKind } from "../types";
import { splitWords, stemWord } from "./text";

/** The four actions a request or a tool can be about. */
export type Intent = "read" | "create" | "update" | "delete";

const INTENT_WORDS: Record<Intent, string> = {
  read: "get list show view see fetch retrieve read display find search look lookup check inspect dump browse query describe count",
  create: "create add new make insert register post send upload put save remember install publish",
  update: "update edit change modify patch set rename move bump switch replace resize scale",
  delete: "delete remove drop destroy erase discard purge wipe forget uninstall unstar cancel dismiss",
};

const STEM_INTENT = new Map<string, Intent>();
for (const [intent, words] of Object.entries(INTENT_WORDS) as [Intent, string][]) {
  for (const word of words.split(" ")) STEM_INTENT.set(stemWord(word), intent);
}

/** The intents a request's own words express (empty when it names no action). */
export function requestIntents(query: string): Set<Intent> {
  const intents = new Set<Intent>();
  for (const word of splitWords(query)) {
    const intent = STEM_INTENT.get(stemWord(word));
    if (intent !== undefined) intents.add(intent);
  }
  return intents;
}

/** A tool's action: the first action word of its name, else what its kind implies, else unknown. */
export function toolIntent(nameWithinToolset: string, kind: ToolKind): Intent | undefined {
  for (const word of splitWords(nameWithinToolset)) {
    const intent = STEM_INTENT.get(stemWord(word));
    if (intent !== undefined) return intent;
  }
  if (kind === "read") return "read";
  if (kind === "destructive") return "delete";
  return undefined;
}

/** True when a tool's action fits the request (creating and updating are close kin). */
export function intentFits(requested: Set<Intent>, tool: Intent | undefined): boolean {
  if (requested.size === 0 || tool === undefined || requested.has(tool)) return true;
  return (tool === "create" && requested.has("update")) || (tool === "update" && requested.has("create"));
}
