// Text analysis shared by indexing and querying: identifiers split on _ - . / and camelCase,
// lower-cased word runs, stop words dropped, English (Porter) stems. Neighbours: search/index.ts
// indexes with it; search/query.ts analyses queries with the same functions so terms meet.

import { stemmer } from "stemmer";

// Function words and the filler agents wrap requests in ("I want to", "please", "a tool that").
const STOP_WORDS = new Set(
  (
    "a an the and or but nor of to in on onto for with without by at from as into than then " +
    "is are was were be been being am it its it's this that these those there here " +
    "i me my mine we us our you your he she they them their his her " +
    "do does did doing done can could should would will shall may might must " +
    "please want wants wanted need needs like just also so very really some any " +
    "how what which who whom whose where when why tool tools let lets via using use used " +
    "about everything anything something thing things stuff again lately right"
  ).split(" "),
);

const STEM_CACHE = new Map<string, string>();

/** The Porter stem of one lower-case word (cached: the same words recur across thousands of tools). */
export function stemWord(word: string): string {
  let stem = STEM_CACHE.get(word);
  if (stem === undefined) {
    // Two-letter words and words with digits (r2, d1, k8s, oauth2) are names, not English;
    // three-letter ones are stemmed so plurals meet ("prs" → "pr", "ads" → "ad").
    stem = word.length <= 2 || /\d/.test(word) ? word : stemmer(word);
    if (STEM_CACHE.size < 200_000) STEM_CACHE.set(word, stem);
  }
  return stem;
}

/** True for words that carry no meaning in a tool request. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

// Printable ASCII and whitespace only.
const ASCII = /^[ -~\s]*$/;

/**
 * Lower-case words of a text, identifiers split (an acronym's plural stays whole: "PRs" → prs): "get_pullRequest-v2.list" → get, pull,
 * request, v2, list. Stop words are kept; callers drop them when they should.
 */
export function splitWords(text: string): string[] {
  // Fast path for plain ASCII (nearly every tool text): no Unicode property classes.
  if (ASCII.test(text)) {
    return (text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])([A-Z][a-z]{2,})/g, "$1 $2").toLowerCase().match(/[a-z0-9]+/g) ?? []);
  }
  const spaced = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll}{2,})/gu, "$1 $2")
    .toLowerCase();
  return spaced.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** One word as indexed: its surface form and its stem. */
export interface AnalysedWord {
  word: string;
  stem: string;
}

/** The content words of a text, stemmed, in order (stop words removed). */
export function analyse(text: string): AnalysedWord[] {
  const words: AnalysedWord[] = [];
  for (const word of splitWords(text)) {
    if (isStopWord(word)) continue;
    words.push({ word, stem: stemWord(word) });
  }
  return words;
}

/** The first sentence (or line) of a description, on one line, at most `max` characters. */
export function summarise(description: string, max = 160): string {
  const flat = description.replace(/\s+/g, " ").trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(flat)?.[1] ?? flat;
  const line = description.trim().split(/\r?\n/)[0]?.trim() ?? sentence;
  const shortest = line.length > 0 && line.length < sentence.length ? line : sentence;
  return shortest.length <= max ? shortest : `${shortest.slice(0, max - 1).trimEnd()}…`;
}
