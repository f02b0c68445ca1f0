// Which facts count (active: not superseded, not past `expires`) and the orders used
// everywhere: newest by id number, confidence rank, and the index priority of SPEC §2.

import type { Confidence, Fact, FactType } from "../types";
import { factIdNumber } from "./fact-text";

/** True when the fact is neither superseded nor past its `expires` day (inclusive). */
export function isActive(fact: Fact, today: string): boolean {
  return !fact.supersededBy && (!fact.expires || fact.expires >= today);
}

/** Higher is surer. */
export const CONFIDENCE_RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

/** Fact ids in id order: by number, then by id (only odd names share a number). */
export function compareFactIds(a: string, b: string): number {
  return factIdNumber(a) - factIdNumber(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Negative when `a` is newer than `b`: creation time, then the id number (ids only grow). */
export function compareNewestFirst(a: Fact, b: Fact): number {
  return compareNewestFirstBy(a.created, factIdNumber(a.id), b.created, factIdNumber(b.id));
}

/** {@link compareNewestFirst} from creation times and id numbers a caller worked out once. */
export function compareNewestFirstBy(createdA: string, idA: number, createdB: string, idB: number): number {
  if (createdA !== createdB) return createdA < createdB ? 1 : -1;
  return idB - idA;
}

/** Index priority by type: constraints and decisions first (SPEC §2), glossary last. */
export const TYPE_PRIORITY: readonly FactType[] = [
  "constraint",
  "decision",
  "risk",
  "convention",
  "domain",
  "metric",
  "glossary",
];

/** The INDEX.md order: type priority, then high confidence first, then newest first. */
export function compareIndexPriority(a: Fact, b: Fact): number {
  const byType = TYPE_PRIORITY.indexOf(a.type) - TYPE_PRIORITY.indexOf(b.type);
  if (byType !== 0) return byType;
  const byConfidence = CONFIDENCE_RANK[b.confidence] - CONFIDENCE_RANK[a.confidence];
  return byConfidence !== 0 ? byConfidence : compareNewestFirst(a, b);
}
