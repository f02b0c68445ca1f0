// The key a learned-request row is kept under (`request_key`, migration 10): what tool-catalog
// compares when it learns the row's request, so the prune (learned-prune.ts) counts a request said
// again once, as the catalog does. The catalog learns `learnableRequest(request)` and compares it
// by core's `sameLearnedRequest` (spacing folded, trimmed, case lowered by JavaScript's Unicode
// rules). Neither database's lower() lowers alike (SQLite's only ASCII, PostgreSQL's by its
// locale), and learnableRequest is not SQL at all, so the key is computed here and stored: by the
// writer (learned-requests.ts), by scrub when it rewrites a row, and by migration 10 for the rows
// written before it.
import { learnableRequest, sameLearnedRequest } from "@foundry-mcp/core";
import { learnedRequestTextsAfter, setLearnedRequestKeys } from "./learned-statements";
import type { StoreQueries } from "./types";

/**
 * The text tool-catalog compares when it learns `request`: two rows of one workspace and tool with
 * the same key are one request to it.
 * @example learnedRequestKey("  Refund  THE order ") // "refund the order"
 */
export const learnedRequestKey = (request: string): string => sameLearnedRequest(learnableRequest(request));

// Rows read, and written by one statement, at a time while filling keys.
const FILL_ROWS = 1000;

/**
 * Sets the key of every row (migration 10's fill, right after the ALTER that added the column), a
 * page of rows at a time, oldest first: one read and one UPDATE per page, so its round trips do
 * not grow with each row (one UPDATE per row took 3.7 s per 25,000 rows on PostgreSQL, under the
 * ALTER's lock; decision 0057 has the figures).
 */
export async function fillLearnedRequestKeys(queries: StoreQueries): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await learnedRequestTextsAfter.all(queries, { after, limit: FILL_ROWS });
    if (rows.length === 0) return;
    const last = Number(rows.at(-1)!.id);
    const values: Record<string, string | number> = { after, last };
    for (const [index, row] of rows.entries()) {
      values[`id${index}`] = Number(row.id);
      values[`key${index}`] = learnedRequestKey(row.request);
    }
    await setLearnedRequestKeys(rows.length).run(queries, values);
    if (rows.length < FILL_ROWS) return;
    after = last;
  }
}
