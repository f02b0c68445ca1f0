// What every import format yields: one entry per would-be fact, labelled with where it came from
// (file and line), holding a memory_write input, or the reason it is skipped. Plus the text
// helpers the formats share to fit memory_write's bounds (title characters, body words).
import { MAX_BODY_WORDS, MAX_TITLE_CHARS } from "@foundry-mcp/memory";
import type { FactInput } from "@foundry-mcp/memory";

/** One would-be fact of an import. */
export interface ImportEntry {
  /** Where it came from, `CLAUDE.md:12` or `0007-use-flyway.md`. */
  readonly label: string;
  /** The memory_write input; absent when skipped. */
  readonly input?: FactInput;
  /** Why nothing is written for it (an ADR marked superseded, an expired fact…). */
  readonly skipped?: string;
  /** Why it cannot be read at all (a line that is not JSON); counted as rejected. */
  readonly rejected?: string;
}

/** Whitespace runs, newlines included, as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Markdown links reduced to their text. */
export function withoutLinks(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
}

/** `text` cut at a word boundary to at most `max` characters, "…" marking the cut. */
export function cutChars(text: string, max: number = MAX_TITLE_CHARS): string {
  if ([...text].length <= max) return text;
  const head = [...text].slice(0, max - 1).join("");
  const space = head.lastIndexOf(" ");
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,;:.-]+$/, "")}…`;
}

/** `text` cut to at most `max` words, "…" marking the cut. */
export function cutWords(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= max ? words.join(" ") : `${words.slice(0, max).join(" ")}…`;
}

/** Words of `text`, as memory_write counts them. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The body bound every format fits into. */
export const BODY_WORDS = MAX_BODY_WORDS;
