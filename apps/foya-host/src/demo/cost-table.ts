// The table `foya demo` ends with: for each step, the tokens a model reads on the frugal path
// (index first, search before load; four tools, then search, describe, call) against the eager
// alternative (every memory file; every tool definition). All figures come from
// @foundry-mcp/tokens so they match every other `~N tokens` in the product.
import { estimateTokens, formatTokenCount } from "@foundry-mcp/tokens";

/** One row: what the model reads on each path (undefined: nothing on that path). */
export interface CostRow {
  step: string;
  frugal: string;
  frugalText: string | undefined;
  eager: string;
  eagerText: string | undefined;
}

/** A row with its token figures computed. */
export interface CostFigures {
  step: string;
  frugal: string;
  frugalTokens: number;
  eager: string;
  eagerTokens: number;
}

/** Token figures of each row. */
export function measureRows(rows: CostRow[]): CostFigures[] {
  return rows.map((row) => ({
    step: row.step,
    frugal: row.frugal,
    frugalTokens: row.frugalText === undefined ? 0 : estimateTokens(row.frugalText),
    eager: row.eager,
    eagerTokens: row.eagerText === undefined ? 0 : estimateTokens(row.eagerText),
  }));
}

/**
 * A markdown table of the rows plus a total line and the saving.
 *
 * @example formatCostTable("Memory", measureRows(rows))
 */
export function formatCostTable(title: string, figures: CostFigures[]): string {
  const cell = (text: string): string => text.replace(/\|/g, "\\|");
  const tokens = (count: number): string => (count === 0 ? "—" : formatTokenCount(count));
  const lines = [
    `| ${cell(title)} | foya path | tokens | eager alternative | tokens |`,
    "| --- | --- | ---: | --- | ---: |",
    ...figures.map((row) => `| ${cell(row.step)} | ${cell(row.frugal)} | ${tokens(row.frugalTokens)} | ${cell(row.eager)} | ${tokens(row.eagerTokens)} |`),
  ];
  const frugal = figures.reduce((sum, row) => sum + row.frugalTokens, 0);
  const eager = figures.reduce((sum, row) => sum + row.eagerTokens, 0);
  lines.push(`| **total** | | **${formatTokenCount(frugal)}** | | **${formatTokenCount(eager)}** |`);
  return `${lines.join("\n")}\n`;
}

/** One sentence on the saving of a table: how many tokens and what share. */
export function savingLine(figures: CostFigures[]): string {
  const frugal = figures.reduce((sum, row) => sum + row.frugalTokens, 0);
  const eager = figures.reduce((sum, row) => sum + row.eagerTokens, 0);
  if (eager <= frugal) return `The foya path read ${formatTokenCount(frugal)} tokens, the eager one ${formatTokenCount(eager)}.`;
  const share = Math.round(((eager - frugal) / eager) * 100);
  return `Saved ${formatTokenCount(eager - frugal)} tokens (${share}% less than the eager path).`;
}
