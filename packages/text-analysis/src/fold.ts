// Accent and letter folding for search text: "Café" meets "cafe", "Straße" meets "STRASSE",
// "Łódź" meets "Lodz". Unicode's compatibility decomposition takes the marks off most accented
// letters; a few Latin letters are letters of their own that it leaves whole (ß, æ, œ, ø, ł, đ,
// ð, þ, dotless ı), so they are written out the way people type them on an English keyboard.
// Case is kept (splitWords reads it to split identifiers): a capital written as two letters is
// "Ae" before a lower-case letter ("Ærø" → "Aero") and "AE" in a word of capitals.

const LOWER: Readonly<Record<string, string>> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
const UPPER: Readonly<Record<string, string>> = { ẞ: "SS", Æ: "AE", Œ: "OE", Ø: "O", Ł: "L", Đ: "D", Ð: "D", Þ: "TH" };
// Every letter of the two tables above.
const OWN_LETTERS = new RegExp(`[${Object.keys(LOWER).join("")}${Object.keys(UPPER).join("")}]`, "gu");

/** `text` with accents taken off and the Latin letters that have no accent to take off written out; case kept. */
export function foldLetters(text: string): string {
  const unmarked = text.normalize("NFKD").replace(/\p{M}/gu, "");
  return unmarked.replace(OWN_LETTERS, (letter, at: number) => {
    const lower = LOWER[letter];
    if (lower !== undefined) return lower;
    const upper = UPPER[letter] ?? letter;
    // One capital before lower case ("Ærø", "Þingvellir") is a word's first letter: only its first half stays a capital.
    return /\p{Ll}/u.test(unmarked[at + 1] ?? "") ? upper.charAt(0) + upper.slice(1).toLowerCase() : upper;
  });
}
