// Requests a host saw answered by a tool (an agent searched, then called or described the tool),
// kept per tool so the index can read them as one more field of the tool's text. This is how a
// deployment's own words reach its tools: "scholarly resources" for a tool that says "academic
// papers". Bounded per tool (the newest kept); a request said again moves to the newest place.
// A request is learned for every search, or for one tenant's (decision 0056): a host serving
// several tenants keeps each one's words out of the others' rankings. Bounded per tenant, and in
// all by fair shares that fill the bound (decision 0057): past it only the tenants with the most
// requests lose their oldest, so one tenant's volume never evicts another's learning.
// Neighbours: search/bm25f-index.ts indexes the text as the `requests` field, catalog.ts decides
// when a rebuilt index reads them, search/learned-tenants.ts lays a tenant's over the index.

import { fairShareCounts, learnableRequest, sameLearnedRequest } from "@foundry-mcp/core";
import { CatalogError, CatalogErrorCode, checkedInteger } from "../errors";

/** One request a host saw answered by one tool. */
export interface LearnedRequest {
  tool: string;
  request: string;
  /** The tenant whose searches it ranks (absent: every search). */
  tenant?: string;
}

/** What `forgetLearned` forgets: one tool's requests, one tenant's, one tenant's for one tool, or (neither) all. */
export interface LearnedSelection {
  tool?: string;
  tenant?: string;
}

/** The longest tenant name, in characters. */
export const MAX_TENANT_LENGTH = 256;

/** `tenant` checked: undefined, or a string of 1 to MAX_TENANT_LENGTH characters (else INVALID_TENANT). */
export function checkedTenant(tenant: unknown): string | undefined {
  if (tenant === undefined) return undefined;
  if (typeof tenant !== "string" || tenant === "" || tenant.length > MAX_TENANT_LENGTH) {
    const got = typeof tenant === "string" ? `${tenant.length} characters` : tenant === null ? "null" : typeof tenant;
    throw new CatalogError(CatalogErrorCode.INVALID_TENANT, `tenant must be a string of 1 to ${MAX_TENANT_LENGTH} characters naming whose searches a learned request ranks; got ${got}.`, {
      details: { most: MAX_TENANT_LENGTH },
    });
  }
  return tenant;
}

/** How a catalog learns from requests (`search.learning`; `false` turns learning off). */
export interface LearningOptions {
  /** Newest distinct requests kept per tool (default 20, 1 to 200). */
  maxPerTool?: number;
  /**
   * Requests kept in all, every tenant's counted (default 20,000, 1 to 1,000,000). Past it exactly
   * this many are kept: every request is ranked by its place from its tenant's newest, then newer
   * first, and the first `maxTotal` stay (core's fairShareCounts; requests learned for every search
   * count as one tenant). Each tenant keeps min(count, L) or L + 1: only the tenants with the most
   * requests lose their oldest, so a tenant that teaches a great deal never pushes out a quieter
   * tenant's requests.
   */
  maxTotal?: number;
  /**
   * Requests kept for one tenant; past it that tenant's oldest are forgotten first (default 5,000,
   * 1 to 1,000,000), before `maxTotal`'s shares are worked out. Requests learned for every search
   * are bounded by `maxTotal` only.
   */
  maxPerTenant?: number;
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
/** Requests a catalog keeps for one tenant when `maxPerTenant` is not given (hosts that store them per tenant keep as many). */
export const DEFAULT_LEARNED_PER_TENANT = 5_000;
/** Distinct requests a catalog keeps per tool (in each tenant) when `maxPerTool` is not given (hosts that store them keep as many). */
export const DEFAULT_LEARNED_PER_TOOL = 20;
const MOST_PER_TOOL = 200;
const MOST_TOTAL = 1_000_000;
const DEFAULT_REFRESH_MS = 10_000;
const MOST_REFRESH_MS = 3_600_000;

// One kept request and its place in the learning order of all tools.
interface Learned {
  request: string;
  at: number;
}

// The requests of one tenant (or of every search), per tool from oldest to newest (a Map keeps
// tools in first-learned order), all of them oldest first by when and for which tool each was
// learned (so the fair cut finds a tenant's n-th newest, and the tools its oldest are in, without
// reading every tool), the version of their newest change, and how many there are.
interface TenantRequests {
  byTool: Map<string, Learned[]>;
  order: { at: number; tool: string }[];
  version: number;
  count: number;
}

// The key of the requests every search ranks with (a tenant's name is never empty).
const EVERY_SEARCH = "";

/** The requests learned per tenant and tool, in learning order. */
export class LearnedRequests {
  readonly maxPerTool: number;
  readonly refreshMs: number;
  readonly maxTotal: number;
  readonly maxPerTenant: number;
  // The requests of every search first, then each tenant's.
  private readonly tenants = new Map<string, TenantRequests>([[EVERY_SEARCH, { byTool: new Map(), order: [], version: 0, count: 0 }]]);
  private sequence = 0;
  private total = 0;
  // Versions are drawn from one count for every tenant, so a tenant whose requests all went and who
  // learns again never gets a version an overlay of its old requests was made at.
  private changes = 0;

