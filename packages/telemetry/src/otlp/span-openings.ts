// What every span of one kind and one series (method, transport, tool, prompt, protocol version)
// starts with, encoded once and kept: its name and kind, and the convention's attributes that a
// span shares with its duration histogram (semconv.ts writeConventionAttributes), as OTLP JSON
// text. A relay's calls are nearly all of a few series, and encoding those five or six attributes
// afresh for every span (a JSON string each, a dozen concatenations) was, with copying the
// resulting many-piece text into the export queue, most of a warm span's cost (decision 0043).
// The texts are built by join, so each is one flat string: a span's text then has a few large
// pieces to copy instead of dozens of small ones. Bounded like the histograms' series: past
// MAX_SPAN_OPENINGS series a new one is encoded for its span and not kept.
import { NOT_SET, seriesFacts } from "../bridge";
import { spanNameOf, writeConventionAttributes, type NetworkTransport, type OperationFacts } from "../semconv";
import { SeriesTree } from "../series-tree";
import { attributeText, spanHeadText } from "./otlp-json";

/** Most series (with the span kind) whose openings are kept. */
export const MAX_SPAN_OPENINGS = 2000;

/** A span's encoded start: name and kind (SpanRecord.head), and its first attributes (SpanRecord.attributesText). */
export interface SpanOpening {
  head: string;
  attributesText: string;
}

function openingOf(values: readonly string[]): SpanOpening {
  const [kind, method, transport, toolName, promptName, protocolVersion] = values as [string, string, NetworkTransport, string, string, string];
  const facts = seriesFacts(method, toolName, promptName, protocolVersion);
  const attributes: string[] = [];
  writeConventionAttributes({ setAttribute: (key, value) => void attributes.push(attributeText(key, value)) }, facts, transport, undefined);
  return { head: spanHeadText(spanNameOf(facts), kind === "2" ? 2 : 3), attributesText: attributes.join(",") };
}

export class SpanOpenings {
  private readonly tree: SeriesTree<SpanOpening>;

  constructor(maxOpenings: number = MAX_SPAN_OPENINGS) {
    this.tree = new SeriesTree(maxOpenings);
  }

  /**
   * The opening of a span of `kind` for the operation `facts` describes.
   *
   * @example const { head, attributesText } = openings.of(3, facts, "pipe", "2025-11-25");
   */
  of(kind: 2 | 3, facts: OperationFacts, transport: NetworkTransport, protocolVersion: string | undefined): SpanOpening {
    const values = [kind === 2 ? "2" : "3", facts.method, transport, facts.toolName ?? NOT_SET, facts.promptName ?? NOT_SET, facts.protocolVersion ?? protocolVersion ?? NOT_SET];
    return this.tree.find(values, openingOf) ?? openingOf(values);
  }
}
