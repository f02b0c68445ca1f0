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
    "about everything anything something thing things stuff again lately right " +
    // Counts are arguments, not what a tool is about ("add two numbers", "read three files").
    "two three four five six seven eight nine ten"
  ).split(" "),
);

// Irregular English forms the Porter stemmer leaves apart from their base word.
const IRREGULAR = new Map<string, string>(
  (
    "ran:run wrote:write written:write sent:send found:find made:make kept:keep took:take taken:take " +
    "began:begin begun:begin broke:break broken:break chose:choose chosen:choose got:get gotten:get gave:give given:give " +
    "went:go gone:go knew:know known:know lost:lose paid:pay saw:see seen:see shown:show told:tell threw:throw thrown:throw " +
    "bought:buy brought:bring built:build caught:catch drew:draw drawn:draw drove:drive driven:drive fell:fall fallen:fall " +
    "forgot:forget forgotten:forget froze:freeze frozen:freeze grew:grow grown:grow hid:hide hidden:hide held:hold led:lead " +
    "meant:mean met:meet rose:rise risen:rise sold:sell shook:shake shaken:shake shot:shoot slept:sleep spent:spend spun:spin " +
    "taught:teach thought:think wore:wear worn:wear children:child mice:mouse indices:index analyses:analysis"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

// Word families the Porter stemmer splits (noun and verb of one action): one stem each, so
// "deployment" meets "deploy" and "analysis" meets "analyze".
const STEM_FAMILIES = new Map<string, string>(
  (
    "deploi:deploy analysi:analyz analys:analyz creation:creat notif:notifi descript:describ subscript:subscrib " +
    "summar:summari summaris:summari replic:replica permiss:permit"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

const STEM_CACHE = new Map<string, string>();

/** The Porter stem of one lower-case word (cached: the same words recur across thousands of tools). */
export function stemWord(word: string): string {
  let stem = STEM_CACHE.get(word);
  if (stem === undefined) {
    // Two-letter words and words with digits (r2, d1, k8s, oauth2) are names, not English;
    // three-letter ones are stemmed so plurals meet ("prs" → "pr", "ads" → "ad").
    const base = IRREGULAR.get(word) ?? word;
    stem = base.length <= 2 || /\d/.test(base) ? base : stemmer(base);
    stem = STEM_FAMILIES.get(stem) ?? stem;
    if (STEM_CACHE.size < 200_000) STEM_CACHE.set(word, stem);
  }
  return stem;
}

/** True for a past form ("modified", "made", "written"): in a request it describes a state. */
export function isPastForm(word: string): boolean {
  return (word.length > 4 && word.endsWith("ed")) || (IRREGULAR.has(word) && !word.endsWith("ren") && word !== "mice" && word !== "indices" && word !== "analyses");
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

// A word written with inner capitals ("GitHub", "PostgreSQL", "JavaScript"): split for
// identifiers, but people also write brand names this way and mean one word.
const MIXED_CASE = /^[A-Za-z]*[a-z][A-Z][A-Za-z]*$|^[A-Z]+[a-z]+[A-Z][A-Za-z]*$/;

/** Lower-cased whole forms of the mixed-case words of a text ("GitHub" → "github"). */
export function joinedWords(text: string): string[] {
  const joined: string[] = [];
  for (const token of text.match(/[A-Za-z]+/g) ?? []) if (MIXED_CASE.test(token)) joined.push(token.toLowerCase());
  return joined;
}

/**
 * splitWords for requests: a mixed-case word stays whole when `known` accepts its lower-cased
 * form ("on GitHub" → github when tools say github), and is split otherwise.
 */
export function splitQueryWords(text: string, known: (word: string) => boolean): string[] {
  const words: string[] = [];
  for (const token of text.split(/[^\p{L}\p{N}_.\-/]+/u)) {
    if (token === "") continue;
    const lower = token.toLowerCase();
    // A time of day ("3pm", "9am") is the hour and the am/pm word (which the vocabulary knows).
    const clock = /^(\d{1,2})(am|pm)$/.exec(lower);
    if (clock !== null) words.push(clock[1]!, clock[2]!);
    else if (MIXED_CASE.test(token) && known(lower)) words.push(lower);
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
