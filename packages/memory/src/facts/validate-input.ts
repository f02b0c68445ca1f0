// Checks a memory_write input against every bound of SPEC §2 and returns clean, typed
// values. Each message names the field, the bound and what to do instead, because the
// model reads it as `memory_write failed: <message>` and must be able to fix its call.

import { invalidInput } from "../errors";
import { CONFIDENCES, FACT_TYPES } from "../types";
import type { Confidence, FactInput, FactType } from "../types";
import { FACT_ID_PATTERN } from "./fact-file";

/** Longest title, in characters (SPEC §2). */
export const MAX_TITLE_CHARS = 80;
/** Longest free-form `source` (any single line that is not one of the documented forms), in characters (SPEC §2). */
export const MAX_SOURCE_CHARS = 80;
/** Longest body, in words (SPEC §2). */
export const MAX_BODY_WORDS = 120;
const MAX_TAGS = 12;
const MAX_TAG_CHARS = 40;

/** A write input after validation: defaults applied, values trimmed. */
export interface ValidFactInput {
  title: string;
  body: string;
  type: FactType;
  scope: string;
  tags: string[];
  confidence: Confidence;
  source: string;
  expires?: string;
  supersedes?: string;
}

const SCOPE_PATTERN = /^(?:project|(?:module|vertical):[A-Za-z0-9][A-Za-z0-9._/-]{0,63})$/;
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._/:#+-]*$/u;

function requireString(value: unknown, field: string): string {
  if (typeof value !== "string")
    throw invalidInput(
      `${field} must be a string, got ${value === undefined ? "nothing" : typeof value}.`,
    );
  return value;
}

function checkSource(source: string): void {
  if (source === "conversation" || source === "code" || /^adr-\d{1,6}$/.test(source)) return;
  if (source.startsWith("external:")) {
    const url = source.slice("external:".length);
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") return;
    } catch {
      // reported below
    }
    throw invalidInput(
      `source "${source}" has no valid http(s) URL after external:; use external:https://… or another source.`,
    );
  }
  // Free-form provenance (postmortem-2025-03-14, design-doc checkout-v2): one line, bounded.
  if ([...source].some((character) => character < " " || character === "\u007f"))
    throw invalidInput(
      `source must be one line without control characters; use adr-NNNN | conversation | code | external:<url>, or name where the fact came from in at most ${MAX_SOURCE_CHARS} characters.`,
    );
  if (source.length > MAX_SOURCE_CHARS)
    throw invalidInput(
      `source is ${source.length} characters; the bound is ${MAX_SOURCE_CHARS}. Use adr-NNNN | conversation | code | external:<url>, or name where the fact came from more briefly.`,
    );
  if (source.length === 0)
    throw invalidInput("source is empty; leave it out (conversation) or use adr-NNNN | code | external:<url> or a short name of where the fact came from.");
}

/** Today's date as YYYY-MM-DD in UTC, the calendar facts expire by. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function checkExpires(expires: string, today: string): void {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expires);
  const date = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!date || utcDay(date) !== expires) {
    throw invalidInput(
      `expires "${expires}" is not a real calendar date in YYYY-MM-DD form (for example 2027-03-31).`,
    );
  }
  if (expires < today) {
    throw invalidInput(
      `expires ${expires} is in the past (today is ${today} UTC), so the fact would never be loaded; give a date from ${today} on, or leave expires out.`,
    );
  }
}

function checkTags(raw: unknown): string[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw))
    throw invalidInput(`tags must be a list of strings, for example ["billing", "db"].`);
  if (raw.length > MAX_TAGS)
    throw invalidInput(
      `tags has ${raw.length} entries; the bound is ${MAX_TAGS}. Keep the words a search would use.`,
    );
  const tags: string[] = [];
  for (const entry of raw) {
    const tag = requireString(entry, "each tag").trim();
    if (tag.length === 0 || tag.length > MAX_TAG_CHARS || !TAG_PATTERN.test(tag)) {
      throw invalidInput(
        `tag "${tag}" must be 1–${MAX_TAG_CHARS} characters of letters, digits, spaces or . _ / : # + -, starting with a letter or digit.`,
      );
    }
    if (!tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** The required fields, each with what to send, in the order a message names them. */
