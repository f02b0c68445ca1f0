// Query analysis: a plain-words request becomes groups of weighted alternatives. Each group is
// one concept of the request (a word, or a phrase the vocabulary knows); its alternatives are
// the word itself, its synonyms, related terms, words of its derivational family, words it is
// a prefix of, and near spellings.
// search/rank.ts scores a tool by the best alternative per group.

import { closedCompound, joinedWeight } from "./open-compounds";
import { argumentWords } from "./arguments";
import type { TermIndex } from "./bm25f-index";
import { editDistance, ownCopy, typoAllowance } from "@foundry-mcp/text-analysis";
import { trigramSimilarity, trigrams } from "./fuzzy";
import { isStopWord, REQUEST_TOKEN, splitQueryWords, splitWords, stemWord } from "./text";
import { splitCompound } from "./name-segments";
import { RELATED_CONCEPTS, SYNONYM_GROUPS } from "./vocabulary";

/** Where an alternative came from (reported by explain tooling and tests). */
export type AlternativeSource = "exact" | "synonym" | "related" | "prefix" | "typo" | "variant" | "derived" | "split";

/** One way to satisfy a query concept: all of `stems` (summed), scaled by `weight`. */
export interface Alternative {
  stems: string[];
  weight: number;
  source: AlternativeSource;
}

/** One concept of the query and the ways a tool can match it. */
export interface QueryGroup {
  text: string;
  alternatives: Alternative[];
  /** How much the concept counts (1; more when the request says it more than once). */
  weight?: number;
  /** Every phrase the concept expands to, indexed or not (to recognise the same concept twice). */
  expandsTo?: ReadonlySet<string>;
  /** True when the concept's word is part of an argument value (a path, host, id, name): see search/arguments.ts. */
  argument?: boolean;
  /** True when the concept's words play a function role in the request ("help me…", "right now"): see search/function-roles.ts. */
  functionRole?: boolean;
}

/** Extra vocabulary a host adds: synonym groups and one-way related concepts. */
export interface VocabularyExtension {
  synonyms?: readonly (readonly string[])[];
  related?: readonly (readonly [readonly string[], readonly string[]])[];
}

/**
 * Relative weights of alternatives; exact matches weigh 1. A derivational relative
 * ("registration" for "register") is nearly the word itself: 0.9 (issue 32, search-tools8 round).
 */
export const EXPANSION_WEIGHTS = { synonym: 0.75, related: 0.6, prefix: 0.55, typo: 0.6, variant: 0.6, derived: 0.9, split: 0.8 } as const;

const MAX_PHRASE_WORDS = 5;
/**
 * Words of a request read at most; the rest is ignored (with MAX_QUERY_CHARACTERS and
 * MAX_SPELLED_WORD_LENGTH, it bounds the cost of one search). At 32, a tenth of the external
 * sets' requests lost their last words, often a whole second request ("… for Midjourney's
 * marketing materials? Can you provide me with the latest earthquake data?").
 */
export const MAX_QUERY_WORDS = 64;
/** Characters of a request read at most (a learned request is bounded alike). */
export const MAX_QUERY_CHARACTERS = 2000;
/** Longer words get no spelling alternatives: splitting a compound costs the square of its length. */
export const MAX_SPELLED_WORD_LENGTH = 40;

/**
 * The part of a request search reads: its first MAX_QUERY_CHARACTERS characters, up to the end of
 * its MAX_QUERY_WORDS-th word as written. Cut before a multi-step request is cut into clauses, so
 * no clause reads past it either.
 */
export function readablePart(query: string): string {
  const head = query.slice(0, MAX_QUERY_CHARACTERS);
  let count = 0;
  for (const match of head.matchAll(REQUEST_TOKEN)) {
    count += 1;
    if (count === MAX_QUERY_WORDS) return head.slice(0, match.index + match[0].length);
  }
  return head;
}

/**
 * A request says first what it wants; its later words mostly add details, and past
 * LATE_WORDS_FROM words each concept counts LATE_WORD_WEIGHT (issue 32, long-requests round).
 */
export const LATE_WORDS_FROM = 16;
export const LATE_WORD_WEIGHT = 0.8;
// Marks table keys made of content words only (matched across the query's function words).
const CONTENT_KEY = "~";
const MAX_PREFIX_EXPANSIONS = 8;

function phraseKey(phrase: string): string {
  return splitWords(phrase).map(stemWord).join(" ");
}

function contentStems(phrase: string): string[] {
  return splitWords(phrase)
    .filter((word) => !isStopWord(word))
    .map(stemWord);
}

/** Phrase (stemmed, space-joined) → alternatives it expands to. Built once per vocabulary. */
export type ExpansionTable = Map<string, Alternative[]>;

