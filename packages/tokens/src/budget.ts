// Budget fitting: keep items in the order given while their summed cost fits the budget.

/** What `fitToBudget` kept, what it left out, and what the kept items cost. */
export interface BudgetFit<T> {
  readonly included: T[];
  readonly omitted: T[];
  readonly usedTokens: number;
  readonly budgetTokens: number;
}

/**
 * Walks `items` in order and keeps each one whose cost still fits in what is left of the
 * budget. Order is the caller's priority; an item that does not fit is omitted and later,
 * cheaper items may still be kept, so the budget is used as fully as the order allows.
 *
 * @example
 * const fit = fitToBudget(lines, 4000, (line) => estimateTokens(line) );
 * fit.included.join("\n");
 */
export function fitToBudget<T>(
  items: Iterable<T>,
  budgetTokens: number,
  cost: (item: T) => number,
): BudgetFit<T> {
  if (!Number.isFinite(budgetTokens) || budgetTokens < 0) {
    throw new RangeError(`budgetTokens must be a finite number >= 0, got ${budgetTokens}`);
  }
  const included: T[] = [];
  const omitted: T[] = [];
  let usedTokens = 0;
  for (const item of items) {
    const itemCost = cost(item);
    if (usedTokens + itemCost <= budgetTokens) {
      included.push(item);
      usedTokens += itemCost;
    } else {
      omitted.push(item);
    }
  }
  return { included, omitted, usedTokens, budgetTokens };
}
