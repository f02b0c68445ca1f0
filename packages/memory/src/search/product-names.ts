// Questions that ask for a product by its role ("what engine powers product search", "end to end
// test framework") are answered by a fact that names one ("Product search runs on OpenSearch"),
// while a nearby fact on the same topic ("Flaky end-to-end tests hide real failures") shares as
// many words. Such a question lifts facts whose title names a product a little. A product name
// is a word with inner capitals (OpenSearch, RabbitMQ) or a capitalised word past the title's
// first (Playwright, Postmark); all-capital acronyms are not. Neighbour: search/rank.ts.

import { isCompound } from "@foundry-mcp/text-analysis";
import type { Fact } from "../types";

// Nouns that name the role a product plays in a stack.
const ROLE_WORDS = new Set(
  (
    "engine framework library tool tooling provider vendor platform database broker queue bundler " +
    "linter formatter orm cdn hosting host runner sdk stack service"
  ).split(" "),
);

/** True when a question names the role of a product (engine, framework, provider, …). */
export function asksForProduct(words: readonly string[]): boolean {
  return words.some(
    (word) => ROLE_WORDS.has(word) || (word.endsWith("s") && ROLE_WORDS.has(word.slice(0, -1))),
  );
}

const cache = new WeakMap<Fact, boolean>();
const HAS_LATER_CAPITAL = /[A-Z]/;

/** Restores {@link namesProduct} worked out by an earlier process (the recall index), so the title is not read. */
export function rememberNamesProduct(fact: Fact, named: boolean): void {
  cache.set(fact, named);
}

/** True when a fact's title names a product. */
export function namesProduct(fact: Fact): boolean {
  let named = cache.get(fact);
  // Every product name holds a capital past the title's first letter (an inner one, or a word
  // past the first capitalised): a title without one names none, and most titles are plain
  // sentences (a cold start meets thousands of them in one broad question).
  if (named === undefined && !HAS_LATER_CAPITAL.test(fact.title.slice(1))) named = false;
  if (named === undefined) {
    const tokens = fact.title
      .split(/\s+/)
      .map((token) => token.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, ""));
    named = tokens.some(
      (token, position) =>
        /^[A-Za-z][A-Za-z0-9.+-]*$/.test(token) &&
        !/^[A-Z0-9]+s?$/.test(token) &&
        (isCompound(token) || (position > 0 && /^[A-Z]/.test(token))),
    );
    cache.set(fact, named);
  }
  return named;
}
