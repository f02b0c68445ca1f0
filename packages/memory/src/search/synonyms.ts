// Abbreviations and their spelled-out forms that engineers use interchangeably, and two groups of
// plain English (holding a thing, a thing changing). A query word also looks for its partners at a
// discount; this is vocabulary normalisation, not semantics,
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
  // Plain English for who holds a thing and for a thing changing (issue 32): "who is responsible
  // for support" asks for "Liam leads customer support"; "when did the database change" for
  // "we moved the main database to Postgres 16".
  ["responsible", "owner", "owns", "own", "maintainer", "maintains", "maintain", "leads"],
  ["change", "changed", "switch", "switched", "move", "moved", "migrate", "migrated", "replace", "replaced", "upgrade", "upgraded"],
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
