// Draws the headline figures of docs/benchmarks.md as SVG charts in docs/ (token costs, search
// quality against plain BM25, search latency as the catalog grows), from the tables the bench
// scripts printed in the same run, and links them from the report. `pnpm bench` calls it after
// writing the report; `node scripts/bench/charts.mjs` redraws from the report on disk.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WIDTH = 720;
const COLOURS = ["#9ca3af", "#60a5fa", "#1d4ed8"];
const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The rows (cells) of the first markdown table whose header row starts with `header`. */
export function tableAfter(markdown, header) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) throw new Error(`docs/benchmarks.md has no table starting "${header}": did its bench script run?`);
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.slice(1, -1).split("|").map((cell) => cell.trim()));
  }
  return rows;
}

const number = (cell) => Number(String(cell).replace(/[~%×,\s]|ms/g, ""));

function frame(title, height, body, note) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="16" y="24" font-size="15" font-weight="600">${escape(title)}</text>
${body}
<text x="16" y="${height - 10}" fill="#6b7280" font-size="11">${escape(note)}</text>
</svg>
`;
}

/** Horizontal bars on a log scale, one per [label, value, valueText]. */
export function logBars(title, bars, note) {
  const left = 300;
  const span = WIDTH - left - 90;
  const max = Math.log10(Math.max(...bars.map(([, value]) => value)) * 1.2);
  const body = bars
    .map(([label, value, text], index) => {
      const y = 44 + index * 30;
      const width = Math.max(2, (Math.log10(Math.max(value, 1)) / max) * span);
      const colour = /eager|everything/.test(label) ? COLOURS[2] : COLOURS[1];
      return `<text x="16" y="${y + 14}">${escape(label)}</text><rect x="${left}" y="${y}" width="${width.toFixed(1)}" height="20" fill="${colour}"/><text x="${(left + width + 6).toFixed(1)}" y="${y + 14}">${escape(text)}</text>`;
    })
    .join("\n");
  return frame(title, 44 + bars.length * 30 + 30, body, note);
}

/** Grouped vertical bars: `groups` of [label, values[]], one colour per series. */
export function groupedBars(title, series, groups, note, unit) {
  const top = 76;
  const plot = 200;
  const groupWidth = (WIDTH - 60) / groups.length;
  const barWidth = (groupWidth - 24) / series.length;
  const max = Math.max(...groups.flatMap(([, values]) => values));
  const legend = series.map((name, index) => `<rect x="${16 + index * 230}" y="34" width="10" height="10" fill="${COLOURS[index]}"/><text x="${30 + index * 230}" y="43">${escape(name)}</text>`).join("");
  const bars = groups
    .map(([label, values], group) => {
      const x0 = 40 + group * groupWidth;
      const columns = values
        .map((value, index) => {
          const height = (value / max) * plot;
          const x = x0 + index * barWidth;
          return `<rect x="${x.toFixed(1)}" y="${(top + plot - height).toFixed(1)}" width="${(barWidth - 3).toFixed(1)}" height="${height.toFixed(1)}" fill="${COLOURS[index]}"/><text x="${(x + barWidth / 2 - 1.5).toFixed(1)}" y="${(top + plot - height - 4).toFixed(1)}" text-anchor="middle" font-size="10">${escape(value.toFixed(unit === "%" ? 0 : 2))}${unit}</text>`;
        })
        .join("");
      return `${columns}<text x="${(x0 + (groupWidth - 24) / 2).toFixed(1)}" y="${top + plot + 16}" text-anchor="middle">${escape(label)}</text>`;
    })
    .join("\n");
  return frame(title, top + plot + 56, `${legend}<line x1="36" y1="${top + plot}" x2="${WIDTH - 16}" y2="${top + plot}" stroke="#9ca3af"/>\n${bars}`, note);
}

/** Lines over a log x axis: `series` of [name, points[[x, y]]]. */
export function logLines(title, series, note, xLabel, yLabel) {
  const [left, top, width, height] = [70, 76, WIDTH - 130, 200];
  const xs = series.flatMap(([, points]) => points.map(([x]) => x));
  const ys = series.flatMap(([, points]) => points.map(([, y]) => y));
  const [xMin, xMax] = [Math.log10(Math.min(...xs)), Math.log10(Math.max(...xs))];
  const yMax = Math.max(...ys) * 1.15;
  const px = (x) => left + ((Math.log10(x) - xMin) / (xMax - xMin || 1)) * width;
  const py = (y) => top + height - (y / yMax) * height;
  const legend = series.map(([name], index) => `<rect x="${16 + index * 200}" y="34" width="10" height="10" fill="${COLOURS[index + 1]}"/><text x="${30 + index * 200}" y="43">${escape(name)}</text>`).join("");
  const lines = series
    .map(([, points], index) => {
      const path = points.map(([x, y], at) => `${at ? "L" : "M"}${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ");
      const dots = points.map(([x, y]) => `<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="4" fill="${COLOURS[index + 1]}"/><text x="${(px(x) + 8).toFixed(1)}" y="${(py(y) - 6).toFixed(1)}">${escape(y)} ms</text>`).join("");
      return `<path d="${path}" stroke="${COLOURS[index + 1]}" stroke-width="2" fill="none"/>${dots}`;
    })
    .join("\n");
  const ticks = [...new Set(xs)].map((x) => `<text x="${px(x).toFixed(1)}" y="${top + height + 16}" text-anchor="middle">${escape(x.toLocaleString("en-US"))}</text>`).join("");
  const axes = `<line x1="${left}" y1="${top + height}" x2="${left + width}" y2="${top + height}" stroke="#9ca3af"/><line x1="${left}" y1="${top}" x2="${left}" y2="${top + height}" stroke="#9ca3af"/><text x="${left + width / 2}" y="${top + height + 34}" text-anchor="middle">${escape(xLabel)}</text><text x="16" y="${top - 6}">${escape(yLabel)}</text>`;
  return frame(title, top + height + 60, `${legend}${axes}${ticks}\n${lines}`, note);
}

