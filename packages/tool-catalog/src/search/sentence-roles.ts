// Which sentences of a request ask for something: "I'm going on vacation to Kuala Lumpur. Will
// you search for a house rated 3.8 or higher?" asks in its second sentence; the first sets the
// scene. When a request has both kinds, the words only the scene-setting sentences say count
// less, so "vacation" does not pull a travel tool ahead of the house search asked for. General
// English sentence forms, no word list of any catalog. Neighbour: search/tool-search.ts weighs
// the query's concepts with it.

import { splitWords, stemWord } from "./text";

/**
 * Weight of a concept that only scene-setting sentences of the request name. 0.7–0.9 measured
 * alike on BFCL and MetaTool (0.4 and 0.6 lower on MetaTool); the middle is kept.
 */
export const SCENE_WEIGHT = 0.8;

// A sentence ends at . ! ? followed by a space (so "report.txt" and "3.8" stay whole).
const SENTENCE_BREAK = /(?<=[.!?])\s+/;
// Openings that ask: a request to the assistant, a want or need, a plea.
const ASKING_OPENING = /^(?:(?:hi|hey|hello|ok|okay|so|and|also|now)\W+)*(?:please|pls|kindly|can|could|would|will|won't|help|let's|lets|i\s*(?:'d|would|will)?\s*(?:like|love|want|need|wish)|i'm\s+looking|i\s+am\s+looking|we\s+(?:need|want))\b/i;

// Openings of a statement: a subject ("I'm…", "we…", "this…", "the…") or a subordinate
// clause ("during our visit…", "since…").
const STATEMENT_OPENING = /^(?:i|i'm|im|i've|i'll|i'd|we|we're|we've|my|our|it|it's|its|this|that|these|those|there|the|he|she|they|today|tomorrow|yesterday|during|while|after|before|since|because|as|when)\b/i;

// True when a sentence only sets the scene: a statement that neither asks a question nor
// opens with a request form. Anything else ("then close it", "hotel rooms cost too much, a
// house instead") may ask, so it keeps its weight.
function setsScene(sentence: string): boolean {
  return !sentence.endsWith("?") && !ASKING_OPENING.test(sentence) && STATEMENT_OPENING.test(sentence);
}

/**
 * Stems that only the scene-setting sentences of a request hold, or undefined when the request
 * is one sentence, or every sentence sets the scene, or none does (then every word counts the same).
 */
export function sceneOnlyStems(query: string): Set<string> | undefined {
  const sentences = query.trim().split(SENTENCE_BREAK).filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
  if (sentences.length < 2) return undefined;
  const asking = sentences.map((sentence) => !setsScene(sentence.trim()));
  if (asking.every(Boolean) || !asking.some(Boolean)) return undefined;
  const asked = new Set<string>();
  const scene = new Set<string>();
  sentences.forEach((sentence, position) => {
    for (const word of splitWords(sentence)) (asking[position] ? asked : scene).add(stemWord(word));
  });
  for (const stem of asked) scene.delete(stem);
  return scene;
}
