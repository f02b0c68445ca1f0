// Names a memory describes: a fact introduces a client, a product, a place or a person with a
// short description ("Pawtrail: dog-walking booking app (iOS + Android).", "Brightwool (Django
// shop)", "Kwame Asante — CTO, reviews every PR.", "Karin Ek (pricing analyst, @karin)"), later
// facts name only the name, and questions often use the description instead ("the dog walking
// app", "the yarn shop", "the CTO"). search/role-names.ts reads these beside the roles it reads,
// so the words after a question's "the" or "our" that a description holds also look for its name.
// The name's own later words count as description ("the freight company" ~ Norrland Freight).
// A heading reads like a name ("Decision: keep the old router.", "March: a quiet month."), so a
// description resolves only to a word the facts write capitalised inside sentences more often
// than as a lower-case word, and never to a month or a weekday.
// Neighbour: search/role-names.ts (resolution and its dominance rule).

import { keptForVersion } from "./search-index";
import type { KeptForVersion, SearchIndex } from "./search-index";

/** One description a fact gives a name: the name as written (one or two capitalised words) and the describing words. */
export interface NameDescription {
  readonly name: string;
  readonly description: string;
}

const WORD = String.raw`\p{L}[\p{L}\p{N}-]*`;
/** One to four words ("dog-walking booking app", "online yarn & knitting-pattern shop"). */
const SHORT = String.raw`(${WORD}(?:\s+&?\s*${WORD}){0,3})`;
const NAME = String.raw`(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)`;
// "Name (description," or "Name (description)"; "Name: description." or "… (" or "…;"; "Name — description,".
const DESCRIBED = new RegExp(
  String.raw`(?<![\p{L}\p{N}@])${NAME}(?:\s*\(${SHORT}\s*[,)]|:\s+${SHORT}\s*[.(;]|\s+—\s+${SHORT}\s*[,.;(])`,
  "gu",
);

/** The descriptions `text` gives names. */
export function descriptionsIn(text: string): NameDescription[] {
  const found: NameDescription[] = [];
  for (const match of text.matchAll(DESCRIBED)) {
    const [name = "", ...laterNameWords] = (match[1] ?? "").split(/\s+/);
    const described = match[2] ?? match[3] ?? match[4] ?? "";
    found.push({ name, description: [described, ...laterNameWords].join(" ") });
  }
  return found;
}

const MONTHS_AND_WEEKDAYS = new Set(
  (
    "january february march april may june july august september october november december " +
    "jan feb mar apr jun jul aug sep sept oct nov dec " +
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun"
  ).split(" "),
);

/** At most this many facts holding a name are read to tell a name from a heading. */
const MAX_FACTS_READ = 500;

const heldVerdicts = new WeakMap<SearchIndex, KeptForVersion<Map<string, boolean>>>();

/**
 * Whether the facts holding `stem` write `written` (a capitalised word) as a name: capitalised
 * after a lower-case word, a digit or a comma at least twice as often as as a lower-case word in
 * running text (a path, a host or an address — "brightwool/shop", "brightwool.co.uk" — does not
 * count). Remembered per index version.
 */
export function writtenAsName(index: SearchIndex, stem: string, written: string): boolean {
  const verdicts = keptForVersion(heldVerdicts, index, () => new Map<string, boolean>());
  let verdict = verdicts.get(written);
  if (verdict === undefined) {
    verdict = countsAsName(index, stem, written);
    verdicts.set(written, verdict);
  }
  return verdict;
}

// `written` is letters only (NAME above), so it goes into a pattern as it is.
function countsAsName(index: SearchIndex, stem: string, written: string): boolean {
  const lower = written.toLowerCase();
  if (written.length < 3 || MONTHS_AND_WEEKDAYS.has(lower)) return false;
  const list = index.postings.get(stem);
  if (list === undefined) return false;
  const inLowerCase = new RegExp(String.raw`(?<=^|[\s("'])${lower}(?=$|[\s,;:!?)"']|\.(?:\s|$))`, "gu");
  const capitalised = new RegExp(String.raw`(?<=[\p{Ll}\p{N},;)]\s+)${written}(?![\p{L}\p{N}])`, "gu");
  let lowerCount = 0;
  let capitalCount = 0;
  const read = Math.min(list.positions.length, MAX_FACTS_READ);
  for (let at = 0; at < read; at++) {
    const fact = index.facts[list.positions[at] as number];
    if (fact === undefined) continue;
    for (const text of [fact.title, fact.body]) {
      lowerCount += text.match(inLowerCase)?.length ?? 0;
      capitalCount += text.match(capitalised)?.length ?? 0;
    }
  }
  return capitalCount > 0 && capitalCount >= 2 * lowerCount;
}