/** Builds the lookup table from the built-in vocabulary plus any host extension. */
export function buildExpansionTable(extension: VocabularyExtension = {}, includeBuiltIn = true): ExpansionTable {
  const table: ExpansionTable = new Map();
  const add = (trigger: string, target: string, source: "synonym" | "related") => {
    addUnder(phraseKey(trigger), trigger, target, source);
    // The same phrase with function words left out, so "add a column" meets "add column".
    const content = contentStems(trigger);
    if (content.length >= 2) addUnder(`${CONTENT_KEY}${content.join(" ")}`, trigger, target, source);
  };
  const addUnder = (key: string, trigger: string, target: string, source: "synonym" | "related") => {
    const stems = contentStems(target);
    if (key === "" || stems.length === 0 || contentStems(trigger).join(" ") === stems.join(" ")) return;
    const list = table.get(key) ?? [];
    const signature = stems.join(" ");
    if (list.some((alternative) => alternative.stems.join(" ") === signature)) return;
    list.push({ stems, weight: EXPANSION_WEIGHTS[source], source });
    table.set(key, list);
  };
  const synonyms = [...(includeBuiltIn ? SYNONYM_GROUPS : []), ...(extension.synonyms ?? [])];
  const related = [...(includeBuiltIn ? RELATED_CONCEPTS : []), ...(extension.related ?? [])];
  for (const group of synonyms) for (const member of group) for (const other of group) if (member !== other) add(member, other, "synonym");
  for (const [triggers, targets] of related) for (const trigger of triggers) for (const target of targets) add(trigger, target, "related");
  return table;
}

function prefixAlternatives(word: string, index: TermIndex): Alternative[] {
  if (word.length < 3) return [];
  const own = stemWord(word);
  const stems = new Set<string>();
  for (const [surface, stem] of index.surfaceWords) {
    if (surface.length > word.length && surface.startsWith(word) && stem !== own) stems.add(stem);
  }
  return [...stems]
    .sort((left, right) => index.documentFrequency(right) - index.documentFrequency(left) || left.localeCompare(right))
    .slice(0, MAX_PREFIX_EXPANSIONS)
    .map((stem) => ({ stems: [stem], weight: EXPANSION_WEIGHTS.prefix, source: "prefix" as const }));
}

// A request word written as one compound ("wordcount", "audiobook") that no tool holds, as the
// indexed words it splits into (search/name-segments.ts), all of them together.
function splitAlternatives(word: string, index: TermIndex): Alternative[] {
  const parts = splitCompound(word, (part) => index.surfaceWords.has(part));
  if (parts === undefined) return [];
  return [{ stems: parts.map(stemWord), weight: EXPANSION_WEIGHTS.split, source: "split" }];
}

function typoAlternatives(word: string, index: TermIndex): Alternative[] {
  const allowance = typoAllowance(word.length);
  if (allowance === 0 || index.has(stemWord(word)) || index.surfaceWords.has(word)) return [];
  let best = allowance + 1;
  let stems = new Set<string>();
  for (const [surface, stem] of index.nearSpellings.typoCandidates(word, allowance)) {
    const distance = editDistance(word, surface, allowance);
    if (distance < best) {
      best = distance;
      stems = new Set([stem]);
    } else if (distance === best) stems.add(stem);
  }
  if (best > allowance) return [];
  return [...stems].map((stem) => ({ stems: [stem], weight: EXPANSION_WEIGHTS.typo, source: "typo" as const }));
}

// Letter-alike words (trigram Dice above VARIANT_SIMILARITY) for a word of VARIANT_MIN_LENGTH or more.
const VARIANT_MIN_LENGTH = 5;
const VARIANT_SIMILARITY = 0.6;
const MAX_VARIANTS = 3;

function variantAlternatives(word: string, index: TermIndex): Alternative[] {
  if (word.length < VARIANT_MIN_LENGTH) return [];
  const own = trigrams(word);
  let best = VARIANT_SIMILARITY;
  let stems = new Set<string>();
  for (const [surface, stem] of index.nearSpellings.variantCandidates(own, VARIANT_SIMILARITY)) {
    if (Math.abs(surface.length - word.length) > word.length / 2) continue;
    const similarity = trigramSimilarity(own, surface);
    if (similarity > best) {
      best = similarity;
      stems = new Set([stem]);
    } else if (similarity === best && similarity > VARIANT_SIMILARITY) stems.add(stem);
  }
  return [...stems].slice(0, MAX_VARIANTS).map((stem) => ({ stems: [stem], weight: EXPANSION_WEIGHTS.variant, source: "variant" as const }));
}

