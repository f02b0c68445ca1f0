// Text analysis shared by indexing and querying: splitting and stemming come from the shared
// analyser (@foundry-mcp/text-analysis, also used by memory search); this module adds tool
// search's own stop words (request filler), request splitting and summaries. Neighbours:
// search/bm25f-index.ts indexes with it; search/query.ts analyses queries with the same functions.

import { isCompound, isPastForm, splitWords, stemWord } from "@foundry-mcp/text-analysis";

export { isPastForm, splitWords, stemWord };

// Function words and the filler agents wrap requests in ("I want to", "please", "a tool that").
const STOP_WORDS = new Set(
  (
    "a an the and or but nor of to in on onto for with without by at from as into than then " +
    "is are was were be been being am it its it's this that these those there here " +
    "i me my mine we us our you your he she they them their his her " +
    "do does did doing done can could should would will shall may might must " +
    "please want wants wanted need needs like just also so very really some any " +
    "how what which who whom whose where when why tool tools let lets via using use used " +
    "about everything anything something thing things stuff again lately right " +
    // Counts are arguments, not what a tool is about ("add two numbers", "read three files").
    "two three four five six seven eight nine ten"
  ).split(" "),
);

/** True for words that carry no meaning in a tool request. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Lower-cased whole forms of the mixed-case words of a text ("GitHub" → "github"). */
export function joinedWords(text: string): string[] {
  const joined: string[] = [];
  for (const token of text.match(/[A-Za-z]+/g) ?? []) if (isCompound(token)) joined.push(token.toLowerCase());
  return joined;
}

/** A request's tokens as written (a path, a dotted or hyphenated name stays one), before splitWords. */
export const REQUEST_TOKEN = /[\p{L}\p{N}_.\-/]+/gu;

/**
 * splitWords for requests: a mixed-case word stays whole when `known` accepts its lower-cased
 * form ("on GitHub" → github when tools say github), and is split otherwise.
 */
export function splitQueryWords(text: string, known: (word: string) => boolean): string[] {
  const words: string[] = [];
  for (const token of text.match(REQUEST_TOKEN) ?? []) {
    const lower = token.toLowerCase();
    // A time of day ("3pm", "9am") is the hour and the am/pm word (which the vocabulary knows).
    const clock = /^(\d{1,2})(am|pm)$/.exec(lower);
    if (clock !== null) words.push(clock[1]!, clock[2]!);
    else if (isCompound(token) && known(lower)) words.push(lower);
    else words.push(...splitWords(token));
  }
  return words;
}

/** One word as indexed: its surface form and its stem. */
export interface AnalysedWord {
  word: string;
  stem: string;
}

/**
 * The content words of a text, stemmed, in order (stop words removed). Mixed-case words are
 * split and also kept whole, so "GitHub" meets both "github" and "git hub".
 */
export function analyse(text: string): AnalysedWord[] {
  const words: AnalysedWord[] = [];
  for (const word of [...splitWords(text), ...joinedWords(text)]) {
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
