// The texts blackboard_read returns (SPEC §2): one summary entry per artifact by default, or
// each artifact verbatim in a JSON code block when `full` is asked for.

import { asJsonObject } from "@foundry-mcp/core";
import { formatTokens } from "@foundry-mcp/tokens";
import type { StoredArtifact } from "./scan";

/** Longest summary line, in characters. */
export const MAX_SUMMARY_LENGTH = 400;

/** Fields a summary line is taken from, in order. */
export const SUMMARY_FIELDS = ["summary", "title", "goal"] as const;

/** Shown when an artifact has none of the summary fields. */
export const NO_SUMMARY = "(no summary field)";

function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function cut(value: string, length: number): string {
  const characters = Array.from(value);
  return characters.length <= length ? value : characters.slice(0, length).join("");
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return asJsonObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The summary line of an artifact: its `summary`, else `title`, else `goal` (the first that is a
 * non-empty string), on one line and cut to 400 characters; `(no summary field)` otherwise.
 */
export function summaryOf(artifact: Record<string, unknown> | undefined): string {
  for (const field of SUMMARY_FIELDS) {
    const value = artifact?.[field];
    if (typeof value === "string" && oneLine(value) !== "")
      return cut(oneLine(value), MAX_SUMMARY_LENGTH);
  }
  return NO_SUMMARY;
}

function label(value: unknown, fallback: string): string {
  return typeof value === "string" && oneLine(value) !== "" ? cut(oneLine(value), 80) : fallback;
}

/**
 * One summary entry:
 * ```
 * - **appsec-reviewer.json** · schema review.v1 · by appsec-reviewer · ~711 tokens
 *   Six findings, two high. Access control on /api/orders is the blocking one.
 * ```
 */
export function renderSummaryEntry(artifact: StoredArtifact): string {
  const data = parseObject(artifact.text);
  const cost = formatTokens(artifact.tokens);
  if (!data) return `- **${artifact.file}** · not a JSON object · ${cost}\n  ${NO_SUMMARY}`;
  const schema = label(data.schema, "(none)");
  const producer = label(data.producedBy, "(unknown)");
  return `- **${artifact.file}** · schema ${schema} · by ${producer} · ${cost}\n  ${summaryOf(data)}`;
}

/** One artifact verbatim in a JSON code block, under its name and cost. */
export function renderFullEntry(artifact: StoredArtifact): string {
  const body = artifact.text.replace(/\n$/, "");
  const longestRun = Math.max(0, ...Array.from(body.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `**${artifact.file}** · ${formatTokens(artifact.tokens)}\n${fence}json\n${body}\n${fence}`;
}
