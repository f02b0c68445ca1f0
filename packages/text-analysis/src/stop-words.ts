// English function words that carry no meaning in a keyword search. A search with its own
// filler ("please", "tool") adds to this list rather than replacing it.

/** Common English function words, lower-case. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have how i if in into is it its " +
    "may me must my no nor not of on or our shall should so such than that the their them then there these they " +
    "this those to use used uses using via was we were what when where which while who why will with would you your"
  ).split(" "),
);
