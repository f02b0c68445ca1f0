// Glob matching for tool policies and per-server filters: `*` any run, `?` one character.

const cache = new Map<string, RegExp>();

/** Whether `text` matches the glob `pattern` in full (case-sensitive). */
export function matchesGlob(pattern: string, text: string): boolean {
  let regex = cache.get(pattern);
  if (!regex) {
    const source = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
    regex = new RegExp(`^${source}$`);
    cache.set(pattern, regex);
  }
  return regex.test(text);
}
