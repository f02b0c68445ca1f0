// How many learned requests each tenant keeps when all of them together pass a bound (decision
// 0057): max-min fair shares. tool-catalog's LearnedRequests cuts its tenants to this level, and
// workspace-store's LearnedRequestLog its workspaces' rows, so a restarted gateway learns back
// what its catalog kept and no tenant's volume pushes out another's learning.

/**
 * The largest whole level L with Σ min(count, L) ≤ `bound` over `counts` (one per tenant, whole
 * numbers from 0): each tenant keeps its newest min(count, L), so a tenant at or under the level
 * loses nothing and only the largest are cut, each to the same level. When the counts fit the
 * bound already, the largest count (nothing is cut). O(n log n) in the number of tenants.
 * @example fairShareLevel([200, 9000, 9000, 9000], 20_000) // 6600: the three busy tenants keep 6,600 each, the quiet one its 200
 */
export function fairShareLevel(counts: readonly number[], bound: number): number {
  const ascending = [...counts].sort((left, right) => left - right);
  let left = bound;
  for (const [position, count] of ascending.entries()) {
    const larger = ascending.length - position;
    // Every tenant from here on holds at least `count`: when they cannot all keep it, they share what is left.
    if (count * larger > left) return Math.floor(left / larger);
    left -= count;
  }
  return ascending.at(-1) ?? 0;
}
