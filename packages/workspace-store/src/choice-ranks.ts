// Search quality in use, kept: each learned request's row holds the rank its chosen tool had in
// the search_tools answer it came from (migration 8), so the store can say per UTC day how many
// choices there were and how many took the first hit, one of the top 3 or one of the first page of
// 10, across every instance sharing the store and across restarts: the stored counterpart of
// progressive's per-process `foundry_tool_search_choice_rank` histogram. Counted in SQL on either
// driver (learned-statements.ts); the rows are those the table keeps (by default each workspace's
// newest 5,000 within the newest 20,000), so older days fade out as rows are pruned. Neighbours:
// learned-requests.ts calls it.
import { boundedInteger } from "./errors";
import { choiceRanksPerDay } from "./learned-statements";
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

/**
 * Counts the ranked learned requests of the last `days` UTC days (rows written before migration 8
 * have no rank and are not counted). Out of bounds: INVALID_ARGUMENT naming the bound.
 * @example const { days, total } = await countChoiceRanks(store, { days: 7 });
 */
export async function countChoiceRanks(store: StoreQueries, query: ChoiceRankQuery = {}): Promise<ChoiceRanks> {
  const days = boundedInteger("days", query.days ?? CHOICE_RANKS.defaultDays, CHOICE_RANKS.minDays, CHOICE_RANKS.maxDays);
  const now = query.now ?? new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS).toISOString();
  const rows = await (query.workspaceId === undefined
    ? choiceRanksPerDay([]).all(store, { since })
    : choiceRanksPerDay(["workspace_id"]).all(store, { since, workspace_id: query.workspaceId }));
  const perDay = rows.map((row) => ({ day: row.day, choices: Number(row.choices), first: Number(row.first), top3: Number(row.top3), firstPage: Number(row.first_page) }));
  const total = { choices: 0, first: 0, top3: 0, firstPage: 0 };
  for (const day of perDay) for (const key of ["choices", "first", "top3", "firstPage"] as const) total[key] += day[key];
  return { from: since.slice(0, 10), to: new Date(today).toISOString().slice(0, 10), days: perDay, total };
}

/** A rank to store: a positive integer up to CHOICE_RANKS.maxRank, or INVALID_ARGUMENT naming the bound. */
export const checkedChoiceRank = (rank: number): number => boundedInteger("rank", rank, 1, CHOICE_RANKS.maxRank);
