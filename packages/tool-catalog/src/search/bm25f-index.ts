// BM25F index over tools: fields (name, title, toolset, description, parameter names and
// parameter help text, and the requests a host learned for the tool), each
// with its own weight and length normalisation, folded into one saturated term frequency per
// (term, tool) at build time so a query only walks posting lists. Neighbours: search/text.ts
// analyses the text, search/rank.ts combines term scores into tool scores.

import type { JsonSchemaObject, SearchField } from "../types";
import { analyse, splitWords } from "./text";
import { WordPairIndex } from "./word-pairs";
import { DerivationalFamilies } from "@foundry-mcp/text-analysis";
import { EnumValueIndex } from "./enum-fit";
import { splitCompound } from "./name-segments";
import { NearSpellingIndex, type SpellingCandidates } from "./near-spellings";

/**
 * Indexed fields in bit order (a posting's `mask` has bit i set when INDEX_FIELDS[i] holds the
 * term). The description is split: its lead sentence says what the tool does, the rest is usage
 * notes, so they weigh differently. `requests` holds the requests a host saw the tool answer
 * (search/learned-requests.ts); it is empty until the host learns one.
 */
export const INDEX_FIELDS = ["name", "title", "toolset", "lead", "description", "parameters", "parameterNames", "requests"] as const;

/** One indexed field. */
export type IndexField = (typeof INDEX_FIELDS)[number];

/** The field each indexed field is reported as in `matchedIn` (learned requests are not the tool's own text: none). */
export const REPORTED_FIELD: Record<IndexField, SearchField | undefined> = {
  name: "name",
  title: "title",
  toolset: "toolset",
  lead: "description",
  description: "description",
  parameters: "parameters",
  parameterNames: "parameters",
  requests: undefined,
};

/** Per-field weight and length normalisation (b); k1 is shared. */
export interface Bm25fSettings {
  weights: Record<IndexField, number>;
  lengthNormalisation: Record<IndexField, number>;
  k1: number;
}

/**
 * Weights chosen so a word in a tool's name outranks the same word in a parameter's help text.
 * Parameter help weighs 0.3 (0.15 before issue 32): a tool with a terse description often says
 * the rest in its parameters' help ("the city to get the weather for"); the change moved the
 * external sets and the earlier holdouts up and no dev set down. Learned requests weigh 0.5 with
 * no length normalisation: the field's average length depends on how many tools learned any, and
 * one request on one tool of hundreds weighed nothing (decision 0055; 0.25–1 measured alike).
 */
export const DEFAULT_BM25F: Bm25fSettings = {
  weights: { name: 2, title: 1.5, toolset: 0.2, lead: 1.5, description: 0.5, parameters: 0.3, parameterNames: 0.2, requests: 0.5 },
  lengthNormalisation: { name: 0.5, title: 0.5, toolset: 0.3, lead: 0.5, description: 0.75, parameters: 0.75, parameterNames: 0.5, requests: 0 },
  k1: 1.6,
};

const TOOLSET_FIELD = INDEX_FIELDS.indexOf("toolset");
/** Position of the learned requests' field in INDEX_FIELDS (bit of a posting's mask). */
export const REQUESTS_FIELD = INDEX_FIELDS.indexOf("requests");

/** BM25's saturation of a term's weighted frequency over a tool's fields. */
export function saturated(weighted: number, k1: number): number {
  return (weighted * (k1 + 1)) / (weighted + k1);
}

/**
 * The weighted frequency a saturated posting weight came from (saturated's inverse). With k1 = 0
 * BM25 counts presence only: every positive frequency saturates to 1 and none can be recovered, so
 * the weight itself stands in (it saturates to 1 again).
 */
export function unsaturated(weight: number, k1: number): number {
  return k1 === 0 ? weight : (weight * k1) / (k1 + 1 - weight);
}

