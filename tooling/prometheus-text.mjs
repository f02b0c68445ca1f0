// The Prometheus text format read back for tests, through the npm parser
// parse-prometheus-text-format (families with name, help, type and samples). That parser keeps a
// labeled histogram's buckets but drops its _sum and _count; `sampleValue` reads one sample line
// exactly, for those.
import parsePrometheusTextFormat from "parse-prometheus-text-format";

/** The metric families of a /metrics body. */
export function parsePrometheusText(text) {
  return parsePrometheusTextFormat(text);
}

function escapeLabel(value) {
  return value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
}

/** The value of the sample `name{labels}` (labels in the order written), or undefined. */
export function sampleValue(text, name, labels = {}) {
  const pairs = Object.entries(labels).map(([key, value]) => `${key}="${escapeLabel(value)}"`);
  const head = pairs.length === 0 ? name : `${name}{${pairs.join(",")}}`;
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${head} `));
  return line === undefined ? undefined : Number(line.slice(head.length + 1));
}

/**
 * What two scrapes of the same calls must share whatever else differs (values, timings): every
 * HELP and TYPE line and every sample's name and labels (le included), without its value, sorted;
 * `keep` picks the metric families (by name) to compare.
 */
export function seriesOutline(text, keep = () => true) {
  const familyOf = (name) => name.replace(/_(bucket|sum|count)$/, "");
  const lines = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+)/.exec(line);
    if (comment) {
      if (keep(comment[2])) lines.push(line);
      continue;
    }
    const series = line.slice(0, line.lastIndexOf(" "));
    const name = /^[^{ ]+/.exec(series)?.[0] ?? "";
    if (keep(name) || keep(familyOf(name))) lines.push(series);
  }
  return lines.sort();
}
