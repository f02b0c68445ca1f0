// The statements of the choice counts per workspace and UTC day (choice-ranks.ts, table
// `learned_choices_daily`, migration 10), compiled once per dialect (query/statement.ts).
import { defineStatement } from "./query/statement";

/**
 * Adds a batch's choices of one workspace and day to its counts (`workspace_id`, `day`, `choices`,
 * `first`, `top3`, `first_page`): the day's first batch makes its row, a later one adds to it, in
 * one statement on either database (INSERT … ON CONFLICT DO UPDATE; two instances adding at once
 * both count).
 */
export const addChoicesOfDay = defineStatement((q) =>
  q.db
    .insertInto("learned_choices_daily")
    .values({
      workspace_id: q.param("workspace_id"),
      day: q.param("day"),
      choices: q.param<number>("choices"),
      first: q.param<number>("first"),
      top3: q.param<number>("top3"),
      first_page: q.param<number>("first_page"),
    })
    .onConflict((conflict) =>
      conflict.columns(["workspace_id", "day"]).doUpdateSet((eb) => ({
        choices: eb("learned_choices_daily.choices", "+", eb.ref("excluded.choices")),
        first: eb("learned_choices_daily.first", "+", eb.ref("excluded.first")),
        top3: eb("learned_choices_daily.top3", "+", eb.ref("excluded.top3")),
        first_page: eb("learned_choices_daily.first_page", "+", eb.ref("excluded.first_page")),
      })),
    ),
);

/** Drops the counts of days before `before` (YYYY-MM-DD). */
export const deleteChoiceDaysBefore = defineStatement((q) => q.db.deleteFrom("learned_choices_daily").where("day", "<", q.param("before")));

/** Every workspace's counts per day from `since` (YYYY-MM-DD) on, summed per day, newest day first. */
export const choiceRanksPerDay = defineStatement((q) =>
  q.db
    .selectFrom("learned_choices_daily")
    .select((eb) => [
      "day",
      eb.fn.sum<number>("choices").as("choices"),
      eb.fn.sum<number>("first").as("first"),
      eb.fn.sum<number>("top3").as("top3"),
      eb.fn.sum<number>("first_page").as("first_page"),
    ])
    .where("day", ">=", q.param("since"))
    .groupBy("day")
    .orderBy("day", "desc"),
);

/** One workspace's counts per day (`workspace_id`) from `since` (YYYY-MM-DD) on, newest day first. */
export const choiceRanksPerDayOf = defineStatement((q) =>
  q.db
    .selectFrom("learned_choices_daily")
    .select(["day", "choices", "first", "top3", "first_page"])
    .where("workspace_id", "=", q.param("workspace_id"))
    .where("day", ">=", q.param("since"))
    .orderBy("day", "desc"),
);
