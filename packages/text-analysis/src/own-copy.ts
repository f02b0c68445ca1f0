// A string's own copy. V8 keeps a substring of 13 characters or more as a view into the string it
// was cut from, so a word cut from a request and kept in a cache that outlives the request keeps
// the whole request alive. What a long-lived cache keeps, it keeps as its own copy.

/** `text` as a string of its own, holding on to no larger string it was cut from. */
export function ownCopy(text: string): string {
  return Array.from(text).join("");
}
