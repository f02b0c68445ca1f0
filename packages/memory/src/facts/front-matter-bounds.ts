// Bounds on front matter before any YAML parser sees it (issue #39 T9). The general parser
// checks keys for duplicates pairwise, so its time grows with the square of the key count:
// 20,000 keys took 3.3 s and a 0.8 MB block of 100,000 keys stalled foundry-server for over
// 90 s. Counting keys is one linear pass; a block over either bound is refused with a note.

/** Most bytes of front matter parsed (a written fact's is under 1 KiB). */
export const MAX_FRONT_MATTER_BYTES = 16 * 1024;

/** Most top-level keys in front matter (a fact uses at most 11, a runbook 2). */
export const MAX_FRONT_MATTER_KEYS = 64;

/** Top-level `key:` lines (not indented, not comments or list items): one pass, no regex backtracking. */
function countTopLevelKeys(text: string, stopAfter: number): number {
  let keys = 0;
  let lineStart = 0;
  while (lineStart < text.length && keys <= stopAfter) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const first = text.charCodeAt(lineStart);
    // space, tab, '#', '-' and an empty line start no top-level key
    if (lineEnd > lineStart && first !== 32 && first !== 9 && first !== 35 && first !== 45) {
      const colon = text.indexOf(":", lineStart);
      if (colon >= 0 && colon < lineEnd) keys += 1;
    }
    lineStart = lineEnd + 1;
  }
  return keys;
}

/**
 * Why `front` (the text between the `---` lines) is too big to parse, or undefined when it is
 * within {@link MAX_FRONT_MATTER_BYTES} and {@link MAX_FRONT_MATTER_KEYS}.
 *
 * @example frontMatterOverBounds("a: 1\n".repeat(100)) // "front matter has 100 keys; the bound is 64. …"
 */
export function frontMatterOverBounds(front: string): string | undefined {
  const bytes = Buffer.byteLength(front, "utf8");
  if (bytes > MAX_FRONT_MATTER_BYTES)
    return `front matter is ${bytes} bytes; the bound is ${MAX_FRONT_MATTER_BYTES}. Keep only the fields and move long text to the body`;
  const keys = countTopLevelKeys(front, MAX_FRONT_MATTER_KEYS);
  if (keys > MAX_FRONT_MATTER_KEYS)
    return `front matter has more than ${MAX_FRONT_MATTER_KEYS} keys; the bound is ${MAX_FRONT_MATTER_KEYS}. Keep only the fields (id, type, title, scope, tags, confidence, source, created, expires, supersedes, supersededBy)`;
  return undefined;
}