/** The three charts, by file name, from the report's markdown. */
export function chartsOf(markdown) {
  const gateway = tableAfter(markdown, "| what the model reads | progressive");
  const catalogCost = tableAfter(markdown, "| advertised | tools | tokens");
  const tokens = logBars(
    "Tokens the model reads: progressive (four base tools) vs every tool listed",
    [
      ...gateway.flatMap(([what, progressive, eager]) => {
        const short = what.startsWith("tools/list") ? "tools/list" : "find → describe → run";
        return [
          [`gateway ${short}: progressive`, number(progressive), progressive],
          [`gateway ${short}: eager`, number(eager), eager],
        ];
      }),
      ...catalogCost.map(([what, count, cost]) => [`catalog tools/list, ${what} (${count})`, number(cost), cost]),
    ],
    "Log scale; estimateTokens. From the amicited-gateway and tool-catalog benches.",
  );
  const quality = tableAfter(markdown, "| ranker | set | top-1 | recall@5");
  const sets = [...new Set(quality.map(([, set]) => set))];
  const rankers = [...new Set(quality.map(([ranker]) => ranker))];
  const search = groupedBars(
    "Tool search top-1 accuracy: plain BM25 vs the catalog's ranking",
    rankers.map((ranker) => ranker.replace(/ \(.*\)$/, "")),
    sets.map((set) => [set.replace(/ \(.*\)$/, ""), rankers.map((ranker) => number(quality.find(([r, s]) => r === ranker && s === set)[2]))]),
    "Labelled plain-language requests; holdout 2 was never tuned on. From the tool-catalog bench.",
    "%",
  );
  const latency = tableAfter(markdown, "| tools | register all | build index").filter(([tools]) => /^\d+$/.test(tools));
  const growth = logLines(
    "Search latency as the catalog grows",
    [
      ["median search", latency.map(([tools, , , median]) => [Number(tools), number(median)])],
      ["p95 search", latency.map(([tools, , , , p95]) => [Number(tools), number(p95)])],
    ],
    "One query after a warm-up; the larger catalog is synthesised from the corpus. From the tool-catalog bench.",
    "tools in the catalog (log scale)",
    "ms per search",
  );
  return { "bench-token-costs.svg": tokens, "bench-search-quality.svg": search, "bench-search-latency.svg": growth };
}

const LINKS_MARK = "Charts of the headline figures:";

/** Writes the charts beside the report and makes sure the report links them. */
export function drawCharts(report) {
  const markdown = readFileSync(report, "utf8");
  const charts = chartsOf(markdown);
  for (const [name, svg] of Object.entries(charts)) {
    const file = path.join(path.dirname(report), name);
    writeFileSync(`${file}.tmp`, svg);
    renameSync(`${file}.tmp`, file);
  }
  if (!markdown.includes(LINKS_MARK)) {
    const links = `${LINKS_MARK} ${Object.keys(charts).map((name) => `[${name.replace(/^bench-|\.svg$/g, "").replace(/-/g, " ")}](${name})`).join(" · ")}\n\n${Object.keys(charts).map((name) => `![${name}](${name})`).join("\n")}\n`;
    const at = markdown.indexOf("\n## ");
    const updated = at < 0 ? `${markdown}\n${links}` : `${markdown.slice(0, at)}\n${links}${markdown.slice(at)}`;
    writeFileSync(`${report}.tmp`, updated);
    renameSync(`${report}.tmp`, report);
  }
  return Object.keys(charts);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = path.resolve(fileURLToPath(new URL("../../docs/benchmarks.md", import.meta.url)));
  console.log(`drew ${drawCharts(report).join(", ")} from docs/benchmarks.md`);
}
