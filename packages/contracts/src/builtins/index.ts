// The catalogue of built-in contracts, in the order they are documented.

import { analysisV1 } from "./analysis";
import type { BuiltInContract } from "./common";
import { findingV1 } from "./finding";
import { handoffV1 } from "./handoff";
import { planV1 } from "./plan";
import { reviewV1 } from "./review";
import { taskV1 } from "./task";

/** Every built-in contract, each with an example that satisfies it. */
export const BUILT_IN_CONTRACTS: readonly BuiltInContract[] = Object.freeze([
  findingV1,
  reviewV1,
  planV1,
  taskV1,
  handoffV1,
  analysisV1,
]);

/** True when `id` names a built-in contract. */
export function isBuiltInContractId(id: string): boolean {
  return BUILT_IN_CONTRACTS.some((contract) => contract.id === id);
}
