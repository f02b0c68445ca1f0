// How many learned requests each tenant keeps when all of them together pass a bound (decision
// 0057): max-min fair shares that fill the bound exactly. tool-catalog's LearnedRequests cuts its
// tenants by it at every learn; workspace-store's LearnedRequestLog keeps its workspaces' rows by
// the same ranking in one SQL statement (learned-statements.ts), at most once a minute. Because the
// ranking never depends on when the cuts happen, both keep the same requests, and a restarted
// gateway learns back what its catalog kept.

/**
 * Per tenant, how many of its newest requests to keep so that exactly `bound` are kept in all (or
 * every one, when they fit): every request is ranked by its place from the newest within its
 * tenant (0 for the newest), then by recency, newer first, and the first `bound` are kept. So each
 * tenant keeps min(count, L) or L + 1, L the largest whole level with Σ min(count, L) ≤ `bound`:
 * only the largest lose requests, and the places the level leaves free go to the tenants whose
 * next request (the one at place L) is newest. The result is the same whether one cuts after every
 * request, now and then, or once at the end (a request cut once is never among the first `bound`
 * again), so hosts that cut at different times keep the same requests.
 *
 * `counts` holds one count per tenant (whole numbers from 0); `recencyAt(tenant, place)` is the
 * recency of that tenant's request at `place` from its newest, larger for newer, never equal for
 * two requests (a learn sequence, a row id); it is asked only for place L of tenants past L. Were
 * two equal, the tenant earlier in `counts` goes first. O(n log n) in the number of tenants.
 * @example fairShareCounts([2, 6, 6], 9, (tenant, place) => 100 * tenant - place) // [2, 3, 4]: the level is 3, and the free place goes to the third tenant, whose 4th newest is newer
 */
export function fairShareCounts(counts: readonly number[], bound: number, recencyAt: (tenant: number, place: number) => number): number[] {
  const level = fairShareLevel(counts, bound);
  const kept = new Array<number>(counts.length);
  let free = bound;
  for (const [tenant, count] of counts.entries()) free -= kept[tenant] = Math.min(count, level);
  if (free <= 0) return kept;
  // Σ min(count, L + 1) > bound, so fewer of the tenants past the level than there are get one more.
  const past: { tenant: number; recency: number }[] = [];
  for (const [tenant, count] of counts.entries()) if (count > level) past.push({ tenant, recency: recencyAt(tenant, level) });
  past.sort((left, right) => right.recency - left.recency || left.tenant - right.tenant);
  for (const { tenant } of past.slice(0, free)) kept[tenant]! += 1;
  return kept;
}

// The largest whole level L with Σ min(count, L) ≤ bound (the largest count when all fit): sort
// the counts (a typed array sorts numbers without a comparator), then fill up from the smallest.
function fairShareLevel(counts: readonly number[], bound: number): number {
  const ascending = Float64Array.from(counts).sort();
  let left = bound;
  for (const [position, count] of ascending.entries()) {
    const larger = ascending.length - position;
    // Every tenant from here on holds at least `count`: when they cannot all keep it, they share what is left.
    if (count * larger > left) return Math.floor(left / larger);
    left -= count;
  }
  return ascending.at(-1) ?? 0;
}
