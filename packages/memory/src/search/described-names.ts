// Names a memory describes: a fact introduces a client, a product, a place or a person with a
// short description ("Pawtrail: dog-walking booking app (iOS + Android).", "Brightwool (Django
// shop)", "Kwame Asante — CTO, reviews every PR.", "Karin Ek (pricing analyst, @karin)"), later
// facts name only the name, and questions often use the description instead ("the dog walking
// app", "the yarn shop", "the CTO"). search/role-names.ts reads these beside the roles it reads,
// so the words after a question's "the", "our"… that a description holds also look for its name.
// The name's own later words count as description ("the freight company" ~ Norrland Freight).
// A heading reads like a name ("Decision: keep the old router.", "March: a quiet month."), and a
// chat line like a description ("Mia: sent the invoice."), so a description after a colon holding
// a past form is not read, and a name counts only when the facts holding it write it capitalised
// inside sentences at least twice as often as a lower-case word of running text, is three letters
// or more and is no month or weekday. Left unread: names opening with a capitalised word that is
// not theirs ("Also Pawtrail: …" reads "Also"), names of one or two letters ("Jo") and people
// named like a month ("May").
// Neighbour: search/role-names.ts (resolution and its dominance rule).

import { MONTH_NAMES, WEEKDAY_NAMES, isPastForm, splitWords } from "@foundry-mcp/text-analysis";
import { KeptPerTerm } from "./search-index";
import type { SearchIndex } from "./search-index";

/** One description a fact gives a name: the name as written (its first capitalised word) and the describing words. */
export interface NameDescription {
  readonly name: string;
  readonly description: string;
}

const WORD = String.raw`\p{L}[\p{L}\p{N}-]*`;
// Words are parted by spaces, or by an ampersand between spaces; one way only to split a run of
// spaces, so a long one costs linear time (\s+&?\s* tried every split: 9 s for 20,000 spaces).
const SEPARATOR = String.raw`\s+(?:&\s+)?`;
/** One to four words ("dog-walking booking app", "online yarn & knitting-pattern shop"). */
const SHORT = String.raw`(${WORD}(?:${SEPARATOR}${WORD}){0,3})`;
const NAME = String.raw`(\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?)`;
// "Name (description," or "… )"; "Name: description." or "… (", "…;" or the text's end (a title);
// "Name — description," or "… .", "…;", "… (" or the text's end.
const DESCRIBED = new RegExp(
  String.raw`(?<![\p{L}\p{N}@])${NAME}(?:\s?\(${SHORT}\s?[,)]|(:)\s${SHORT}\s?(?:[.(;]|$)|\s—\s${SHORT}\s?(?:[,.;(]|$))`,
  "gu",
);

/** The descriptions `text` gives names. */
export function descriptionsIn(text: string): NameDescription[] {
  const found: NameDescription[] = [];
  for (const match of text.matchAll(DESCRIBED)) {
    const [name = "", ...laterNameWords] = (match[1] ?? "").split(/\s+/);
    const described = match[2] ?? match[4] ?? match[5] ?? "";
    // "Mia: sent the invoice." is a line of chat, not a description.
    if (match[3] !== undefined && splitWords(described).some(isPastForm)) continue;
    found.push({ name, description: [described, ...laterNameWords].join(" ") });
  }
  return found;
}

const CALENDAR_WORDS = new Set([...MONTH_NAMES, ...MONTH_NAMES.map((month) => month.slice(0, 3)), "sept", ...WEEKDAY_NAMES, ...WEEKDAY_NAMES.map((day) => day.slice(0, 3)), "tues", "thur", "thurs"]);

/** At most this many facts holding a name are read to tell a name from a heading (the first ones). */
const MAX_FACTS_READ_FOR_NAME = 500;

/** Each index's verdicts by the name as written, while its stem's postings stay as they were (search-index.ts). */
const heldVerdicts = new KeptPerTerm<boolean>();

/**
 * Whether the facts holding `stem` write `written` (a capitalised word) as a name: capitalised
 * after a lower-case letter, a digit, a comma, a semicolon or a closing parenthesis and a space
 * at least twice as often as a lower-case word of running text (a path, a host or an address —
 * "brightwool/shop", "brightwool.co.uk" — does not count); never under three letters, a month or
 * a weekday. Remembered per index until a fact holding `stem` comes or goes.
 */
export function writtenAsName(index: SearchIndex, stem: string, written: string): boolean {
  return heldVerdicts.get(index, stem, () => countsAsName(index, stem, written), written);
}

// `written` is letters only (NAME above), so it goes into a pattern as it is.
function countsAsName(index: SearchIndex, stem: string, written: string): boolean {
  const lower = written.toLowerCase();
  if (written.length < 3 || CALENDAR_WORDS.has(lower)) return false;
  const list = index.postings.get(stem);
  if (list === undefined) return false;
  const inLowerCase = new RegExp(String.raw`(?<=^|[\s("'])${lower}(?=$|[\s,;:!?)"']|\.(?:\s|$))`, "gu");
  // A bounded run of spaces in the lookbehind: an unbounded one cost quadratic time on long runs.
  const capitalised = new RegExp(String.raw`(?<=[\p{Ll}\p{N},;)]\s{1,8})${written}(?![\p{L}\p{N}])`, "gu");
  let lowerCount = 0;
  let capitalCount = 0;
  const read = Math.min(list.positions.length, MAX_FACTS_READ_FOR_NAME);
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