// A word's spelling alternatives cost a read of the vocabulary's longer forms and of its near
// spellings' candidates (search/near-spellings.ts), so they are kept per index: the clauses of a
// multi-step request and later searches say the same words again (a long request spent two fifths
// of its time here when every form was read). At most MAX_REMEMBERED_WORDS per index; past it the
// memo starts again empty.
export const MAX_REMEMBERED_WORDS = 4096;
const REMEMBERED_SPELLINGS = new WeakMap<TermIndex, Map<string, readonly Alternative[]>>();

/** How many words' spellings the memo holds for `index` (for tests of its bound). */
export const rememberedSpellingCount = (index: TermIndex): number => REMEMBERED_SPELLINGS.get(index)?.size ?? 0;

/**
 * The word's compound split and longer forms (when no tool holds it), its near spellings and, as
 * a last resort when nothing else matched (`matchedOtherwise` false), letter-alike words.
 */
function spellingAlternatives(word: string, stem: string, index: TermIndex, matchedOtherwise: boolean): readonly Alternative[] {
  if (word.length > MAX_SPELLED_WORD_LENGTH) return [];
  let remembered = REMEMBERED_SPELLINGS.get(index);
  if (remembered === undefined) REMEMBERED_SPELLINGS.set(index, (remembered = new Map()));
  // A copy of the word: the word itself is a slice of the request, and as a key it would keep the
  // whole request in memory for as long as the index lives.
  const key = ownCopy(`${matchedOtherwise ? "+" : "-"}${word}`);
  const known = remembered.get(key);
  if (known !== undefined) return known;
  const held = index.has(stem);
  const found = [...(held ? [] : [...splitAlternatives(word, index), ...prefixAlternatives(word, index)]), ...typoAlternatives(word, index)];
  // Last resort for a word no tool holds, in no prefix and no near spelling: the indexed words
  // most alike in letters ("summarisation" → summary, a transliteration's other spelling).
  if (!matchedOtherwise && found.length === 0 && !held) found.push(...variantAlternatives(word, index));
  if (remembered.size >= MAX_REMEMBERED_WORDS) remembered.clear();
  remembered.set(key, found);
  return found;
}

/** Options of analyseQuery: the expansion table, or none for plain matching. */
export interface QueryOptions {
  expansions?: ExpansionTable;
  fuzzy?: boolean;
  /** Words of a request word's derivational family as alternatives (default true; @foundry-mcp/text-analysis derivation.ts). */
  derivation?: boolean;
  /** Two adjacent words a tool writes as one form one concept ("set up" ~ setup; search/open-compounds.ts). */
  openCompounds?: boolean;
}

/**
 * Splits a query into concept groups. Phrases the vocabulary knows (up to five words, longest
 * first, as written or with function words left out) form one group; every other content word
 * forms its own, with its synonyms, prefixes and near spellings.
 */
export function analyseQuery(query: string, index: TermIndex, options: QueryOptions = {}): QueryGroup[] {
  const table = options.expansions;
  const known = (word: string) => index.surfaceWords.has(word) || table?.has(stemWord(word)) === true;
  const read = query.slice(0, MAX_QUERY_CHARACTERS);
  const words = splitQueryWords(read, known).slice(0, MAX_QUERY_WORDS);
  const stems = words.map(stemWord);
  const values = argumentWords(read, known);
  const groups: QueryGroup[] = [];
  const fuzzy = options.fuzzy !== false;
  const derivation = options.derivation !== false;
  let position = 0;
  while (position < words.length) {
    const phrase = table === undefined ? undefined : matchPhrase(words, stems, position, table);
    if (phrase !== undefined) {
      const span = words.slice(position, phrase.end);
      groups.push(weighedForPlace(buildGroup(span.join(" "), phrase.exact, phrase.alternatives, index, false, false), position));
      position = phrase.end;
      continue;
    }
    const word = words[position]!;
    // Two words a tool writes as one ("set up" / setup) are one concept (search/open-compounds.ts).
    const next = words[position + 1];
    const joined = options.openCompounds === true && next !== undefined ? closedCompound(word, next, index) : undefined;
    if (joined !== undefined) {
      const exact = [word, next!].filter((part) => !isStopWord(part)).map(stemWord);
      groups.push(weighedForPlace(buildGroup(`${word} ${next}`, exact, [{ stems: [stemWord(joined)], weight: joinedWeight(exact.length), source: "split" }], index, false, false), position));
      position += 2;
      continue;
    }
    position += 1;
    // A lone function word ("who", "me") is too vague to match or expand; inside a phrase it counts.
    if (isStopWord(word)) continue;
    const group = buildGroup(word, [stems[position - 1]!], table?.get(stems[position - 1]!) ?? [], index, fuzzy, derivation);
    if (values.has(word)) group.argument = true;
    groups.push(weighedForPlace(group, position - 1));
  }
  return mergeRepeatedConcepts(groups);
}

