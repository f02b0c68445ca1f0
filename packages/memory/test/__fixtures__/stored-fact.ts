// A stored fact with plain defaults, for search tests over the in-memory driver.
import type { Fact, FactType } from "../../src/index";

/** A high-confidence project fact from `code`, created 2026-01-01. */
export function storedFact(id: string, type: FactType, title: string, body = "Noted."): Fact {
  return { id, type, title, body, scope: "project", tags: [], confidence: "high", source: "code", created: "2026-01-01T00:00:00Z" };
}

/**
 * A fact as {@link storedFact} makes it, saved at `created` (tests of time, change and choice);
 * a domain fact unless `type` says otherwise.
 */
export function savedFact(id: string, title: string, body: string, created: string, type: FactType = "domain"): Fact {
  return { ...storedFact(id, type, title, body), created };
}
