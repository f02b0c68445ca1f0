// What a driver runs for a query method's input: compiled statements carry their parameters (and
// are already in the driver's dialect); text comes with its own `?` parameter list.
import type { SqlValue, StatementInput } from "../types";

/** The text and parameters of a query method's input. */
export function statementParts(
  input: StatementInput,
  params: readonly SqlValue[] = [],
): readonly [text: string, params: readonly SqlValue[]] {
  return typeof input === "string" ? [input, params] : [input.sql, input.parameters as readonly SqlValue[]];
}
