// Word splitting for search text: identifiers are split into their words (camelCase,
// PascalCase, snake_case, kebab-case, dotted and slashed paths), case and accents are folded,
// digit runs stay attached to their letters ("v2", "k8s", "oauth2"). An acronym's plural stays
// whole ("PRs" → prs) and an acronym before a word splits from it ("HTTPResponse" → http, response).
// Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese)
// are cut into words by Intl.Segmenter (ICU's dictionaries), so "天气预报" meets "获取天气预报".

import { foldLetters } from "./fold";

// Printable ASCII and whitespace only: the fast path (nearly every identifier and sentence).
const ASCII = /^[ -~\s]*$/;

function splitCase(run: string): string[] {
  return run
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll}{2,})/gu, "$1 $2")
    .split(" ");
}

// A letter of a script that does not separate its words with spaces.
const NO_SPACE_SCRIPT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
let segmenter: Intl.Segmenter | undefined;

// The words of a text holding a no-space script: each segment of such a script as one word
// (width-folded, its marks kept: they change a Japanese word), every other segment split as usual.
function segmentedWords(text: string, options: SplitOptions): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "word" });
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (isWordLike !== true) continue;
    if (NO_SPACE_SCRIPT.test(segment)) words.push(segment.normalize("NFKC").toLowerCase());
    else words.push(...splitWords(segment, options));
  }
  return words;
}

/** Options of {@link splitWords}. */
export interface SplitOptions {
  /**
   * Also keep each word written with inner capitals whole, after its parts ("GitHub" →
   * git, hub, github): people write brand names that way and mean one word.
   */
  compounds?: boolean;
}

/**
 * Lower-case words of a text, identifiers split: `get_pullRequest-v2.list` → get, pull,
 * request, v2, list. Stop words are kept; callers drop the ones their search ignores.
 */
export function splitWords(text: string, options: SplitOptions = {}): string[] {
  const ascii = ASCII.test(text);
  // Fast path for plain ASCII without compounds (every tool text and request): the same splits
  // with byte regexes over the whole text, no per-run Unicode classes. Indexing 10,000 tools
  // spends most of its splitting time here.
  if (ascii && options.compounds !== true) {
    return text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])([A-Z][a-z]{2,})/g, "$1 $2").toLowerCase().match(/[a-z0-9]+/g) ?? [];
  }
  if (!ascii && NO_SPACE_SCRIPT.test(text)) return segmentedWords(text, options);
  const folded = ascii ? text : foldLetters(text);
  const words: string[] = [];
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const run = match[0];
    // The common case: already one lower-case word.
    if (!/[^a-z0-9]/.test(run)) {
      words.push(run);
      continue;
    }
    const parts = splitCase(run);
    for (const part of parts) words.push(part.toLowerCase());
    if (options.compounds === true && parts.length > 1) words.push(run.toLowerCase());
  }
  return words;
}

/** True for a word written with inner capitals ("GitHub", "PostgreSQL", "getItem"). */
export function isCompound(token: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(token) && splitCase(token).length > 1;
}