/** BM25's inverse document frequency of a word `documentFrequency` of `size` tools hold (never negative). */
export function inverseDocumentFrequency(size: number, documentFrequency: number): number {
  return Math.log(1 + (size - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

// The lead sentence and the rest of a description.
function splitDescription(description: string): [string, string] {
  const flat = description.replace(/\s+/g, " ").trim();
  const match = /^(.+?[.!?:])(\s|$)/.exec(flat);
  if (match === null) return [flat, ""];
  return [match[1]!, flat.slice(match[1]!.length)];
}

// Positions in INDEX_FIELDS of the fields that say what a tool does (not its toolset or parameters).
const DESCRIBING_FIELDS = (["name", "title", "lead", "description"] as const).map((field) => INDEX_FIELDS.indexOf(field));

/** The text of one tool as the index sees it. */
export interface IndexableTool {
  name: string;
  title?: string;
  toolsetText: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** Requests learned for the tool, as one text (search/learned-requests.ts). */
  learned?: string;
}

// One text reduced to its distinct stems and their counts.
interface TextTerms {
  length: number;
  stems: string[];
  counts: number[];
}

/** Postings of one term: parallel arrays of tool number, saturated weight and field mask. */
export interface Postings {
  docs: number[];
  weights: number[];
  masks: number[];
}

// Parameter names, and their descriptions and enum values, one level into nested objects (`query: {…}`).
function parameterText(schema: JsonSchemaObject, depth = 0, names: string[] = [], help: string[] = []): { names: string; help: string } {
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property === null || typeof property !== "object") continue;
    names.push(key);
    if (typeof property.description === "string") help.push(property.description);
    if (Array.isArray(property.enum)) help.push(property.enum.filter((value) => typeof value === "string").join(" "));
    if (depth < 1) parameterText(property, depth + 1, names, help);
    const items = property.items as JsonSchemaObject | undefined;
    if (depth < 1 && items !== undefined && items !== null && typeof items === "object") parameterText(items, depth + 1, names, help);
  }
  return { names: names.join(" "), help: help.join(" ") };
}

// The parts of the words of a name that no other field of any tool holds and that split wholly
// into words those fields do hold (search/name-segments.ts).
function compoundParts(name: string, otherWords: ReadonlySet<string>): string[] {
  const known = (part: string) => otherWords.has(part);
  return splitWords(name).flatMap((word) => (otherWords.has(word) ? [] : (splitCompound(word, known) ?? [])));
}

/**
 * What ranking reads of an index, per term: a Bm25fIndex, or one with a tenant's learned requests
 * laid over it (search/learned-overlay.ts), which reads the same as an index built with them.
 */
export interface TermIndex {
  /** The built index underneath (the index itself when nothing is laid over it). */
  readonly built: Bm25fIndex;
  readonly size: number;
  readonly postings: { get(stem: string): Postings | undefined };
  /** Surface words seen in any field → their stem (for prefix and typo expansion). */
  readonly surfaceWords: ReadonlyMap<string, string>;
  /** The surface words a request word's near spellings and letter-alike words are measured against (search/near-spellings.ts). */
  readonly nearSpellings: SpellingCandidates;
  readonly derivationalFamilies: { relatives(word: string, ownStem: string): string[] };
  readonly nameStemCounts: readonly number[];
  readonly wordCounts: readonly number[];
  readonly averageWordCount: number;
  idf(stem: string): number;
  has(stem: string): boolean;
  documentFrequency(stem: string): number;
}

/** An immutable BM25F index of a list of tools (rebuilt when the catalog changes). */
export class Bm25fIndex implements TermIndex {
  readonly size: number;
  readonly postings = new Map<string, Postings>();
  /** Surface words seen in any field → their stem (for prefix and typo expansion). */
  readonly surfaceWords = new Map<string, string>();
  /** Candidates for typos and letter-alike words among the surface words, made on the first word that asks. */
  readonly nearSpellings = new NearSpellingIndex(this.surfaceWords);
  /** Adjacent word pairs of each tool's name, title and description (search/word-pairs.ts). */
  readonly wordPairs = new WordPairIndex();
  /** Enumerated parameter values of each tool (search/enum-fit.ts). */
  readonly enumValues = new EnumValueIndex();
  /** Distinct stems in each tool's name (for the name-coverage bonus). */
  readonly nameStemCounts: number[] = [];
  /** Each tool's indexed words (every field but the toolset's and the learned requests'), and their average (for the second stage). */
  readonly wordCounts: number[] = [];
  /** Per tool, the distinct stems of what it says it does: its name, title, lead and description (search/distinct-words.ts). */
  readonly describingStems: string[][] = [];
  readonly averageWordCount: number;
  readonly settings: Bm25fSettings;
  /** Words of every tool's learned requests in all (the `requests` field's total length). */
  readonly learnedLength: number;
  private families: DerivationalFamilies | undefined;

  constructor(tools: readonly IndexableTool[], settings: Bm25fSettings = DEFAULT_BM25F) {
    this.settings = settings;
    this.size = tools.length;
    const fieldCount = INDEX_FIELDS.length;
    const lengths: number[][] = [];
    // Per tool: its distinct stems, and a flat table of counts (stem × field).
    const docStems: string[][] = [];
    const docCounts: Uint16Array[] = [];
    const totals = new Array<number>(fieldCount).fill(0);
    // Toolset texts and shared schemas recur across tools: analyse each distinct text once,
    // down to its distinct stems and their counts.
    const analysed = new Map<string, TextTerms>();
    const schemaTexts = new WeakMap<object, { names: string; help: string }>();
    const termsOf = (text: string): TextTerms => {
      let terms = analysed.get(text);
      if (terms === undefined) {
        terms = this.countTerms(text);
        analysed.set(text, terms);
      }
      return terms;
    };
    // The other fields first: their words are the vocabulary a compound name splits into.
    const otherTerms = tools.map((tool) => {
      const [lead, rest] = splitDescription(tool.description);
      let parameters = schemaTexts.get(tool.inputSchema);
      if (parameters === undefined) {
        parameters = parameterText(tool.inputSchema);
        schemaTexts.set(tool.inputSchema, parameters);
      }
      return { lead, rest, terms: [tool.title ?? "", tool.toolsetText, lead, rest, parameters.help, parameters.names].map(termsOf) };
    });
    // A name splits into the tools' own words, never into words a host learned (so a tenant's
    // requests laid over the index later read the same as requests built into it).
    const otherWords = new Set(this.surfaceWords.keys());
    tools.forEach((tool, doc) => otherTerms[doc]!.terms.push(termsOf(tool.learned ?? "")));
    const slots = new Map<string, number>();
    tools.forEach((tool, doc) => {
      const { lead, rest, terms } = otherTerms[doc]!;
      this.enumValues.add(doc, tool.inputSchema);
      this.wordPairs.add(doc, [tool.name, tool.title ?? "", lead, rest]);
      // A compound name's parts join the title: they weigh like a title's words, below the name's
      // own (as name words they pulled generic requests, "social media…", to "socialsearch").
      const parts = compoundParts(tool.name, otherWords);
      const fieldTerms = [termsOf(tool.name), parts.length === 0 ? terms[0]! : termsOf(`${tool.title ?? ""} ${parts.join(" ")}`), ...terms.slice(1)];
      slots.clear();
      const stems: string[] = [];
      for (const terms of fieldTerms) for (const stem of terms.stems) if (!slots.has(stem)) slots.set(stem, stems.push(stem) - 1);
      const table = new Uint16Array(stems.length * fieldCount);
      fieldTerms.forEach((terms, field) => {
        terms.stems.forEach((stem, position) => {
          const slot = slots.get(stem)! * fieldCount + field;
          table[slot] = Math.min(65_535, table[slot]! + terms.counts[position]!);
        });
        totals[field]! += terms.length;
      });
      lengths.push(fieldTerms.map((terms) => terms.length));
      this.nameStemCounts.push(fieldTerms[0]!.stems.length);
      this.wordCounts.push(fieldTerms.reduce((sum, terms, field) => (field === TOOLSET_FIELD || field === REQUESTS_FIELD ? sum : sum + terms.length), 0));
      docStems.push(stems);
      this.describingStems.push(stems.filter((_, slot) => DESCRIBING_FIELDS.some((field) => table[slot * fieldCount + field]! > 0)));
      docCounts.push(table);
    });
    this.averageWordCount = Math.max(this.wordCounts.reduce((sum, count) => sum + count, 0) / Math.max(tools.length, 1), 1);
    this.learnedLength = totals[REQUESTS_FIELD]!;
    const averages = totals.map((total) => (tools.length === 0 ? 1 : Math.max(total / tools.length, 1e-9)));
    docStems.forEach((stems, doc) => {
      const table = docCounts[doc]!;
      stems.forEach((stem, slot) => {
        let weighted = 0;
        let mask = 0;
        for (let field = 0; field < fieldCount; field += 1) {
          const frequency = table[slot * fieldCount + field]!;
          if (frequency === 0) continue;
          const name = INDEX_FIELDS[field]!;
          const b = settings.lengthNormalisation[name];
          const norm = 1 - b + (b * lengths[doc]![field]!) / averages[field]!;
          weighted += (settings.weights[name] * frequency) / norm;
          mask |= 1 << field;
        }
        let postings = this.postings.get(stem);
        if (postings === undefined) {
          postings = { docs: [], weights: [], masks: [] };
          this.postings.set(stem, postings);
        }
        postings.docs.push(doc);
        postings.weights.push(saturated(weighted, settings.k1));
        postings.masks.push(mask);
      });
    });
  }

  // Distinct stems of one text with their counts; records surface words for expansion.
  private countTerms(text: string): TextTerms {
    const counts = new Map<string, number>();
    const words = analyse(text);
    for (const { word, stem } of words) {
      if (!this.surfaceWords.has(word)) this.surfaceWords.set(word, stem);
      counts.set(stem, (counts.get(stem) ?? 0) + 1);
    }
    return { length: words.length, stems: [...counts.keys()], counts: [...counts.values()] };
  }

  get built(): Bm25fIndex {
    return this;
  }

  /** Inverse document frequency of a stem (BM25's, never negative). */
  idf(stem: string): number {
    return inverseDocumentFrequency(this.size, this.documentFrequency(stem));
  }

  /** Indexed stems by derivational root (@foundry-mcp/text-analysis derivation.ts), grouped on the first request that asks. */
  get derivationalFamilies(): DerivationalFamilies {
    this.families ??= new DerivationalFamilies(this.surfaceWords);
    return this.families;
  }

  /** True when some tool holds the stem. */
  has(stem: string): boolean {
    return this.postings.has(stem);
  }

  /** How many tools hold the stem. */
  documentFrequency(stem: string): number {
    return this.postings.get(stem)?.docs.length ?? 0;
  }
}
