export { estimateTokens, detectTextKind } from "./estimate";
export type { TextKind } from "./estimate";
export { fitToBudget } from "./budget";
export type { BudgetFit } from "./budget";
export { formatTokens, formatTokenCount } from "./format";
