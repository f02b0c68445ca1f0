// One fact as one markdown file: YAML front matter (the fields of `Fact` except the body)
// then the body. Parsing is strict about what the store needs and reports what is wrong,
// so one hand-edited file can be skipped with a reason instead of breaking the store.

import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { FACT_ID_PATTERN, factIdNumber, oneLineTitle, parseFactText } from "./fact-text";
import type { ParsedFact } from "./fact-text";
import type { Fact } from "../types";

export { FACT_ID_PATTERN, factIdNumber, oneLineTitle };
export type { ParsedFact };

/** Formats an id from its number: 7 → `fact-0007`. */
export function factIdFromNumber(value: number): string {
  return `fact-${String(value).padStart(4, "0")}`;
}

/**
 * Serialises a fact to its file text. Keys come in a fixed order and optional keys are left
 * out when unset, so files diff cleanly in git.
 */
export function serializeFact(fact: Fact): string {
  const front: Record<string, unknown> = {
    id: fact.id,
    type: fact.type,
    title: fact.title,
    scope: fact.scope,
    tags: [...fact.tags],
    confidence: fact.confidence,
    source: fact.source,
    created: fact.created,
  };
  if (fact.expires) front.expires = fact.expires;
  if (fact.supersedes) front.supersedes = fact.supersedes;
  if (fact.supersededBy) front.supersededBy = fact.supersededBy;
  // One key per line, lists in flow style ([a, b]): short, and each field diffs on its own line.
  const lines = Object.entries(front).map(
    ([key, value]) =>
      `${key}: ${stringifyYaml(value, { lineWidth: 0, flowCollectionPadding: false, collectionStyle: "flow" }).trimEnd()}`,
  );
  return `---\n${lines.join("\n")}\n---\n${fact.body.trim()}\n`;
}

/** Parses file text; `expectedId` (from the file name) must match the `id` inside. */
export function parseFact(source: string, expectedId?: string): ParsedFact {
  return parseFactText(source, expectedId, (text) => parseYaml(text, { schema: "core" }) as unknown);
}
