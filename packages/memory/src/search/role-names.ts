// People known by a role: facts introduce someone beside the role the others know them by
// ("Marguerite (the director) fixed the trapdoor", "Sadia, the paralegal, lives by the marina",
// "Sam, our lawyer, called back", "Ingrid is the new treasurer.", "Sian Pritchard is head nurse."), and later facts name only one of the two. A question asking
// about "the director" or "our lawyer" then also looks for the person the memory's own facts
// give that role, the way a reader of the chat would resolve it; nothing is listed by hand.
// Roles are read lazily from the facts that hold the question's word (its postings), once per
// fact object (facts are immutable), so a question with no role costs a posting list's length;
// what a word's facts say is remembered per index until a fact holding the word comes or goes.
// Names the facts describe ("Pawtrail: dog-walking booking app") resolve the same way
// (search/described-names.ts), marked `described`.
// Neighbour: search/rank.ts adds the resolved name to the role word's group and, for a role, to
// the question's terms (so the subject lift sees it).

import type { Fact } from "../types";
import { descriptionsIn, writtenAsName } from "./described-names";
import { KeptPerTerm } from "./search-index";
import type { SearchIndex } from "./search-index";
import { splitWords, stemWord, tokenize } from "./tokenize";

/** One person a fact gives a role (or a name it describes): the stem of the (first) name, the role's stems, and for a description the name as written. */
interface RoleMention {
  readonly name: string;
  readonly role: readonly string[];
  readonly writtenName?: string;
}

/** A role the question names, resolved: the group's stem (the role's first word) and the person's; `described` when only descriptions gave it (search/described-names.ts). */
export interface ResolvedRole {
  readonly roleStem: string;
  readonly nameStem: string;
  readonly described?: true;
}

// "Name (the role)", "Name Surname, our role," or "Name is the role." (one to three lower-case
// words); the determiner may go ("Sian Pritchard is head nurse.", "Ola is treasurer too.").
const ROLE = String.raw`(\p{Ll}[\p{Ll}-]*(?:\s+\p{Ll}[\p{Ll}-]*){0,2})`;
const OWNER = String.raw`(?:the|our|their|his|her|my|your)\s+`;
const ROLE_END = String.raw`(?=\s*[,.;:!?]|\s+too\b|\s*$)`;
const APPOSITION = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(\p{Lu}\p{Ll}+)(?:\s+\p{Lu}\p{Ll}+)?(?:\s*\(${OWNER}${ROLE}\)|,\s+${OWNER}${ROLE},|\s+(?:is|was|became|has\s+been)\s+(?:${OWNER})?(?:new\s+)?${ROLE}${ROLE_END})`,
  "gu",
);
/** Words that open a role in a question: "the director", "our lawyer". */
const DETERMINERS = new Set(["the", "our", "their", "his", "her", "my", "your"]);
/** At most this many facts holding a word are read for roles (a common word is no role). */
const MAX_FACTS_READ = 500;

/** How many times more often than anyone else one person must be given a role to resolve it (a stray match is no second holder). */
const DOMINANCE = 3;

const mentionsOf = new WeakMap<Fact, readonly RoleMention[]>();

/** Adds a role's mention, or with `writtenName` a description's (search/described-names.ts). */
function add(list: RoleMention[], name: string | undefined, role: string | undefined, writtenName?: string): void {
  const nameStem = tokenize(name ?? "")[0];
  const roleStems = tokenize(role ?? "");
  if (nameStem !== undefined && roleStems.length > 0) list.push({ name: nameStem, role: roleStems, ...(writtenName === undefined ? {} : { writtenName }) });
}

function roleMentions(fact: Fact): readonly RoleMention[] {
  let found = mentionsOf.get(fact);
  if (found === undefined) {
    const list: RoleMention[] = [];
    for (const text of [fact.title, fact.body]) {
      for (const [, name, inParentheses, betweenCommas, stated] of text.matchAll(APPOSITION)) add(list, name, inParentheses ?? betweenCommas ?? stated);
      for (const { name, description } of descriptionsIn(text)) add(list, name, description, name);
    }
    found = list;
    mentionsOf.set(fact, found);
  }
  return found;
}

/** Each index's role mentions by the stem holding them, while the stem's postings stay as they were (search-index.ts). */
const heldMentions = new KeptPerTerm<readonly RoleMention[]>();

/** {@link readMentions}, remembered per index and stem: a question asks for the same role's facts again. */
function mentionsHolding(index: SearchIndex, stem: string): readonly RoleMention[] {
  return heldMentions.get(index, stem, () => readMentions(index, stem));
}

/** The role mentions among the facts holding `stem`, none when more than MAX_FACTS_READ hold it. */
function readMentions(index: SearchIndex, stem: string): RoleMention[] {
  const list = index.postings.get(stem);
  if (list === undefined || list.positions.length > MAX_FACTS_READ) return [];
  const found: RoleMention[] = [];
  for (let at = 0; at < list.positions.length; at++) {
    const fact = index.facts[list.positions[at] as number];
    if (fact !== undefined) for (const mention of roleMentions(fact)) if (mention.role.includes(stem)) found.push(mention);
  }
  return found;
}

/** A name holding at least DOMINANCE times the mentions of any other, if one does. */
function dominantName(mentions: readonly RoleMention[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { name } of mentions) counts.set(name, (counts.get(name) ?? 0) + 1);
  const [top, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return top !== undefined && top[1] >= DOMINANCE * (second?.[1] ?? 0) ? top[0] : undefined;
}

/**
 * The roles the question names after a determiner ("the stage manager", "our lawyer", "the
 * lighting guy"), each resolved to the person the memory's facts give every word of it
 * (DOMINANCE times more often than anyone else); a role two people share ("the coach" beside a
 * head coach and an assistant coach) stays unresolved.
 */
export function resolveRoles(index: SearchIndex, query: string): ResolvedRole[] {
  const words = splitWords(query);
  const resolved: ResolvedRole[] = [];
  for (let at = 0; at < words.length - 1; at++) {
    if (!DETERMINERS.has(words[at] ?? "")) continue;
    // "the nurses" are several people, not the one the facts call "the nurse".
    if (/[^s]s$/.test(words[at + 1] ?? "")) continue;
    const roleStem = stemWord(words[at + 1] ?? "");
    let candidates = mentionsHolding(index, roleStem);
    // The role goes on while the next word is a word of it ("the head coach", "the stage manager").
    for (let next = at + 2; next < words.length && candidates.length > 0; next++) {
      const stem = stemWord(words[next] ?? "");
      const longer = candidates.filter((mention) => mention.role.includes(stem));
      if (longer.length === 0) break;
      candidates = longer;
    }
    // A description counts only for a word the facts write as a name: a heading ("Update: new
    // treasurer elected.") neither resolves nor outvotes the person a role names.
    const named = candidates.filter((mention) => mention.writtenName === undefined || writtenAsName(index, mention.name, mention.writtenName));
    const nameStem = dominantName(named);
    if (nameStem === undefined) continue;
    const byRole = named.some((mention) => mention.name === nameStem && mention.writtenName === undefined);
    resolved.push(byRole ? { roleStem, nameStem } : { roleStem, nameStem, described: true });
  }
  return resolved;
}
