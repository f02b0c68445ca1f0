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
