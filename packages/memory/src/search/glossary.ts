// Acronyms learned from the memory itself instead of a hand list: a glossary fact that defines
// one ("PSP means payment service provider", "WMS is the warehouse management system …",
// "… the payment service provider (PSP) …") teaches search that the acronym and its words are
// one concept, so a question in either form finds facts written in the other. Definitions are
// read once per fact object (facts are immutable; a new revision is a new object).
// An index keeps its glossary facts in a LearnedGlossary, so a search reads what they teach
// without a pass over every fact; it is worked out again only when a glossary fact comes or goes.
// Neighbour: search/rank.ts adds the learned partners to a query's word groups.

import { acronymToken, acronymsOf, splitWords } from "@foundry-mcp/text-analysis";
import { compareFactIds } from "../facts/order";
import type { Fact } from "../types";
import { tokenize } from "./tokenize";

/** One learned acronym: its letters and the words it stands for (lower case). */
export interface Abbreviation {
  readonly acronym: string;
  readonly words: readonly string[];
}

const DEFINING = /^(?:is|are|means|stands\s+for|=|:|–|-)\s+(?:(?:the|a|an)\s+)?/i;
const MAX_PHRASE_WORDS = 6;
const cache = new WeakMap<Fact, readonly Abbreviation[]>();

// The shortest run of leading words whose initials spell the acronym.
function phraseFor(acronym: string, text: string): string[] | undefined {
  const words = splitWords(text).slice(0, MAX_PHRASE_WORDS + 2);
  for (let length = 2; length <= Math.min(words.length, MAX_PHRASE_WORDS + 2); length++) {
    const phrase = words.slice(0, length);
    if (acronymsOf(phrase.join(" ")).includes(acronym)) return phrase;
  }
  return undefined;
}

function definitionsIn(text: string): Abbreviation[] {
  const found: Abbreviation[] = [];
  for (const clause of text.split(/[;.\n]/)) {
    // "PSP means payment service provider", "WMS is the warehouse management system …"
    const leading = /^\s*([A-Za-z0-9]+)\s+(.*)$/.exec(clause);
    const acronym = leading === null ? undefined : acronymToken(leading[1]!);
    const rest = leading?.[2]?.replace(DEFINING, "");
    if (acronym !== undefined && rest !== undefined && rest !== leading![2]) {
      const words = phraseFor(acronym, rest);
      if (words !== undefined) found.push({ acronym, words });
    }
    // "… the payment service provider (PSP) …": the words just before the parenthesis.
    for (const match of clause.matchAll(/([A-Za-z][A-Za-z\s-]*?)\s*\(([A-Za-z0-9]+)\)/g)) {
      const inner = acronymToken(match[2]!);
      if (inner === undefined) continue;
      const before = splitWords(match[1]!).slice(-(MAX_PHRASE_WORDS + 2));
      for (let start = Math.max(0, before.length - 2); start >= 0; start--) {
        const phrase = before.slice(start);
        if (acronymsOf(phrase.join(" ")).includes(inner)) {
          found.push({ acronym: inner, words: phrase });
          break;
        }
      }
    }
  }
  return found;
}

/** The acronyms one glossary fact defines (none for other types), worked out once per fact object. */
export function definitionsOf(fact: Fact): readonly Abbreviation[] {
  if (fact.type !== "glossary") return [];
  let definitions = cache.get(fact);
  if (definitions === undefined) {
    definitions = definitionsIn(`${fact.title}\n${fact.body}`);
    cache.set(fact, definitions);
  }
  return definitions;
}

/** Definitions of a glossary fact worked out by an earlier process (the saved index), instead of reading it again. */
export function rememberDefinitions(fact: Fact, definitions: readonly Abbreviation[]): void {
  cache.set(fact, definitions);
}

const PROBE = "PSP means payment service provider. WMS is the warehouse management system; orders reach the point of sale (POS) nightly. K8s = kubernetes";
let fingerprint: string | undefined;

/** What reading definitions does today, as text: saved definitions are used only while it is unchanged. */
export function glossaryFingerprint(): string {
  return (fingerprint ??= JSON.stringify(definitionsIn(PROBE)));
}

/** The acronyms the glossary facts among `facts` define, each once. */
export function learnedAbbreviations(facts: readonly Fact[]): Abbreviation[] {
  const byAcronym = new Map<string, Abbreviation>();
  for (const fact of facts) {
    if (fact.type !== "glossary") continue;
    for (const definition of definitionsOf(fact))
      if (!byAcronym.has(definition.acronym)) byAcronym.set(definition.acronym, definition);
  }
  return [...byAcronym.values()];
}

/** A learned acronym as index terms: the acronym's stem and the stems of the words it stands for. */
export interface AbbreviationTerms {
  readonly acronym: string;
  readonly phrase: readonly string[];
}

/**
 * The glossary facts of one search index and what they teach search, as terms: worked out on
 * first need after a glossary fact was added or removed (other facts cost nothing). Where two
 * facts define one acronym, the lower id wins, as in a freshly built index.
 */
export class LearnedGlossary {
  private readonly facts = new Set<Fact>();
  private learned: readonly AbbreviationTerms[] | undefined = [];

  add(fact: Fact): void {
    if (fact.type !== "glossary" || this.facts.has(fact)) return;
    this.facts.add(fact);
    this.learned = undefined;
  }

  remove(fact: Fact): void {
    if (this.facts.delete(fact)) this.learned = undefined;
  }

  terms(): readonly AbbreviationTerms[] {
    if (this.learned) return this.learned;
    const byId = [...this.facts].sort((a, b) => compareFactIds(a.id, b.id));
    const learned: AbbreviationTerms[] = [];
    for (const { acronym, words } of learnedAbbreviations(byId)) {
      const acronymTerm = tokenize(acronym)[0];
      const phrase = words.flatMap((word) => tokenize(word));
      if (acronymTerm !== undefined && phrase.length > 0) learned.push({ acronym: acronymTerm, phrase });
    }
    return (this.learned = learned);
  }
}
