// Argument fit by enumerated values: a request that says a value one of a tool's parameters
// enumerates ("on the kitchen speaker" against device: Living room | Kitchen | Patio, "with my
// debit card" against payment_method: app balance | debit card | credit card) names an argument
// that tool can take. Near-identical tools often differ only there, where their words tie. The
// index keeps each tool's enumerated values as word sequences; the head of a ranking is
// reordered by how rare the words of the values the request says are. Neighbours:
// search/bm25f-index.ts builds the table, search/tool-search.ts applies the factor after
// search/word-pairs.ts.

import type { JsonSchemaObject } from "../types";
import { isActionStem } from "./intent";
import { resortHead } from "./ranked-head";
import { isStopWord, splitWords, stemWord } from "./text";

/** Score factor at most (1 + ENUM_FIT_BONUS) for a tool whose enumerated values the request says. */
export const ENUM_FIT_BONUS = 0.5;
/** Tools at the head of a ranking the factor may reorder (bounds the work per query). */
export const ENUM_FIT_DEPTH = 50;
/** Longest enumerated value matched, in words (longer ones are sentences, not values). */
const MAX_VALUE_WORDS = 3;
/** Enumerated values recorded per tool at most (a schema may list hundreds of codes). */
const MAX_VALUES_PER_TOOL = 200;

// One parameter's enumerated values as strings (strings and numbers; other members skipped).
function enumOf(schema: JsonSchemaObject | undefined): string[] {
  if (schema === undefined || schema === null || typeof schema !== "object" || !Array.isArray(schema.enum)) return [];
  return schema.enum.filter((value) => typeof value === "string" || typeof value === "number").map(String);
}

// An enum of actions (`action: list | new | close | select`, `method: get | get_diff | …`): a
// third or more of its members open with an action word. Such a tool multiplexes actions, and
// the request's verb is weighed by the action fit (search/intent.ts), not as an argument.
function isActionEnum(values: readonly string[]): boolean {
  const actions = values.filter((value) => {
    const first = splitWords(value)[0];
    return first !== undefined && isActionStem(stemWord(first));
  });
  return actions.length * 3 >= values.length;
}

// The enumerated values of a schema's parameters (and array items), one level into nested
// objects, without enums of actions.
function enumeratedValues(schema: JsonSchemaObject, depth = 0, values: string[] = []): string[] {
  for (const property of Object.values(schema.properties ?? {})) {
    if (property === null || typeof property !== "object") continue;
    for (const members of [enumOf(property), enumOf(property.items as JsonSchemaObject | undefined)]) {
      if (members.length > 0 && !isActionEnum(members)) values.push(...members);
    }
    if (depth < 1) enumeratedValues(property, depth + 1, values);
  }
  return values;
}

// A value as the key a request's words are looked up by: its lower-case words, space-joined;
// undefined for a value of stop words only ("any", "all"), longer than MAX_VALUE_WORDS, or a
// lone action word.
function valueKey(value: string): string | undefined {
  const words = splitWords(value);
  if (words.length === 0 || words.length > MAX_VALUE_WORDS || words.every(isStopWord)) return undefined;
  if (words.length === 1 && isActionStem(stemWord(words[0]!))) return undefined;
  return words.join(" ");
}

/** Enumerated parameter values → the tools (by index number, ascending) that accept them. */
export class EnumValueIndex {
  private readonly docsOf = new Map<string, number[]>();

  /** Records one tool's schema; tools are added in index order. */
  add(doc: number, schema: JsonSchemaObject): void {
    const keys = new Set<string>();
    for (const value of enumeratedValues(schema)) {
      const key = valueKey(value);
      if (key !== undefined && keys.size < MAX_VALUES_PER_TOOL) keys.add(key);
    }
    for (const key of keys) {
      const docs = this.docsOf.get(key);
      if (docs === undefined) this.docsOf.set(key, [doc]);
      else docs.push(doc);
    }
  }

  // The enumerated values a request says: its runs of one to MAX_VALUE_WORDS words that are a value.
  private saidValues(query: string): string[] {
    if (this.docsOf.size === 0) return [];
    const words = splitWords(query);
    const said = new Set<string>();
    for (let start = 0; start < words.length; start += 1) {
      for (let length = 1; length <= MAX_VALUE_WORDS && start + length <= words.length; length += 1) {
        const key = words.slice(start, start + length).join(" ");
        if (this.docsOf.has(key)) said.add(key);
      }
    }
    return [...said];
  }

  /**
   * Reorders the first ENUM_FIT_DEPTH hits in place: a tool accepting values the request says
   * scores up to 1 + ENUM_FIT_BONUS times more, by the most telling such value's `rarity` (0–1:
   * how rare its words are among the tools' texts, so "kitchen" counts more than "logs").
   */
  reorder<H extends { doc: number; score: number }>(query: string, ranked: H[], rarity: (value: string) => number): void {
    if (ranked.length < 2) return;
    const said = this.saidValues(query);
    if (said.length === 0) return;
    const head = ranked.slice(0, ENUM_FIT_DEPTH);
    const position = new Map(head.map((hit, at) => [hit.doc, at]));
    const fit = new Float64Array(head.length);
    let fitting = 0;
    for (const value of said) {
      const weight = rarity(value);
      for (const doc of this.docsOf.get(value)!) {
        const at = position.get(doc);
        if (at === undefined) continue;
        fit[at] = Math.max(fit[at]!, weight);
        fitting += 1;
      }
    }
    if (fitting === 0) return;
    head.forEach((hit, at) => {
      hit.score *= 1 + ENUM_FIT_BONUS * fit[at]!;
    });
    resortHead(ranked, head);
  }
}
