// Argument-aware scoring: words of a request that look like the value of a parameter (a file
// path, a host, an id, a version, a quoted or named title) say which thing to act on, not which
// tool. "rename report.txt to final.txt" is about moving a file, not about finalize_invoice;
// "what was said in #incidents" is about channel history, not list_incidents. Such words still
// match, but weigh less where a tool's *name* holds them. Neighbours: search/query.ts marks the
// groups, search/rank.ts applies the discount.

import { splitWords } from "./text";

// Words after which the next token is a name the user gives ("a branch called hotfix").
const NAMING_WORDS = new Set(["called", "named", "titled", "tagged", "labelled", "labeled"]);

// A token shaped like a value: a path or URL, a dotted name (file.ext, host.tld, v1.2.3), an id
// with two or more digits, a number, a #channel / @user / $var, or an identifier mixing digits
// with _ or -.
function looksLikeValue(token: string): boolean {
  if (/[/\\]/.test(token) && /[\p{L}\p{N}]/u.test(token)) return true;
  if (/[\p{L}\p{N}]\.[\p{L}\p{N}]/u.test(token)) return true;
  if (/^[#@$~]/.test(token)) return true;
  if (/\d.*\d/.test(token)) return true;
  return /\d/.test(token) && /[_-]/.test(token);
}

/**
 * The lower-case words of a request that belong to argument values. `known` says whether a
 * single word is vocabulary (p99, k8s): such a word is a concept, not a value.
 */
export function argumentWords(query: string, known: (word: string) => boolean): Set<string> {
  const words = new Set<string>();
  const add = (token: string) => {
    for (const word of splitWords(token)) words.add(word);
  };
  for (const quoted of query.matchAll(/["'`“‘]([^"'`”’]+)["'`”’]/g)) add(quoted[1]!);
  const tokens = query.split(/\s+/).map((token) => token.replace(/^[("'`“‘]+|[)"'`”’,;:!?]+$/g, ""));
  tokens.forEach((token, position) => {
    if (token === "") return;
    const single = splitWords(token);
    if (single.length === 1 && known(single[0]!)) return;
    if (looksLikeValue(token) || NAMING_WORDS.has(tokens[position - 1]?.toLowerCase() ?? "")) add(token);
  });
  return words;
}