  constructor(options: LearningOptions = {}) {
    if (options === null || typeof options !== "object") {
      throw new CatalogError(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `search.learning must be an object or false; got ${String(options)}.`);
    }
    const option = (name: keyof LearningOptions, fallback: number, least: number, most: number) =>
      checkedInteger(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `search.learning.${name}`, options[name], least, most, fallback);
    this.maxPerTool = option("maxPerTool", DEFAULT_LEARNED_PER_TOOL, 1, MOST_PER_TOOL);
    this.refreshMs = option("refreshMs", DEFAULT_REFRESH_MS, 0, MOST_REFRESH_MS);
    this.maxTotal = option("maxTotal", DEFAULT_LEARNED_TOTAL, 1, MOST_TOTAL);
    this.maxPerTenant = option("maxPerTenant", DEFAULT_LEARNED_PER_TENANT, 1, MOST_TOTAL);
  }

  // A new version, never given before.
  private changed(): number {
    return (this.changes += 1);
  }

  /** Moved by every change to the requests every search ranks with, so the catalog knows when its index is behind. */
  get version(): number {
    return this.tenants.get(EVERY_SEARCH)!.version;
  }

  /** Moved by every change to one tenant's requests, never back to an earlier value; undefined while it has none. */
  tenantVersion(tenant: string): number | undefined {
    return tenant === EVERY_SEARCH ? undefined : this.tenants.get(tenant)?.version;
  }

  /** Records one request for one (registered) tool, for every search or one tenant's (checked); the caller checked the tool. */
  add(tool: string, request: unknown, tenant: string = EVERY_SEARCH): void {
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
    let requests = this.tenants.get(tenant);
    if (requests === undefined) {
      requests = { byTool: new Map(), order: [], version: this.changed(), count: 0 };
      this.tenants.set(tenant, requests);
    }
    const learned = requests.byTool.get(tool) ?? [];
    const key = sameLearnedRequest(text);
    // Kept requests are spaced already; only their case is left to fold.
    const seen = learned.findIndex((known) => known.request.toLowerCase() === key);
    // Said again in another case, the request's words may differ ("GitHub" splits, "github" does not).
    const rewritten = seen >= 0 && learned[seen]!.request !== text;
    if (seen >= 0) {
      removeLearnedAt(requests.order, learned.splice(seen, 1)[0]!.at);
      this.total -= 1;
      requests.count -= 1;
    }
    learned.push({ request: text, at: (this.sequence += 1) });
    requests.order.push({ at: this.sequence, tool });
    this.total += 1;
    requests.count += 1;
    requests.byTool.set(tool, learned);
    if (learned.length > this.maxPerTool) this.dropOldestOfTool(tenant, tool);
    if (tenant !== EVERY_SEARCH && requests.count > this.maxPerTenant) this.dropOldestOfTenant(tenant, 1);
    if (this.total > this.maxTotal) this.cutToFairShares();
    // A request learned again as written only moves: the tool's words are the same, so the index need not be rebuilt.
    if (seen < 0 || rewritten) requests.version = this.changed();
  }

  // Forgets the oldest request of one tenant's tool.
  private dropOldestOfTool(tenant: string, tool: string): void {
    const requests = this.tenants.get(tenant)!;
    const learned = requests.byTool.get(tool)!;
    removeLearnedAt(requests.order, learned.shift()!.at);
    if (learned.length === 0) requests.byTool.delete(tool);
    this.dropped(tenant, requests, 1);
  }

  // Forgets the `count` oldest requests of one tenant, whichever tools hold them: each is the
  // oldest of its tool when its turn comes (each tool's list is oldest first).
  private dropOldestOfTenant(tenant: string, count: number): void {
    const requests = this.tenants.get(tenant)!;
    for (const { tool } of requests.order.splice(0, count)) {
      const learned = requests.byTool.get(tool)!;
      learned.shift();
      if (learned.length === 0) requests.byTool.delete(tool);
    }
    this.dropped(tenant, requests, count);
  }