// A concept starting at word `position` of the request, weighed for its place (LATE_WORD_WEIGHT).
function weighedForPlace(group: QueryGroup, position: number): QueryGroup {
  if (position >= LATE_WORDS_FROM) group.weight = (group.weight ?? 1) * LATE_WORD_WEIGHT;
  return group;
}

// Saying a concept again stresses it a little ("a code snippet, as a paste").
const REPEAT_WEIGHT = 0.5;

// A request often says one thing twice ("open a new tab", "browser tab", "snippet… paste"):
// two words each of which expands to the other are one concept, scored once (a little
// stronger), so a tool matching that concept twice does not outrank one matching the rest.
function mergeRepeatedConcepts(groups: QueryGroup[]): QueryGroup[] {
  const merged: Array<{ group: QueryGroup; keys: Set<string>; own: string[] }> = [];
  for (const group of groups) {
    const keys = new Set(group.expandsTo ?? []);
    const own = contentStems(group.text).join(" ");
    const same = merged.find((other) => other.own.some((key) => keys.has(key)) && other.keys.has(own));
    if (same === undefined) {
      merged.push({ group, keys, own: [own] });
      continue;
    }
    for (const alternative of group.alternatives) {
      const key = alternative.stems.join(" ");
      const existing = same.group.alternatives.findIndex((other) => other.stems.join(" ") === key);
      if (existing === -1) same.group.alternatives.push(alternative);
      else if (alternative.weight > same.group.alternatives[existing]!.weight) same.group.alternatives[existing] = alternative;
      same.keys.add(key);
    }
    for (const key of keys) same.keys.add(key);
    same.own.push(own);
    same.group = { text: `${same.group.text} ${group.text}`, alternatives: same.group.alternatives, weight: (same.group.weight ?? 1) + REPEAT_WEIGHT, expandsTo: same.keys };
  }
  return merged.map((entry) => entry.group);
}

// The longest known phrase of two or more words starting at `position`: first as written,
// then over content words only ("add a column" → "add column").
function matchPhrase(words: string[], stems: string[], position: number, table: ExpansionTable): { end: number; exact: string[]; alternatives: Alternative[] } | undefined {
  for (let length = Math.min(MAX_PHRASE_WORDS, words.length - position); length >= 2; length -= 1) {
    const alternatives = table.get(stems.slice(position, position + length).join(" "));
    if (alternatives === undefined) continue;
    const exact = words.slice(position, position + length).flatMap((word, offset) => (isStopWord(word) ? [] : [stems[position + offset]!]));
    return { end: position + length, exact, alternatives };
  }
  if (isStopWord(words[position]!)) return undefined;
  const content: number[] = [];
  for (let next = position; next < words.length && content.length < MAX_PHRASE_WORDS; next += 1) if (!isStopWord(words[next]!)) content.push(next);
  for (let length = content.length; length >= 2; length -= 1) {
    const chosen = content.slice(0, length);
    const alternatives = table.get(`${CONTENT_KEY}${chosen.map((at) => stems[at]).join(" ")}`);
    if (alternatives !== undefined) return { end: chosen[length - 1]! + 1, exact: chosen.map((at) => stems[at]!), alternatives };
  }
  return undefined;
}

// The indexed words of the word's derivational family that no other alternative names.
function derivedAlternatives(word: string, stem: string, index: TermIndex, taken: readonly Alternative[]): Alternative[] {
  const named = new Set(taken.map((alternative) => alternative.stems.join(" ")));
  return index.derivationalFamilies
    .relatives(word, stem)
    .filter((relative) => !named.has(relative))
    .map((relative) => ({ stems: [relative], weight: EXPANSION_WEIGHTS.derived, source: "derived" as const }));
}

function buildGroup(text: string, exact: string[], expansions: Alternative[], index: TermIndex, fuzzy: boolean, derivation: boolean): QueryGroup {
  const alternatives: Alternative[] = [];
  if (exact.length > 0) alternatives.push({ stems: exact, weight: 1, source: "exact" });
  alternatives.push(...expansions);
  if (derivation && exact.length === 1 && !text.includes(" ")) alternatives.push(...derivedAlternatives(text, exact[0]!, index, alternatives));
  if (fuzzy && exact.length === 1 && !text.includes(" ")) alternatives.push(...spellingAlternatives(text, exact[0]!, index, alternatives.length > 1));
  const expandsTo = new Set(alternatives.map((alternative) => alternative.stems.join(" ")));
  return { text, alternatives: alternatives.filter((alternative) => alternative.stems.some((stem) => index.has(stem))), expandsTo };
}
