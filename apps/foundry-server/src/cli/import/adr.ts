// Architecture decision records, one fact each, kept as `source: adr-NNNN` (the number of the
// file name). Two formats: adr-tools (`# 7. Title`, `## Status`, `## Context`, `## Decision`)
// and MADR (`# Title`, status in front matter or a `* Status:` line, `## Context and Problem
// Statement`, `## Decision Outcome`). The fact is a `decision`: the title is the heading, the
// body a `Why:` line from the context and a `How to apply:` line from the decision, each cut
// to fit 120 words. Confidence follows the status (accepted: high, proposed: low, else medium);
// superseded, deprecated and rejected records are skipped: they are no longer the decision.
import type { ImportEntry } from "./entry";
import { BODY_WORDS, cutChars, cutWords, oneLine, withoutLinks, wordCount } from "./entry";

/** `0007-use-flyway.md`, and the number it starts with. */
export const ADR_FILE = /^(\d{1,6})-.+\.md$/i;
const INACTIVE = ["superseded", "deprecated", "rejected"];
const CONTEXT = ["context", "context and problem statement"];
const DECISION = ["decision", "decision outcome"];

/** Heading (lower case) → its text up to the next heading of any level. */
function sections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  let current: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^#{2,6}\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      current = (heading[1] as string).toLowerCase();
      if (!found.has(current)) found.set(current, "");
    } else if (current !== undefined) found.set(current, `${found.get(current)}\n${line}`);
    else if (/^#\s/.test(line)) current = undefined;
  }
  return found;
}

function statusOf(frontMatter: string, body: string, byHeading: Map<string, string>): string {
  const fromFront = /^status:\s*["']?([^"'\n]+)/im.exec(frontMatter)?.[1];
  const fromLine = /^\s*[-*]\s*status:\s*(.+)$/im.exec(body)?.[1];
  const fromSection = byHeading.get("status");
  return oneLine(withoutLinks(fromFront ?? fromLine ?? fromSection ?? ""));
}

function section(byHeading: Map<string, string>, names: readonly string[]): string {
  for (const name of names) {
    const text = oneLine(withoutLinks(byHeading.get(name) ?? ""));
    if (text) return text;
  }
  return "";
}

/** One ADR file as an import entry. */
export function adrEntry(markdown: string, fileName: string): ImportEntry {
  const number = (ADR_FILE.exec(fileName)?.[1] ?? "0").padStart(4, "0");
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(markdown);
  const body = front ? markdown.slice(front[0].length) : markdown;
  const byHeading = sections(body);
  const heading = /^#\s+(.*)$/m.exec(body)?.[1] ?? fileName.replace(ADR_FILE, "$1");
  const title = cutChars(oneLine(heading.replace(/^\d+\.\s*/, "")));
  const status = statusOf(front?.[1] ?? "", body, byHeading);
  const word = (status.split(/[\s,.:]/)[0] ?? "").toLowerCase();
  if (INACTIVE.includes(word)) return { label: fileName, skipped: `status "${cutChars(status, 60)}"; only a standing decision becomes a fact` };
  const decided = section(byHeading, DECISION) || title;
  const context = section(byHeading, CONTEXT) || `See ${fileName}.`;
  // "Why:" and "How to apply:" take four words; the decision gets up to 70 of the rest.
  const how = cutWords(decided, Math.min(70, BODY_WORDS - 4 - Math.min(wordCount(context), 40)));
  const why = cutWords(context, BODY_WORDS - 4 - wordCount(how));
  return {
    label: fileName,
    input: {
      title,
      body: `Why: ${why}\nHow to apply: ${how}`,
      type: "decision",
      tags: ["adr"],
      confidence: word === "accepted" ? "high" : word === "proposed" || word === "draft" ? "low" : "medium",
      source: `adr-${number}`,
    },
  };
}
