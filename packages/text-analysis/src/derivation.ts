// Derivational families: the Porter stemmer keeps "register" (regist) apart from
// "registration" (registr), "compare" (compar) from "comparison", "rent" from "rental", so a
// request in one form misses a tool described in the other. A word's root here strips one
// inflection and one derivational suffix; indexed words that share a request word's root but not
// its stem become an alternative of that word (tool search's query expansion; memory search finds
// a family in its sorted vocabulary, since every word of a family starts with its root). General
// English morphology and no word list: nothing here depends on one corpus' words.

// Inflections, longest first: stripped once before the derivational suffix.
const INFLECTIONS = ["ies", "ings", "ing", "ed", "es", "s"];
// Derivational suffixes, longest first: one is stripped.
const DERIVATIONS = [
  "ization", "isation", "ations", "itions", "ation", "ition", "ments", "ities", "isons", "ances",
  "ences", "ment", "ness", "ions", "ison", "ance", "ence", "ives", "able", "ible", "ists", "ity",
  "ion", "ers", "ors", "ive", "als", "ist", "ize", "ise", "er", "or", "al", "ic",
];
/** A root shorter than this is too vague to join words ("payment" stays whole rather than "pay"). */
const MIN_ROOT = 4;

function strip(word: string, suffixes: readonly string[]): string {
  for (const suffix of suffixes) {
    if (word.endsWith(suffix) && word.length - suffix.length >= MIN_ROOT) return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * The derivational root of a lower-case word, or undefined for words under four letters and
 * words with digits. "registration", "registering", "register" → regist; "comparison", "compared" → compar.
 */
export function derivationalRoot(word: string): string | undefined {
  if (word.length < MIN_ROOT || !/^[a-z]+$/.test(word)) return undefined;
  let root = strip(strip(word, INFLECTIONS), DERIVATIONS);
  // A final silent e ("compare" → compar, as "comparison" leaves it).
  if (root.endsWith("e") && root.length > MIN_ROOT) root = root.slice(0, -1);
  // "-tr"/"-br" left by "-tration"/"-bration" against "-ter"/"-ber" ("registr" ~ "regist").
  if (/[^aeiou]r$/.test(root) && root.length > MIN_ROOT) root = root.slice(0, -1);
  // A doubled final consonant left by an inflection ("shipping" → shipp ~ ship).
  if (root.length > MIN_ROOT && root.at(-1) === root.at(-2) && !/[aeiou]/.test(root.at(-1)!)) root = root.slice(0, -1);
  return root;
}

/** Index side: root → the stems of indexed words with that root (built once per index). */
export class DerivationalFamilies {
  private readonly stemsOf = new Map<string, Set<string>>();

  constructor(surfaceWords: ReadonlyMap<string, string>) {
    for (const [word, stem] of surfaceWords) {
      const root = derivationalRoot(word);
      if (root === undefined) continue;
      const stems = this.stemsOf.get(root) ?? new Set<string>();
      stems.add(stem);
      this.stemsOf.set(root, stems);
    }
  }

  /** Indexed stems of the word's family other than its own stem. */
  relatives(word: string, ownStem: string): string[] {
    const root = derivationalRoot(word);
    if (root === undefined) return [];
    return [...(this.stemsOf.get(root) ?? [])].filter((stem) => stem !== ownStem);
  }
}
