// Near-duplicate tools: variants of one tool in one toolset (assign_copilot_to_issue and
// assign_copilot_to_issue_with_intent, list_directory and list_directory_with_sizes) would fill
// a page with one answer several times. The index groups them once, when it is built; a search
// shows each group's best-ranked member and names the others it matched in `variants`, so
// the first five results hold five different tools and the page costs fewer tokens, not more.
// Neighbour: search/tool-search.ts builds the groups and collapses each ranking with them.

import { analyse } from "./text";

/** What grouping reads of a tool: its toolset, its name within the toolset, its description. */
export interface GroupableTool {
  toolset: string;
  name: string;
  description: string;
}

// Share of description words two variants hold in common (Jaccard). Siblings that do different
// things under similar words (get_tag / get_release_by_tag: 0.60, create_invoice /
// create_invoice_item: 0.47) stay apart; the variants of the shared corpus are at 0.80 or more.
const DESCRIPTION_OVERLAP = 0.75;
// A deprecated tool that names its replacement ("DEPRECATED: Use read_text_file instead") is
// a variant of it, however its description was reworded.
const DEPRECATED = /\bdeprecated\b/i;

// At most this many words qualify a variant's name ("with sizes", "org", "property").
const MAX_QUALIFIER_WORDS = 2;

const nameWordsOf = (name: string): string[] => analyse(name.replace(/[-_.]+/g, " ")).map((word) => word.stem);

// The names a variant could qualify: its name words with one or two of them left out, in order
// ("list directory sizes" → "directory sizes", "list sizes", "list directory", "list", …).
function shorterNames(words: readonly string[]): Set<string> {
  const names = new Set<string>();
  const drop = (from: number, kept: readonly string[], dropped: number): void => {
    if (from === words.length) {
      if (dropped > 0 && kept.length > 0) names.add(kept.join(" "));
      return;
    }
    drop(from + 1, [...kept, words[from]!], dropped);
    if (dropped < MAX_QUALIFIER_WORDS) drop(from + 1, kept, dropped + 1);
  };
  if (words.length <= 8) drop(0, [], 0);
  return names;
}

function overlap(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  let shared = 0;
  for (const stem of left) if (right.has(stem)) shared += 1;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

/**
 * The near-duplicate group of every tool, by position: tools of one group share a number, a tool
 * without variants has -1. A tool's candidates are looked up by its shortened names, so the work
 * is linear in the catalog size; descriptions are compared only for those candidates.
 */
export function nearDuplicateGroups(tools: readonly GroupableTool[]): Int32Array {
  const parent = Int32Array.from(tools, (_, position) => position);
  const root = (position: number): number => {
    let current = position;
    while (parent[current] !== current) current = parent[current] = parent[parent[current]!]!;
    return current;
  };
  const names = tools.map((tool) => nameWordsOf(tool.name));
  const byNameWords = new Map<string, number[]>();
  names.forEach((words, position) => {
    const key = `${tools[position]!.toolset}\u0000${words.join(" ")}`;
    const same = byNameWords.get(key);
    if (same === undefined) byNameWords.set(key, [position]);
    else same.push(position);
  });
  const descriptions = new Map<number, Set<string>>();
  const wordsOf = (position: number): Set<string> => {
    let words = descriptions.get(position);
    // Lower-cased words, not stems: stemming every variant's description would double the
    // index's build time, and wording this close needs no stemmer to show.
    if (words === undefined) descriptions.set(position, (words = new Set(tools[position]!.description.toLowerCase().match(/[a-z0-9]+/g) ?? [])));
    return words;
  };
  names.forEach((words, longer) => {
    for (const shorter of shorterNames(words)) {
      for (const candidate of byNameWords.get(`${tools[longer]!.toolset}\u0000${shorter}`) ?? []) {
        if (overlap(wordsOf(candidate), wordsOf(longer)) >= DESCRIPTION_OVERLAP) parent[root(longer)] = root(candidate);
      }
    }
  });
  // A deprecated tool joins the sibling its description sends readers to.
  const byName = new Map(tools.map((tool, position) => [`${tool.toolset}\u0000${tool.name}`, position]));
  tools.forEach((tool, position) => {
    if (!DEPRECATED.test(tool.description)) return;
    for (const word of tool.description.match(/[\w-]+/g) ?? []) {
      const other = byName.get(`${tool.toolset}\u0000${word}`);
      if (other !== undefined && other !== position) parent[root(other)] = root(position);
    }
  });
  const size = new Map<number, number>();
  for (let position = 0; position < tools.length; position += 1) size.set(root(position), (size.get(root(position)) ?? 0) + 1);
  return Int32Array.from(tools, (_, position) => (size.get(root(position))! > 1 ? root(position) : -1));
}

/** One entry of a collapsed ranking: the best-ranked member and the other members that matched. */
export interface Collapsed<H> {
  hit: H;
  variants: H[];
}

/** A ranking with each near-duplicate group shown once, at its best member's place. */
export function collapseNearDuplicates<H>(ranked: readonly H[], groupOf: (hit: H) => number): Collapsed<H>[] {
  const collapsed: Collapsed<H>[] = [];
  const leaders = new Map<number, Collapsed<H>>();
  for (const hit of ranked) {
    const group = groupOf(hit);
    const leader = group < 0 ? undefined : leaders.get(group);
    if (leader !== undefined) {
      leader.variants.push(hit);
      continue;
    }
    const entry = { hit, variants: [] };
    if (group >= 0) leaders.set(group, entry);
    collapsed.push(entry);
  }
  return collapsed;
}
