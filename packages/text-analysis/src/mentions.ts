// Recognisers for what a "when" or "who" question wants to find in a text: a date (an ISO or
// numeric date, a day and month, a month and year, a weekday, a year) and a person's name (two
// capitalised words in a row, "Lena Fischer", "Liam O'Brien"). Plain patterns, no lists of
// names: they serve any language written in Latin letters with English month names, and a
// false hit (a brand of two capitalised words) only lifts a fact that also matches the question.

const MONTH = "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
// A month's full name alone ("in September") counts; "may" and "march" alone are verbs too often.
const MONTH_ALONE = "january|february|april|june|july|august|september|october|november|december";
const WEEKDAY = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const DATE = new RegExp(
  [
    String.raw`\b\d{4}-\d{1,2}-\d{1,2}\b`, // 2026-03-14
    String.raw`\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b`, // 14.03.2026, 3/14/26
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH})\b`, // 14 March, 1st of May
    String.raw`\b(?:${MONTH})\.?\s+\d{1,4}(?:st|nd|rd|th)?\b`, // March 14, May 2026
    String.raw`\b(?:${MONTH_ALONE}|${WEEKDAY})\b`,
    String.raw`\b(?:19|20)\d{2}\b`, // a year
    String.raw`\bthe\s+\d{1,2}(?:st|nd|rd|th)\b`, // the 10th
  ].join("|"),
  "i",
);

// One capitalised word of a name: "Lena", "O'Brien", "Jean-Luc".
const NAME_WORD = String.raw`(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?`;
const PERSON_NAME = new RegExp(String.raw`(?<![\p{L}\p{N}])${NAME_WORD}\s+${NAME_WORD}(?![\p{L}\p{N}])`, "u");

/** True when the text holds a date: "2026-03-14", "14 March 2026", "May 2026", "on Monday", "in 2025". */
export function mentionsDate(text: string): boolean {
  return DATE.test(text);
}

/** True when the text holds what reads as a person's name: two capitalised words in a row ("Lena Fischer"). */
export function mentionsPersonName(text: string): boolean {
  return PERSON_NAME.test(text);
}
