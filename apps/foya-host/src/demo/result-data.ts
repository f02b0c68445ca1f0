// Reading what the demo's servers answered: the text a model would read, the JSON inside it, and
// the few values the walkthrough needs next (tool names, kinds, a domain id). Defensive on
// purpose: the walkthrough follows the gateway's answers instead of hard-coding them.
import type { UnifiedToolResult } from "../host/contract";

/** The text content of a result, joined: exactly what a model reads. */
export function resultText(result: UnifiedToolResult): string {
  return result.content
    .filter((item) => item.type === "text")
    .map((item) => String(item.text ?? ""))
    .join("\n");
}

/** The result's JSON: structuredContent, else its text parsed as JSON, else undefined. */
export function resultJson(result: UnifiedToolResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  try {
    return JSON.parse(resultText(result));
  } catch {
    return undefined;
  }
}

/** The first value under any of `keys`, searched depth first through objects and arrays. */
export function findValue(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findValue(item, keys);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of keys) if (record[key] !== undefined && typeof record[key] !== "object") return record[key];
  for (const child of Object.values(record)) {
    const found = findValue(child, keys);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Tool names with a prefix mentioned in a result, in order of first mention. */
export function toolNamesIn(result: UnifiedToolResult, prefix: string): string[] {
  const haystack = `${resultText(result)}\n${JSON.stringify(result.structuredContent ?? {})}`;
  const pattern = new RegExp(`\\b${prefix}[a-z0-9_]+`, "g");
  return [...new Set(haystack.match(pattern) ?? [])];
}

/** The first `lines` lines of a text, with a count of what was cut. */
export function excerpt(text: string, lines = 4, width = 110): string {
  const all = text.split("\n");
  const shown = all.slice(0, lines).map((line) => (line.length > width ? `${line.slice(0, width - 1)}…` : line));
  if (all.length > lines) shown.push(`… (${all.length - lines} more lines)`);
  return shown.map((line) => `    ${line}`).join("\n");
}
