// Measuring helpers shared by the apps' benchmarks: medians, percentiles, a markdown table.

/** The p-th percentile (0..100) of `values`, by nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

/** A markdown table from a header row and data rows. */
export function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(line)].join("\n");
}

export const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
