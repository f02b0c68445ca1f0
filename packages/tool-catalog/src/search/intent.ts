// Action intent: whether a request reads, creates, changes or deletes, and whether a tool does.
// A tool whose action contradicts the request ("deploy a chart" vs uninstall_helm_chart,
// "link two people" vs delete_relations, "which PRs are open" vs merge_pull_request) is ranked
// down, not removed. Neighbours: search/tool-search.ts computes both sides, search/rank.ts
// applies the factor.

import type { ToolKind } from "../types";
import { isPastForm, splitWords, stemWord } from "./text";

/**
 * The actions a request or a tool can be about. `write` is a tool that changes something
 * without saying how (a write-kind tool with no action word in its name).
 */
export type Intent = "read" | "create" | "update" | "delete" | "write";

// Verbs people and tool names use for each action. A word may name one action only.
const INTENT_WORDS: Record<Exclude<Intent, "write">, string> = {
  read:
    "get list show view see fetch retrieve read display find search look lookup check inspect dump browse query describe count " +
    "grab download export watch tail explain analyze analyse diagnose identify discover compare whoami",
  create:
    "create add new make insert register post send upload put save remember install publish open start spin launch generate " +
    "fork star push leave write deploy provision append attach",
  update:
    "update edit change modify patch set rename move bump switch replace resize scale merge land approve resolve assign mark " +
    "toggle apply upgrade restart rollout revert rebase reset restore pause finalize manage configure reconnect sync",
  delete: "delete remove drop destroy erase discard purge wipe forget uninstall unstar cancel dismiss kill cleanup",
};

const STEM_INTENT = new Map<string, Intent>();
for (const [intent, words] of Object.entries(INTENT_WORDS) as [Intent, string][]) {
  for (const word of words.split(" ")) STEM_INTENT.set(stemWord(word), intent);
}

// A request phrased as a question ("which PRs…", "is my data source up") asks to read.
const QUESTION_WORDS = new Set("which what whats who whose where when how is are does do did has have".split(" "));

/** True when a stem is an action word (get, list, create, delete…). */
export function isActionStem(stem: string): boolean {
  return STEM_INTENT.has(stem);
}

/**
 * The intents a request expresses (empty when it names no action): its own verbs, and the
 * verbs of concepts the vocabulary reads into it (`implied`: "mkdir" → create). Past
 * participles describe a state, not the action asked for ("files modified in my working
 * copy", "purchases made in the store"), so past forms are not read as verbs.
 */
export function requestIntents(query: string, implied: readonly string[] = []): Set<Intent> {
  const intents = new Set<Intent>();
  const words = splitWords(query);
  for (const word of words) {
    if (isPastForm(word)) continue;
    const intent = STEM_INTENT.get(stemWord(word));
    if (intent !== undefined) intents.add(intent);
  }
  for (const stem of implied) {
    const intent = STEM_INTENT.get(stem);
    if (intent !== undefined) intents.add(intent);
  }
  if (intents.size === 0 && words[0] !== undefined && QUESTION_WORDS.has(words[0])) intents.add("read");
  return intents;
}

/** A tool's action: the first action word of its name, else what its kind implies. */
export function toolIntent(nameWithinToolset: string, kind: ToolKind): Intent {
  for (const word of splitWords(nameWithinToolset)) {
    const intent = STEM_INTENT.get(stemWord(word));
    if (intent !== undefined) return intent;
  }
  if (kind === "read") return "read";
  if (kind === "destructive") return "delete";
  return "write";
}

/** True when a tool's action fits the request (creating and updating are close kin). */
export function intentFits(requested: Set<Intent>, tool: Intent): boolean {
  if (requested.size === 0 || requested.has(tool)) return true;
  if (tool === "write") return requested.has("create") || requested.has("update") || requested.has("delete");
  return (tool === "create" && requested.has("update")) || (tool === "update" && requested.has("create"));
}

