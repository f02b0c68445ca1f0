// Wave and agent names become folder and file names; this is the one rule (SPEC §2) that keeps
// every name inside `.foundry/blackboard/`. layout.ts adds the symbolic-link checks.

import { BlackboardError, BlackboardErrorCode } from "./errors";

/** Longest wave or agent name kept, in characters. */
export const MAX_SEGMENT_LENGTH = 80;

/**
 * Makes a wave or agent name safe as one path segment: every character outside
 * `[A-Za-z0-9._-]` becomes `-` (one `-` per Unicode code point, so `é` and `😀` each give one),
 * the result is cut to 80 characters, and `.`, `..` or an empty result is refused with
 * `BlackboardError` `INVALID_NAME`. Nothing is decoded: `%2F` becomes `-2F`.
 *
 * @example
 * sanitizeSegment("AppSec Reviewer", "agent"); // "AppSec-Reviewer"
 * sanitizeSegment("../etc", "wave");           // "..-etc"
 */
export function sanitizeSegment(name: string, field: "wave" | "agent"): string {
  if (typeof name !== "string") {
    throw new BlackboardError(
      BlackboardErrorCode.INVALID_NAME,
      `${field} must be a string, got ${typeof name}.`,
    );
  }
  const sanitized = Array.from(name.slice(0, MAX_SEGMENT_LENGTH * 2), (character) =>
    /^[A-Za-z0-9._-]$/.test(character) ? character : "-",
  )
    .slice(0, MAX_SEGMENT_LENGTH)
    .join("");
  if (sanitized === "" || sanitized === "." || sanitized === "..") {
    throw new BlackboardError(
      BlackboardErrorCode.INVALID_NAME,
      `${field} ${JSON.stringify(name)} is ${sanitized === "" ? "empty" : `"${sanitized}"`} after sanitizing, which cannot name a blackboard ${field === "wave" ? "folder" : "file"}; use letters, digits, ".", "_" or "-", e.g. "${field === "wave" ? "audit" : "appsec-reviewer"}".`,
    );
  }
  return sanitized;
}
