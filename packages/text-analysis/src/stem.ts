// Stemming: irregular English forms are mapped to their base word first (the Porter stemmer
// keeps "ran" apart from "run" and "wrote" from "write"), then Porter, then word families the
// Porter stemmer splits (noun and verb of one action: "deployment" and "deployed" → deploy).
// Names are not English: words of one or two letters and words with digits stay as written.

import { stemmer } from "stemmer";
import { ownCopy } from "./own-copy";

const pairs = (table: string): Array<[string, string]> => table.split(" ").map((pair) => pair.split(":") as [string, string]);

// Irregular past forms and plurals → base word.
const IRREGULAR_PAST = new Map(
  pairs(
    "ran:run wrote:write written:write sent:send found:find made:make kept:keep took:take taken:take " +
      "began:begin begun:begin broke:break broken:break chose:choose chosen:choose got:get gotten:get gave:give given:give " +
      "went:go gone:go knew:know known:know lost:lose paid:pay saw:see seen:see shown:show told:tell threw:throw thrown:throw " +
      "bought:buy brought:bring built:build caught:catch drew:draw drawn:draw drove:drive driven:drive fell:fall fallen:fall " +
      "forgot:forget forgotten:forget froze:freeze frozen:freeze grew:grow grown:grow hid:hide hidden:hide held:hold led:lead " +
      "meant:mean met:meet rose:rise risen:rise sold:sell shook:shake shaken:shake shot:shoot slept:sleep spent:spend spun:spin " +
      "taught:teach thought:think wore:wear worn:wear ate:eat eaten:eat flew:fly flown:fly spoke:speak spoken:speak " +
      "stole:steal stolen:steal struck:strike stuck:stick swore:swear sworn:swear woke:wake woken:wake won:win " +
      "fed:feed fought:fight bent:bend lent:lend dealt:deal felt:feel fled:flee hung:hang " +
      "stood:stand understood:understand",
  ),
);
const IRREGULAR_PLURAL = new Map(pairs("children:child mice:mouse indices:index analyses:analysis people:person men:man women:woman feet:foot teeth:tooth criteria:criterion"));

// Stems the Porter stemmer gives two members of one family → the family's one stem.
const STEM_FAMILIES = new Map(
  pairs(
    "deploi:deploy analysi:analyz analys:analyz creation:creat notif:notifi descript:describ subscript:subscrib " +
      "summar:summari summaris:summari replic:replica permiss:permit",
  ),
);

// Words the Porter stemmer folds into an unrelated word ("production" → product, "news" → new,
// "university" → universe): they keep a stem of their own.
const KEPT_APART = new Map(
  pairs("production:production productions:production news:news university:university universities:university"),
);

/** The base word of an irregular form ("wrote" → write, "children" → child), else the word. */
export function baseForm(word: string): string {
  return IRREGULAR_PAST.get(word) ?? IRREGULAR_PLURAL.get(word) ?? word;
}

/** True for a past form ("modified", "made", "written"): in a request it describes a state. */
export function isPastForm(word: string): boolean {
  return (word.length > 4 && word.endsWith("ed")) || IRREGULAR_PAST.has(word);
}

const STEM_CACHE = new Map<string, string>();
const CACHE_LIMIT = 200_000;

/** The stem of one lower-case word (memoised: the same words recur across thousands of texts). */
export function stemWord(word: string): string {
  let stem = STEM_CACHE.get(word);
  if (stem === undefined) {
    const kept = KEPT_APART.get(word);
    if (kept !== undefined) return kept;
    const base = baseForm(word);
    stem = base.length <= 2 || /\d/.test(base) ? base : stemmer(base);
    stem = STEM_FAMILIES.get(stem) ?? stem;
    // Copies: the word is often cut from a request, and the cache lives as long as the process.
    if (STEM_CACHE.size < CACHE_LIMIT) STEM_CACHE.set(ownCopy(word), (stem = ownCopy(stem)));
  }
  return stem;
}
