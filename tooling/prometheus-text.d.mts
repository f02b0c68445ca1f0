// Types of prometheus-text.mjs for the TypeScript tests that import it.
/** One metric family as parse-prometheus-text-format returns it. */
export interface MetricFamily {
  name: string;
  help: string;
  /** COUNTER, GAUGE, HISTOGRAM, SUMMARY or UNTYPED. */
  type: string;
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }>;
}
/** The metric families of a /metrics body. */
export declare function parsePrometheusText(text: string): MetricFamily[];
/** The value of the sample `name{labels}` (labels in the order written), or undefined. */
export declare function sampleValue(text: string, name: string, labels?: Record<string, string>): number | undefined;
/** Every HELP and TYPE line and every sample's name and labels (no value) of the kept families, sorted. */
export declare function seriesOutline(text: string, keep?: (name: string) => boolean): string[];
