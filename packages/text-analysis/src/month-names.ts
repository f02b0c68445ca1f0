// The English month and weekday names every date reader here and in memory search spells them
// with (mentions.ts, relative-dates.ts, memory's date words and described names), kept once so
// they cannot drift apart.

/**
 * English month names in lower case, January first: `MONTH_NAMES[month - 1]` names a
 * `CalendarDate`'s month. Frozen: the readers build their patterns from it.
 * @example MONTH_NAMES[1]; // "february"
 */
export const MONTH_NAMES: readonly string[] = Object.freeze([
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
]);

/**
 * English weekday names in lower case, Sunday first: `WEEKDAY_NAMES[date.getUTCDay()]` names a
 * day. Frozen: the readers build their patterns from it.
 * @example WEEKDAY_NAMES[1]; // "monday"
 */
export const WEEKDAY_NAMES: readonly string[] = Object.freeze(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]);
