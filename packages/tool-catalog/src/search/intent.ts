// The action model: what a request wants done (list, get, search, explain, create, update,
// delete, run) and what each tool does, so siblings over one object separate ("which PRs are
// open" → list_pull_requests, "open a PR" → create_pull_request, "merge it" → merge_pull_request).
// A request's verbs say it firmly; its question form ("which…", "how do I…", a number naming one
// thing) says it weakly. A tool's action comes from its name's first action word, else its kind.
// A tool whose action differs is ranked down (a sibling a little, a contradiction more), never
// removed. Neighbours: search/tool-search.ts computes both sides, search/rank.ts applies the factor.

import type { ToolKind } from "../types";
import { isPastForm, isStopWord, splitWords, stemWord } from "./text";

/** What a request or a tool is about doing. */
export type Action = "list" | "get" | "search" | "explain" | "create" | "update" | "delete" | "run";

/**
 * A tool's action: an {@link Action}, or `write` for a tool that changes something without
 * saying how (a write-kind tool with no action word in its name).
 */
export type ToolAction = Action | "write";

/** A request's actions: each with whether the request said it firmly (a verb) or only hinted it. */
export type RequestedActions = Map<Action | "read", "firm" | "weak">;

// Verbs people and tool names use for each action. A word names one action only.
const ACTION_WORDS: Record<Action, string> = {
  list: "list ls enumerate browse",
  get: "get show view see fetch retrieve read display check inspect dump grab download export watch tail describe whoami ping detail details",
  search: "find search look lookup query locate filter discover identify compare count",
  explain: "explain analyze analyse diagnose",
  create:
    "create add new make insert register post send upload put save remember install publish open start spin launch generate " +
    "fork star push leave write deploy provision append attach",
  update:
    "update edit change modify patch set rename move bump switch replace resize scale merge land approve resolve assign mark " +
    "toggle apply upgrade restart rollout revert rebase reset restore pause finalize manage configure reconnect sync",
  delete: "delete remove drop destroy erase discard purge wipe forget uninstall unstar cancel dismiss kill cleanup",
  run: "run execute exec trigger invoke rerun kick evaluate",
};

const STEM_ACTION = new Map<string, Action>();
for (const [action, words] of Object.entries(ACTION_WORDS) as [Action, string][]) {
  for (const word of words.split(" ")) STEM_ACTION.set(stemWord(word), action);
}

const READING = new Set<ToolAction | "read">(["list", "get", "search", "explain", "read"]);
const CHANGING = new Set<ToolAction>(["create", "update", "run"]);
// A request opening with one of these asks something, so it reads.
const QUESTION_WORDS = new Set("which what whats who whose where when how is are does do did has have".split(" "));
// Words that ask for every item of something (a list), and question openings that ask how or why.
const LIST_CUES = new Set("which all every any".split(" "));
// Verb phrases that name no action: "when does my cert run out" asks when, not to run anything.
const PHRASAL_NOT_ACTION = /^(run|runs|running|ran) (out|low|short)$/;
const EXPLAIN_OPENINGS = [/^how (do|does|can|should|to)\b/, /^why\b/, /\bwhat does .+ mean\b/];

/** True when a stem is an action word (get, list, create, delete…). */
export function isActionStem(stem: string): boolean {
  return STEM_ACTION.has(stem);
}

/**
 * The actions a request expresses (empty when it says and hints none): its own verbs and the
 * verbs of concepts the vocabulary reads into it (`implied`: "mkdir" → create), firmly; its
 * question form, weakly. Past participles describe a state, not the action asked for ("files
 * modified in my working copy"), so past forms are not read as verbs.
 */
