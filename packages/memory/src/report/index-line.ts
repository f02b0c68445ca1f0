// One fact's INDEX.md line: `- <title>`, marked with a non-project scope and low confidence,
// because those change how a fact applies (build-index.ts explains the format's choice).

import type { Fact } from "../types";

/** One fact's index line. */
export function formatIndexLine(fact: Fact): string {
  const marks = [
    fact.scope !== "project" ? fact.scope : "",
    fact.confidence === "low" ? "low confidence" : "",
  ].filter(Boolean);
  return `- ${fact.title}${marks.length > 0 ? ` (${marks.join(", ")})` : ""}`;
}
