// Search quality in use, kept: each learned request may carry the rank its chosen tool had in the
// search_tools answer it came from (migration 8), and the store counts them per workspace and UTC
// day: how many choices, how many took the first hit, one of the top 3, one of the first page of
// 10, across every instance sharing the store and across restarts (the stored counterpart of
// progressive's per-process `foundry_tool_search_choice_rank` histogram). The counts are a table of
// their own (`learned_choices_daily`, migration 10), not the rows: the prune keeps of the rows
// what the catalog keeps (a request said again once, each workspace's tool's newest 20), which is
// far fewer choices than were made. The writer adds each batch's choices in the batch's
// transaction (`addChoiceCounts`), the prune drops days past the 90 a look back may reach, a
// forget leaves them (they hold no request text), and a workspace's go with it. Neighbours:
// learned-requests.ts calls it; choice-rank-statements.ts holds its SQL.
import { boundedInteger } from "./errors";
import { addChoicesOfDay, choiceRanksPerDay, choiceRanksPerDayOf, deleteChoiceDaysBefore } from "./choice-rank-statements";
import type { StoreQueries } from "./types";

/** The most a stored rank may be (a search's offset plus its page), and the bounds of a look back in days. */
export const CHOICE_RANKS = { maxRank: 1_000_000, defaultDays: 14, minDays: 1, maxDays: 90 } as const;

/** Choices counted by the rank their tool had: every one, the first hit, the top 3, the first page of 10. */
export interface ChoiceRankCounts {
  choices: number;
  first: number;
  top3: number;
  firstPage: number;
}

/** One UTC day's counts (`day` as YYYY-MM-DD). */
export interface ChoiceRankDay extends ChoiceRankCounts {
  day: string;
}

/** What `choiceRanksPerDay` counts: the last `days` UTC days to `now`'s, one workspace's rows or all. */
export interface ChoiceRankQuery {
  workspaceId?: string;
  /** UTC days, today's included (default 14, from 1 to 90). */
  days?: number;
  /** The instant whose UTC day is the last counted (default: now). */
  now?: Date;
}

/** Per day (newest first; a day with no ranked row is left out) and in all, from `from` to `to`. */
export interface ChoiceRanks {
  from: string;
  to: string;
  days: ChoiceRankDay[];
  total: ChoiceRankCounts;
}

const DAY_MS = 86_400_000;

/** The first UTC day (YYYY-MM-DD) of the last `days` to `now`'s, today's included. */
const firstDayOf = (days: number, now: Date): string =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS).toISOString().slice(0, 10);

/**
 * Counts the ranked choices of the last `days` UTC days (requests written before migration 8 had
 * no rank and were not counted). Out of bounds: INVALID_ARGUMENT naming the bound.
 * @example const { days, total } = await countChoiceRanks(store, { days: 7 });
 */
export async function countChoiceRanks(store: StoreQueries, query: ChoiceRankQuery = {}): Promise<ChoiceRanks> {
  const days = boundedInteger("days", query.days ?? CHOICE_RANKS.defaultDays, CHOICE_RANKS.minDays, CHOICE_RANKS.maxDays);
  const now = query.now ?? new Date();
  const since = firstDayOf(days, now);
  const rows = await (query.workspaceId === undefined
    ? choiceRanksPerDay.all(store, { since })
    : choiceRanksPerDayOf.all(store, { since, workspace_id: query.workspaceId }));
  const perDay = rows.map((row) => ({ day: row.day, choices: Number(row.choices), first: Number(row.first), top3: Number(row.top3), firstPage: Number(row.first_page) }));
  const total = { choices: 0, first: 0, top3: 0, firstPage: 0 };
  for (const day of perDay) for (const key of ["choices", "first", "top3", "firstPage"] as const) total[key] += day[key];
  return { from: since, to: firstDayOf(1, now), days: perDay, total };
}

/** One learned request as its batch writes it: whose, when, and its rank (null: none given, not counted). */
export interface ChoiceOfBatch {
  workspaceId: string;
  at: Date;
  rank: number | null;
}

/**
 * Adds the ranked requests of a batch to their workspace's and day's counts, one statement per
 * workspace and day of the batch; call it in the batch's transaction, so a batch counts once or,
 * rolled back, not at all.
 */
export async function addChoiceCounts(queries: StoreQueries, batch: readonly ChoiceOfBatch[]): Promise<void> {
  const perDay = new Map<string, { workspace_id: string; day: string; choices: number; first: number; top3: number; first_page: number }>();
  for (const { workspaceId, at, rank } of batch) {
    if (rank === null) continue;
    const day = at.toISOString().slice(0, 10);
    const key = JSON.stringify([workspaceId, day]);
    let counts = perDay.get(key);
    if (counts === undefined) perDay.set(key, (counts = { workspace_id: workspaceId, day, choices: 0, first: 0, top3: 0, first_page: 0 }));
    counts.choices += 1;
    if (rank <= 1) counts.first += 1;
    if (rank <= 3) counts.top3 += 1;
    if (rank <= 10) counts.first_page += 1;
  }
  for (const counts of perDay.values()) await addChoicesOfDay.run(queries, counts);
}

/**
 * Drops the counts of days no look back can reach (before the first of the last
 * CHOICE_RANKS.maxDays to `now`'s), so the table holds at most 90 days per workspace; returns how
 * many days' rows went.
 */
export async function deleteChoiceCountsPastMaxDays(store: StoreQueries, now = new Date()): Promise<number> {
  return (await deleteChoiceDaysBefore.run(store, { before: firstDayOf(CHOICE_RANKS.maxDays, now) })).changes;
}

/** A rank to store: a positive integer up to CHOICE_RANKS.maxRank, or INVALID_ARGUMENT naming the bound. */
export const checkedChoiceRank = (rank: number): number => boundedInteger("rank", rank, 1, CHOICE_RANKS.maxRank);
