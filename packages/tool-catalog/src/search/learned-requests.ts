// Requests a host saw answered by a tool (an agent searched, then called or described the tool),
// kept per tool so the index can read them as one more field of the tool's text. This is how a
// deployment's own words reach its tools: "scholarly resources" for a tool that says "academic
// papers". Bounded per tool (the newest kept); a request said again moves to the newest place.
// Neighbours: search/bm25f-index.ts indexes the text as the `requests` field, catalog.ts decides
// when a rebuilt index reads them.

import { learnableRequest, sameLearnedRequest } from "@foundry-mcp/core";
import { CatalogError, CatalogErrorCode, checkedInteger } from "../errors";

/** One request a host saw answered by one tool. */
export interface LearnedRequest {
  tool: string;
  request: string;
}

/** How a catalog learns from requests (`search.learning`; `false` turns learning off). */
export interface LearningOptions {
  /** Newest distinct requests kept per tool (default 20, 1 to 200). */
  maxPerTool?: number;
  /** Requests kept in all; past it the oldest are forgotten first (default 20,000, 1 to 1,000,000). */
  maxTotal?: number;
  /**
   * Milliseconds a built index serves before a search rebuilds it to read requests learned
   * since (default 10,000; 0 reads them at the next search). Rebuilding costs about as much as
   * the first search after start (about a second at 10,000 tools), so it is not done per request.
   */
  refreshMs?: number;
}

/** The longest request `learn` keeps, in characters. */
export const MAX_LEARNED_REQUEST_LENGTH = 2000;
/** Requests a catalog keeps in all when `maxTotal` is not given (hosts that store them keep as many). */
export const DEFAULT_LEARNED_TOTAL = 20_000;
const DEFAULT_MAX_PER_TOOL = 20;
const MOST_PER_TOOL = 200;
const MOST_TOTAL = 1_000_000;
const DEFAULT_REFRESH_MS = 10_000;
const MOST_REFRESH_MS = 3_600_000;

// One kept request and its place in the learning order of all tools.
interface Learned {
  request: string;
  at: number;
}

/** The requests learned per tool, in learning order. */
export class LearnedRequests {
  readonly maxPerTool: number;
  readonly refreshMs: number;
  readonly maxTotal: number;
  /** Bumped by every change, so the catalog knows when its index is behind. */
  version = 0;
  // Per tool, its requests from oldest to newest; a Map keeps tools in first-learned order.
  private readonly byTool = new Map<string, Learned[]>();
  private sequence = 0;
  private total = 0;

  constructor(options: LearningOptions = {}) {
    if (options === null || typeof options !== "object") {
      throw new CatalogError(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `search.learning must be an object or false; got ${String(options)}.`);
    }
    const option = (name: keyof LearningOptions, fallback: number, least: number, most: number) =>
      checkedInteger(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `search.learning.${name}`, options[name], least, most, fallback);
    this.maxPerTool = option("maxPerTool", DEFAULT_MAX_PER_TOOL, 1, MOST_PER_TOOL);
    this.refreshMs = option("refreshMs", DEFAULT_REFRESH_MS, 0, MOST_REFRESH_MS);
    this.maxTotal = option("maxTotal", DEFAULT_LEARNED_TOTAL, 1, MOST_TOTAL);
  }

  /** Records one request for one (registered) tool; the caller checked the tool. */
  add(tool: string, request: unknown): void {
    if (typeof request !== "string") {
      throw new CatalogError(CatalogErrorCode.INVALID_LEARNED_REQUEST, `request must be a string; got ${request === null ? "null" : typeof request}.`);
    }
    if (request.trim() === "") throw new CatalogError(CatalogErrorCode.INVALID_LEARNED_REQUEST, "request is empty; pass the words the agent searched with.");
    // What looks like a secret or an identifier is never learned (core's learnableRequest).
    const text = learnableRequest(request);
    if (text === "") {
      throw new CatalogError(CatalogErrorCode.INVALID_LEARNED_REQUEST, "request holds only what looks like a secret, an address or an identifier; nothing is learned from it.");
    }
    if (text.length > MAX_LEARNED_REQUEST_LENGTH) {
      throw new CatalogError(
        CatalogErrorCode.INVALID_LEARNED_REQUEST,
        `request is ${text.length} characters; at most ${MAX_LEARNED_REQUEST_LENGTH} are learned. Pass the search request, not a transcript.`,
        { details: { length: text.length, most: MAX_LEARNED_REQUEST_LENGTH } },
      );
    }
    const learned = this.byTool.get(tool) ?? [];
    const key = sameLearnedRequest(text);
    // Kept requests are spaced already; only their case is left to fold.
    const seen = learned.findIndex((known) => known.request.toLowerCase() === key);
    if (seen >= 0) {
      learned.splice(seen, 1);
      this.total -= 1;
    }
    learned.push({ request: text, at: (this.sequence += 1) });
    this.total += 1;
    this.byTool.set(tool, learned);
    if (learned.length > this.maxPerTool) this.dropOldest(tool);
    while (this.total > this.maxTotal) this.dropOldest(this.toolWithOldest());
    // A request learned again only moves: the tool's words are the same, so the index need not be rebuilt.
    if (seen < 0) this.version += 1;
  }

  // Forgets one tool's oldest request.
  private dropOldest(tool: string): void {
    const learned = this.byTool.get(tool)!;
    learned.shift();
    this.total -= 1;
    if (learned.length === 0) this.byTool.delete(tool);
  }

  // The tool holding the oldest request of all (a scan over tools: only when over maxTotal).
  private toolWithOldest(): string {
    let oldest = "";
    let at = Infinity;
    for (const [tool, learned] of this.byTool) {
      if (learned[0]!.at < at) {
        at = learned[0]!.at;
        oldest = tool;
      }
    }
    return oldest;
  }

  /** Forgets one tool's requests, or every tool's. */
  forget(tool?: string): void {
    if (tool === undefined) {
      this.byTool.clear();
      this.total = 0;
    } else if (this.byTool.has(tool)) {
      this.total -= this.byTool.get(tool)!.length;
      this.byTool.delete(tool);
    } else {
      return;
    }
    this.version += 1;
  }

  /** One tool's requests as one text (undefined when none). */
  textOf(tool: string): string | undefined {
    return this.byTool.get(tool)?.map((learned) => learned.request).join(" \n ");
  }

  /** Every request, oldest first: learning them again in this order rebuilds the same state. */
  entries(): LearnedRequest[] {
    const all = [...this.byTool].flatMap(([tool, learned]) => learned.map(({ request, at }) => ({ at, tool, request })));
    return all.sort((left, right) => left.at - right.at).map(({ tool, request }) => ({ tool, request }));
  }
}
