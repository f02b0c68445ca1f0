// What someone thinks or said. "What did Sol say about the geographic map", "what does the night
// editor think of Slack", "what's Oksana's advice when the client asks for a delivery date": the
// verb or noun of saying (say, think, ask, advice, view) frames the question, and what is asked
// is the person's view on the rest. Notes from chat tell a view in a few ways: the name and a
// verb of saying or wanting ("Duncan prefers phone calls", "Margit doesn't want a number"), the
// name and a quote or a colon ("Oksana: \"don't give dates\"", "Oksana on estimates"), or the
// speaker's name opening the note ("Rhiannon: got 14 SMS … \"Can I mute a glasshouse?\""). So,
// for such a question, any word telling a view meets the frame word ("Sol wants the cartogram,
// not the geographic map" meets "say" as "Sol says the 2021 map was hard to read" does), a frame
// word of asking leaves the query (what was asked is told as a quoted question as often as with
// the verb), the question asks for no date or time ("delivery date" is the topic), and a fact
// telling the view of a person the question names is lifted over facts that only name the
// person ("Duncan Frew is night editor").
// Neighbours: search/rank.ts adds the view words to the frame word's concept, drops a frame word
// of asking and applies the lift; search/role-names.ts gives the person behind a role ("the data
// editor"), which joins the question's terms.

import type { Fact } from "../types";
import { tokenize } from "./tokenize";

// Words that frame a question as asking for a view or a saying.
const FRAME_WORDS = new Set(
  "say says said saying think thinks thought feel feels felt reckon reckons ask asks asked asking advice advise advised view views opinion opinions".split(" "),
);
// Question words a view question opens with ("what did Sol say"; "how does Bea feel about").
const OPENERS = new Set(["what", "whats", "how", "did", "does", "do", "and", "so"]);
const SELF = new Set(["we", "i", "you"]);

/** The frame words of a question asking what someone thinks or said (its lower-case words), or none. */
export function viewFrameWords(words: readonly string[]): string[] {
  if (words.length === 0 || !OPENERS.has(words[0] as string)) return [];
  // "what did we think the hall cost": the asker's own belief then, not someone's view.
  if (words.some((word, at) => FRAME_WORDS.has(word) && SELF.has(words[at - 1] as string))) return [];
  return words.filter((word) => FRAME_WORDS.has(word));
}

// Frame words of asking: a note tells what someone asked as a quoted question ("Can I mute a
// glasshouse?") as often as with the verb, so these leave the query with the "about" after them.
const ASK_WORDS = new Set(["ask", "asks", "asked", "asking"]);

/** The words of a view question that leave the query: a frame word of asking and the "about" after it. */
export function askFrameWords(words: readonly string[]): string[] {
  const frame = viewFrameWords(words);
  if (!frame.some((word) => ASK_WORDS.has(word))) return [];
  return words.filter((word, at) => ASK_WORDS.has(word) || (word === "about" && ASK_WORDS.has(words[at - 1] as string)));
}

// The words a note tells a view with; each meets a view question's frame word.
const VIEW_WORDS = tokenize("say said think feel reckon want prefer like hate suggest propose argue insist warn advise view opinion against keen");

/** The search terms that meet a view question's frame concept ("say" is met by "wants", "prefers", "thinks"…). */
export function viewTerms(): readonly string[] {
  return VIEW_WORDS;
}

// A name telling a view: before a verb of saying, thinking or wanting (an adverb may stand
// between: "Dorothy still thinks"); before "on <topic>:" or "'s view on"; before a colon and a
// quote; after "according to". Names are one or two capitalised words.
const NAME = String.raw`(\p{Lu}[\p{L}-]*(?: \p{Lu}[\p{L}-]*)?)(?:['’]s)?`;
const ADVERB = String.raw`(?: (?:still|also|now|really|never|always|just|strongly|\p{Ll}+ly))?`;
const VIEW_VERBS = "thinks|thought|says|said|reckons|feels|felt|wants|wanted|prefers|preferred|likes|liked|hates|hated|suggests|suggested|proposes|proposed|asks|asked|argues|argued|insists|insisted|warns|warned|advises|advised|is against|was against|is keen|was keen|doesn['’]t want|does not want|didn['’]t want|did not want|doesn['’]t like|didn['’]t like";
const TOLD_VIEW = new RegExp(String.raw`(?:^|[^\p{L}])${NAME}(?:${ADVERB} (?:${VIEW_VERBS})\b| (?:view|take|advice|position) on\b| on [^:.\n]{1,40}:|: *["“])`, "gu");
const ACCORDING_TO = new RegExp(String.raw`\b[Aa]ccording to ${NAME}`, "gu");
// A note opening with its speaker's name and a colon ("Rhiannon: got 14 SMS").
const SPEAKER = /^(\p{Lu}[\p{L}'’-]*):\s/u;
// A title "Oksana on estimates", "Sol on the night": the person's view on a topic.
const VIEW_TITLE = /^(\p{Lu}[\p{L}'’-]*) on \p{L}/u;

/**
 * The names (as written) of the people whose view the fact tells in its sentences: a verb of
 * saying or wanting, a quote, "on <topic>:", "according to". Not a title "Sol on the night",
 * which tells a view as often as a duty.
 */
export function toldViewNames(fact: Fact): string[] {
  const names: string[] = [];
  for (const text of [fact.title, fact.body]) {
    for (const match of text.matchAll(TOLD_VIEW)) names.push(match[1] as string);
    for (const match of text.matchAll(ACCORDING_TO)) names.push(match[1] as string);
  }
  return names;
}

const holdersOf = new WeakMap<Fact, ReadonlySet<string>>();

/** The people (their search terms) whose view or saying the fact tells: {@link toldViewNames}, a title "Oksana on estimates" and a note's opening speaker. */
export function viewHolders(fact: Fact): ReadonlySet<string> {
  let holders = holdersOf.get(fact);
  if (holders === undefined) {
    const names = toldViewNames(fact);
    const titled = VIEW_TITLE.exec(fact.title);
    if (titled) names.push(titled[1] as string);
    for (const text of [fact.title, fact.body]) {
      const speaker = SPEAKER.exec(text);
      if (speaker) names.push(speaker[1] as string);
    }
    holders = new Set(tokenize(names.join(" ")));
    holdersOf.set(fact, holders);
  }
  return holders;
}

/** True when the fact tells the view of someone among `questionTerms`. */
export function tellsViewOf(fact: Fact, questionTerms: ReadonlySet<string>): boolean {
  for (const holder of viewHolders(fact)) if (questionTerms.has(holder)) return true;
  return false;
}