  // Past maxTotal (decision 0057): the first maxTotal requests by place from their tenant's newest,
  // then newer first, stay (core's fairShareCounts; every search's requests count as one tenant).
  // Only the tenants with the most requests lose their oldest, so one tenant's volume never pushes
  // out another's learning; a tenant cut gets a new version and its overlay is made again. The
  // ranking does not depend on when the cuts happen, so a host that keeps the requests and cuts
  // them less often (workspace-store's LearnedRequestLog) keeps the same.
  private cutToFairShares(): void {
    // Read with forEach, which makes no [key, value] pair per tenant: this runs at every learn past the bound.
    const [names, held, counts] = [[] as string[], [] as TenantRequests[], [] as number[]];
    this.tenants.forEach((requests, tenant) => {
      names.push(tenant);
      held.push(requests);
      counts.push(requests.count);
    });
    const kept = fairShareCounts(counts, this.maxTotal, (index, place) => held[index]!.order[counts[index]! - 1 - place]!.at);
    for (const [index, tenant] of names.entries()) if (counts[index]! > kept[index]!) this.dropOldestOfTenant(tenant, counts[index]! - kept[index]!);
  }

  // Counts `count` requests of `tenant` gone: a new version, and a tenant with none left goes.
  private dropped(tenant: string, requests: TenantRequests, count: number): void {
    this.total -= count;
    requests.count -= count;
    requests.version = this.changed();
    if (requests.byTool.size === 0 && tenant !== EVERY_SEARCH) this.tenants.delete(tenant);
  }

  /** Forgets what `selection` names (a tenant checked by the caller): a tool's requests in every tenant or one, a tenant's, or all. */
  forget(selection: LearnedSelection = {}): void {
    for (const [tenant, requests] of this.tenants) {
      if (selection.tenant !== undefined && tenant !== selection.tenant) continue;
      const tools = selection.tool === undefined ? [...requests.byTool.keys()] : requests.byTool.has(selection.tool) ? [selection.tool] : [];
      if (tools.length === 0) continue;
      const forgotten = new Set<number>();
      for (const tool of tools) {
        for (const { at } of requests.byTool.get(tool)!) forgotten.add(at);
        requests.byTool.delete(tool);
      }
      requests.order = requests.order.filter(({ at }) => !forgotten.has(at));
      this.dropped(tenant, requests, forgotten.size);
    }
  }

  /** One tool's requests every search ranks with, as one text (undefined when none). */
  textOf(tool: string): string | undefined {
    return textOfRequests(this.tenants.get(EVERY_SEARCH)!.byTool.get(tool));
  }

  /** One tenant's requests, as one text per tool (empty when it has none). */
  tenantTexts(tenant: string): Map<string, string> {
    const byTool = tenant === EVERY_SEARCH ? undefined : this.tenants.get(tenant)?.byTool;
    const everySearch = this.tenants.get(EVERY_SEARCH)!.byTool;
    const texts = new Map<string, string>();
    for (const [tool, learned] of byTool ?? []) {
      // A request the tool also learned for every search is in the index already: counted once, as
      // a catalog that learned both for every search keeps it once.
      const shared = new Set(everySearch.get(tool)?.map(({ request }) => request.toLowerCase()));
      const own = learned.filter(({ request }) => !shared.has(request.toLowerCase()));
      if (own.length > 0) texts.set(tool, textOfRequests(own)!);
    }
    return texts;
  }

  /** Every request, oldest first: learning them again in this order rebuilds the same state. */
  entries(): LearnedRequest[] {
    const all = [...this.tenants].flatMap(([tenant, { byTool }]) => [...byTool].flatMap(([tool, learned]) => learned.map(({ request, at }) => ({ at, tool, request, tenant }))));
    return all.sort((left, right) => left.at - right.at).map(({ tool, request, tenant }) => (tenant === EVERY_SEARCH ? { tool, request } : { tool, request, tenant }));
  }
}

// Takes the request learned at `at` out of `order` (oldest first, holding it): found by halving.
function removeLearnedAt(order: { at: number }[], at: number): void {
  let [low, high] = [0, order.length - 1];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (order[middle]!.at < at) low = middle + 1;
    else high = middle;
  }
  order.splice(low, 1);
}

// A tool's requests as the text its `requests` field indexes.
function textOfRequests(learned: readonly Learned[] | undefined): string | undefined {
  return learned?.map(({ request }) => request).join(" \n ");
}