export function requestActions(query: string, implied: readonly string[] = []): RequestedActions {
  const actions: RequestedActions = new Map();
  const words = splitWords(query);
  for (const [position, word] of words.entries()) {
    if (isPastForm(word) || PHRASAL_NOT_ACTION.test(`${word} ${words[position + 1] ?? ""}`)) continue;
    const action = STEM_ACTION.get(stemWord(word));
    if (action !== undefined) actions.set(action, "firm");
  }
  for (const stem of implied) {
    const action = STEM_ACTION.get(stem);
    if (action !== undefined) actions.set(action, "firm");
  }
  // "show every…", "find all…": asking for all of something to read is a list beside the verb
  // (but "run it every hour" is a schedule, not a list).
  const reads = [...actions.keys()].every((action) => READING.has(action));
  const many = words.some((word) => LIST_CUES.has(word) || (!isStopWord(word) && !STEM_ACTION.has(stemWord(word)) && isPlural(word)));
  if (reads && many && !actions.has("list")) actions.set("list", "weak");
  if ([...actions.values()].includes("firm")) return actions;
  const text = words.join(" ");
  if (EXPLAIN_OPENINGS.some((pattern) => pattern.test(text))) actions.set("explain", "weak");
  // A question reads: firmly, as a changing tool cannot answer it.
  else if (words[0] !== undefined && QUESTION_WORDS.has(words[0])) actions.set("read", "firm");
  return actions;
}

// A plural noun ("packages", "PRs"): the request is about many of something. Past forms and
// words the stemmer leaves whole ("status", "class") are not plurals.
function isPlural(word: string): boolean {
  return word.length >= 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !isPastForm(word) && stemWord(word) !== word;
}

/**
 * A tool's actions: the first action word of its name (a read tool named for a plural, such as
 * get_teams, lists as well), else what its kind implies.
 */
export function toolActions(nameWithinToolset: string, kind: ToolKind): ToolAction[] {
  const words = splitWords(nameWithinToolset);
  const plural = words.length > 0 && isPlural(words[words.length - 1]!);
  for (const word of words) {
    const action = STEM_ACTION.get(stemWord(word));
    if (action === undefined) continue;
    return action === "get" && kind === "read" && plural ? ["get", "list"] : [action];
  }
  if (kind === "read") return plural ? ["get", "list"] : ["get"];
  if (kind === "destructive") return ["delete"];
  return ["write"];
}

/** Score factor for a tool whose action contradicts the request (read versus change, delete versus create). */
export const ACTION_MISFIT_FACTOR = 0.65;
/** Score factor for a sibling reading action (list versus get versus search versus explain). */
export const READ_SIBLING_FACTOR = 0.85;
/** Score factor for a sibling changing action (create versus update versus run): closer kin. */
export const CHANGE_SIBLING_FACTOR = 0.92;
// A hinted action costs this share of a firm one's penalty.
const WEAK_SHARE = 0.5;

function fit(requested: Action | "read", tool: ToolAction): number {
  if (requested === tool) return 1;
  if (tool === "write") return READING.has(requested) ? ACTION_MISFIT_FACTOR : 1;
  if (requested === "read") return READING.has(tool) ? 1 : ACTION_MISFIT_FACTOR;
  if (READING.has(requested) && READING.has(tool)) return READ_SIBLING_FACTOR;
  if (CHANGING.has(requested) && CHANGING.has(tool)) return CHANGE_SIBLING_FACTOR;
  return ACTION_MISFIT_FACTOR;
}

/**
 * The score factor of a tool's actions for a request's (1 = fits, or the request names none).
 * Verbs decide; a hinted action can only lift a sibling of what the verbs asked for ("show every
 * alert" lifts list beside get), never a contradiction of them.
 */
export function actionFit(requested: RequestedActions, tool: readonly ToolAction[]): number {
  if (requested.size === 0) return 1;
  let firm: number | undefined;
  let weak: number | undefined;
  for (const [action, strength] of requested) {
    for (const own of tool) {
      const factor = fit(action, own);
      if (strength === "firm") firm = Math.max(firm ?? 0, factor);
      else weak = Math.max(weak ?? 0, 1 - (1 - factor) * WEAK_SHARE);
    }
  }
  if (firm === undefined) return weak ?? 1;
  if (weak === undefined || firm <= ACTION_MISFIT_FACTOR) return firm;
  return Math.max(firm, weak);
}