const REQUIRED_FIELDS = [
  ["title", "the fact itself, one line of at most 80 characters"],
  ["body", "why it holds and how to apply it, at most 120 words"],
  ["type", `one of ${FACT_TYPES.join(" | ")}`],
] as const;

/** "a", "a and b", "a, b and c". */
function joinAnd(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1] ?? ""}`;
}

/** Every required field left out, named together so one retry can fix them all. */
function checkRequired(input: FactInput): void {
  const missing = REQUIRED_FIELDS.filter(
    ([field]) => (input as unknown as Record<string, unknown>)[field] == null,
  );
  if (missing.length === 0) return;
  const names = joinAnd(missing.map(([field]) => field));
  const sends = joinAnd(missing.map(([field, what]) => `${field} (${what})`));
  throw invalidInput(`${names} ${missing.length > 1 ? "are" : "is"} required: send ${sends}.`);
}

/**
 * Validates a write input. `today` (YYYY-MM-DD, UTC) decides whether `expires` is past.
 * Throws MemoryError INVALID_INPUT naming every missing required field at once, else the
 * first broken rule.
 */
export function validateFactInput(input: FactInput, today: string): ValidFactInput {
  if (typeof input !== "object" || input === null)
    throw invalidInput("input must be an object with title, body and type.");
  checkRequired(input);
  const title = requireString(input.title, "title").trim();
  if (title.length === 0)
    throw invalidInput("title is empty; state the fact itself in at most 80 characters.");
  if (/[\r\n]/.test(title)) throw invalidInput("title must be one line; put details in body.");
  const titleLength = [...title].length;
  if (titleLength > MAX_TITLE_CHARS) {
    throw invalidInput(
      `title is ${titleLength} characters; the bound is ${MAX_TITLE_CHARS}. State the fact itself more briefly and move detail to body.`,
    );
  }
  const body = requireString(input.body, "body").trim();
  if (body.length === 0)
    throw invalidInput(
      "body is empty; say why the fact holds and how to apply it, in at most 120 words.",
    );
  const words = body.split(/\s+/).length;
  if (words > MAX_BODY_WORDS)
    throw invalidInput(
      `body is ${words} words; the bound is ${MAX_BODY_WORDS}. Keep one atomic fact; split the rest into further facts.`,
    );
  const type = requireString(input.type, "type");
  if (!(FACT_TYPES as readonly string[]).includes(type))
    throw invalidInput(`type "${type}" is not one of ${FACT_TYPES.join(" | ")}.`);
  if (type === "decision" || type === "risk") {
    const missing = [
      /^\s*(?:[-*]\s+)?(?:\*\*)?why:/im.test(body) ? "" : "Why:",
      /^\s*(?:[-*]\s+)?(?:\*\*)?how to apply:/im.test(body) ? "" : "How to apply:",
    ].filter(Boolean);
    if (missing.length > 0) {
      throw invalidInput(
        `body of a ${type} needs a line starting with ${missing.join(" and a line starting with ")}; add ${missing.length > 1 ? "them" : "it"} (for example "Why: …").`,
      );
    }
  }
  const scope = input.scope === undefined ? "project" : requireString(input.scope, "scope").trim();
  if (!SCOPE_PATTERN.test(scope))
    throw invalidInput(
      `scope "${scope}" is not project | module:<name> | vertical:<name> (name: letters, digits, . _ / -, up to 64).`,
    );
  const confidence =
    input.confidence === undefined ? "medium" : requireString(input.confidence, "confidence");
  if (!(CONFIDENCES as readonly string[]).includes(confidence))
    throw invalidInput(`confidence "${confidence}" is not one of high | medium | low.`);
  const source =
    input.source === undefined ? "conversation" : requireString(input.source, "source").trim();
  checkSource(source);
  const result: ValidFactInput = {
    title,
    body,
    type: type as FactType,
    scope,
    tags: checkTags(input.tags),
    confidence: confidence as Confidence,
    source,
  };
  if (input.expires !== undefined) {
    const expires = requireString(input.expires, "expires").trim();
    checkExpires(expires, today);
    result.expires = expires;
  }
  if (input.supersedes !== undefined) {
    const supersedes = requireString(input.supersedes, "supersedes").trim();
    if (!FACT_ID_PATTERN.test(supersedes))
      throw invalidInput(
        `supersedes "${supersedes}" is not a fact id like fact-0009; memory_search shows ids.`,
      );
    result.supersedes = supersedes;
  }
  return result;
}
