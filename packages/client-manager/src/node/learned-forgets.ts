// What `foya learned forget` removed, recorded in learned-requests.json beside the pairs (see
// ./learned-requests-file). A serve whose write failed holds pairs in memory that the file has
// not seen; a forget run meanwhile cannot remove them from the file, so it leaves a record
// instead: what it forgot and a generation number (1 for a file's first forget, one more for each
// after). A held pair carries the generation its holder last read, and is dropped, not written,
// when a newer record names it. Only the newest MAX_FORGET_RECORDS records are kept.
import { isJsonObject, outlivesForgets } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";

/** One learned pair (tool-catalog's `LearnedRequest`). */
export interface LearnedPair {
  tool: string;
  request: string;
}

/**
 * Which learned pairs a forget removes: all, one tool's (`tool`, the name as the host shows it) or
 * those whose tool name starts with `toolPrefix` (one server's: client-manager's `hostToolPrefix`).
 */
export type LearnedSelection = { readonly all: true } | { readonly tool: string } | { readonly toolPrefix: string };

/** A forget as the file records it: its selection and its generation (1, 2, … in the order they ran). */
export type LearnedForget = LearnedSelection & { readonly generation: number };

/** Forget records a file keeps, the newest. */
export const MAX_FORGET_RECORDS = 100;
// The longest tool name or prefix a selection names (tool-catalog's longest tool name).
const MAX_SELECTED_NAME_LENGTH = 128;

const isName = (value: unknown): value is string => typeof value === "string" && value !== "" && value.length <= MAX_SELECTED_NAME_LENGTH;

/** The selection `value` describes, or undefined when it describes none (one of `all: true`, `tool`, `toolPrefix`). */
function selectionOf(value: Record<string, unknown>): LearnedSelection | undefined {
  const named = ["all", "tool", "toolPrefix"].filter((key) => value[key] !== undefined);
  if (named.length !== 1) return undefined;
  if (value.all === true) return { all: true };
  if (isName(value.tool)) return { tool: value.tool };
  if (isName(value.toolPrefix)) return { toolPrefix: value.toolPrefix };
  return undefined;
}

/** `selection` with nothing else in it; throws CONFIG_INVALID when it names nothing or a name is empty or longer than 128 characters. */
export function checkedSelection(selection: LearnedSelection): LearnedSelection {
  const checked = isJsonObject(selection) ? selectionOf(selection) : undefined;
  if (checked === undefined) {
    throw new ClientManagerError(
      ClientManagerErrorCode.CONFIG_INVALID,
      `A forget selection is { all: true }, { tool } or { toolPrefix }, with a name of 1-${MAX_SELECTED_NAME_LENGTH} characters; got ${JSON.stringify(selection)?.slice(0, 200)}`,
    );
  }
  return checked;
}

/** Whether `selection` picks `pair`. */
export function selectionPicks(selection: LearnedSelection, pair: LearnedPair): boolean {
  if ("all" in selection) return true;
  if ("tool" in selection) return pair.tool === selection.tool;
  return pair.tool.startsWith(selection.toolPrefix);
}

/** The well-formed records of a file's `forgets` list, oldest first, each generation once; a malformed one is left out. */
export function forgetsOf(value: unknown): LearnedForget[] {
  if (!Array.isArray(value)) return [];
  const byGeneration = new Map<number, LearnedForget>();
  for (const entry of value.slice(-MAX_FORGET_RECORDS)) {
    if (!isJsonObject(entry) || !Number.isSafeInteger(entry.generation) || (entry.generation as number) < 1) continue;
    const { generation: _generation, ...rest } = entry;
    const selection = selectionOf(rest);
    if (selection !== undefined) byGeneration.set(entry.generation as number, { ...selection, generation: entry.generation as number });
  }
  return [...byGeneration.values()].sort((a, b) => a.generation - b.generation);
}

/** The newest generation among `forgets` (0: no forget recorded). */
export const generationOf = (forgets: readonly LearnedForget[]): number => forgets.at(-1)?.generation ?? 0;

/**
 * Whether a pair held since generation `since` (its holder had read the file's forgets up to it)
 * may still be written, given the file's records now: core's outlivesForgets, a record naming the
 * pair when its selection picks it. A file whose newest generation is below `since` lost its
 * records (removed, or rewritten by a host that keeps none).
 */
export function pairOutlivesForgets(pair: LearnedPair, since: number, forgets: readonly LearnedForget[]): boolean {
  return outlivesForgets(since, generationOf(forgets), forgets, (forget) => selectionPicks(forget, pair));
}
