// A question word no fact holds also looks for its WordNet synonyms that facts do hold ("replied"
// ~ answered, "purchased" ~ bought), at a discount (issue 32: answers told in other words). Only
// an absent word is expanded: it has no evidence of its own to lose, while a word the memory holds
// keeps its own meaning (expanding every word reached unrelated senses, the memory-tune19 round).
// Neighbours: text-analysis's synonymsFor (frequent senses, part of speech read from the form),
// search/query-expansion.ts (which adds these at RANKING.absentWordSynonymWeight; 0 turns it off).

import { synonymsFor } from "@foundry-mcp/text-analysis";
import { RANKING } from "./ranking-parameters";
import type { SearchIndex } from "./search-index";
import { stemWord } from "./tokenize";

/** The indexed stems of `word`'s synonyms, when no fact holds its `stem` (none when the option is off). */
export function absentWordSynonyms(index: SearchIndex, word: string, stem: string): string[] {
  if (RANKING.absentWordSynonymWeight <= 0 || index.postings.has(stem) || /\d/.test(word)) return [];
  return synonymsFor(word)
    .map(stemWord)
    .filter((term) => term !== stem && index.postings.has(term));
}
