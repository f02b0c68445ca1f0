// Fact corpora shared by the memory benchmarks: the hand-labelled facts, and synthetic corpora
// of any size made from them as templates plus made-up words, so the vocabulary grows with the
// corpus the way a real project's does.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serializeFact } from "../dist/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const labelled = JSON.parse(readFileSync(path.join(here, "labelled-facts.json"), "utf8")).facts;
const idOf = (number) => `fact-${String(number).padStart(4, "0")}`;

/** Writes each fact to `<root>/.foundry/memory/facts/<id>.md`. */
export function writeFacts(root, facts) {
  const dir = path.join(root, ".foundry/memory/facts");
  mkdirSync(dir, { recursive: true });
  for (const fact of facts) writeFileSync(path.join(dir, `${fact.id}.md`), serializeFact(fact));
}

// Synthetic corpora for latency and tokens: labelled facts as templates, plus made-up words
// so the vocabulary grows with the corpus the way a real project's does.
export function syntheticCorpus(size) {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const syllables = [
    "ka",
    "lo",
    "mi",
    "ren",
    "tor",
    "vus",
    "pel",
    "dra",
    "sin",
    "quo",
    "bex",
    "nar",
    "fi",
    "gul",
    "zet",
    "hom",
  ];
  const word = () =>
    Array.from(
      { length: 2 + Math.floor(random() * 2) },
      () => syllables[Math.floor(random() * syllables.length)],
    ).join("");
  return Array.from({ length: size }, (_, index) => {
    const template = labelled[index % labelled.length];
    const supersededBy =
      template.supersededBy && index + 1 < size ? { supersededBy: idOf(index + 2) } : {};
    return {
      id: idOf(index + 1),
      type: template.type,
      title: `${template.title.slice(0, 60)} ${word()} ${word()}`,
      body: `${template.body} ${Array.from({ length: 6 }, word).join(" ")}.`,
      scope: template.scope,
      tags: template.tags,
      confidence: template.confidence,
      source: "conversation",
      created: "2025-01-01T00:00:00Z",
      ...(template.expires ? { expires: template.expires } : {}),
      ...supersededBy,
    };
  });
}
