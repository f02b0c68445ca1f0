// Abbreviations and their spelled-out forms that engineers use interchangeably. A query word
// also looks for its partners at a discount; this is vocabulary normalisation, not semantics,
// and it is deliberately small and generic.

const GROUPS: readonly (readonly string[])[] = [
  ["db", "database"],
  ["auth", "authentication", "authorization"],
  ["config", "configuration", "settings"],
  ["env", "environment"],
  ["prod", "production"],
  ["repo", "repository"],
  ["deps", "dependency", "dependencies"],
  ["perf", "performance", "latency"],
  ["docs", "documentation"],
  ["k8s", "kubernetes"],
  ["js", "javascript"],
  ["ts", "typescript"],
  ["ci", "pipeline"],
  ["msg", "message"],
  ["err", "error"],
  ["req", "request"],
  ["res", "response"],
  ["id", "identifier"],
  ["ui", "frontend"],
  ["api", "endpoint"],
  ["secret", "credential", "password"],
  ["delete", "remove"],
  ["bug", "defect"],
  ["i18n", "internationalization", "translation"],
];

/** Maps a lower-case word to the other words of its group . */
export function synonymsOf(word: string): readonly string[] {
  return SYNONYMS.get(word) ?? [];
}

const SYNONYMS = new Map<string, string[]>();
for (const group of GROUPS) {
  for (const word of group)
    SYNONYMS.set(
      word,
      group.filter((other) => other !== word),
    );
}
