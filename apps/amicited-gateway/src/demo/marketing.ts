// Demo data for the visibility areas: competitors, tracked prompts with their AI runs and
// citations, Search Console daily rows and Bing Webmaster crawl, keyword and issue data.
import { COUNTRIES, DEVICES, ENGINES } from "../domain/dimensions";
import { dayBefore } from "../domain/days";
import type { DomainSeed } from "./seed-types";
import type { SqlValue } from "@foundry-mcp/workspace-store";

type Row = Record<string, SqlValue>;

/** Competitors, prompts, runs and citations of one domain. */
export async function seedVisibility(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, vertical, asOf, hostname } = seed;
  const competitorIds: { id: number; host: string }[] = [];
  for (const host of vertical.competitors.slice(0, 4)) {
    const result = await store.run(
      "INSERT INTO competitors (domain_id, hostname, name, category, added_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
      [
        domainId,
        host,
        host.split(".")[0] ?? host,
        random.pick(["direct", "marketplace", "publisher"]),
        dayBefore(asOf, random.int(100, 300)),
      ],
    );
    competitorIds.push({ id: result.lastInsertId, host });
  }
  const topics = ["product choice", "brand comparison", "buying guide", "how-to"];
  const promptTexts = [
    ...vertical.prompts,
    ...vertical.queries.map((query) => `What do experts recommend for ${query}?`),
    ...vertical.categories.map((category) => `Which brand makes the best ${category}?`),
  ];
  const runs: Row[] = [];
  const citations: Row[] = [];
  let runId =
    ((await store.get<{ id: number }>("SELECT COALESCE(MAX(id), 0) AS id FROM prompt_runs"))?.id ??
      0) + 1;
  for (const [index, text] of promptTexts.slice(0, 24).entries()) {
    const prompt = await store.run(
      "INSERT INTO prompts (domain_id, text, topic, intent, active, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
      [
        domainId,
        text,
        topics[index % topics.length] ?? "buying guide",
        index % 3 === 0 ? "commercial" : "informational",
        index % 11 === 10 ? 0 : 1,
        dayBefore(asOf, 120),
      ],
    );
    const strength = random.next();
    for (let week = 0; week < 12; week++) {
      for (const engine of ENGINES) {
        const mentioned = random.chance(0.25 + strength * 0.5) ? 1 : 0;
        const cited = mentioned && random.chance(0.6) ? 1 : 0;
        const day = dayBefore(asOf, week * 7 + (index % 7));
        runs.push({
          id: runId,
          prompt_id: prompt.lastInsertId,
          domain_id: domainId,
          engine,
          day,
          mentioned,
          cited,
          position: mentioned ? random.int(1, 6) : null,
          sentiment: mentioned
            ? random.pick(["positive", "neutral", "neutral", "negative"])
            : "none",
          answer_words: random.int(80, 420),
          answer_excerpt: mentioned
            ? `…${hostname} is often recommended for ${vertical.categories[index % vertical.categories.length]}…`
            : `…${random.pick(vertical.competitors)} and others are suggested…`,
        });
        const citedHosts = new Set<string>();
        if (cited) citedHosts.add(hostname);
        for (let extra = random.int(1, 3); extra > 0; extra--)
          citedHosts.add(random.pick(vertical.competitors));
        let rank = 1;
        for (const host of citedHosts) {
          const competitor = competitorIds.find((entry) => entry.host === host);
          citations.push({
            run_id: runId,
            domain_id: domainId,
            engine,
            day,
            cited_host: host,
            url: `https://${host}/${random.pick(vertical.categories).replace(/ /g, "-")}`,
            rank: rank++,
            is_own: host === hostname ? 1 : 0,
            competitor_id: competitor ? competitor.id : null,
          });
        }
        runId++;
      }
    }
  }
  await store.insertMany("prompt_runs", runs);
  await store.insertMany("citations", citations);
}

/** Search Console daily rows, sitemaps and URL inspections of one domain. */
export async function seedSearchConsole(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, vertical, asOf, hostname } = seed;
  const pairs = vertical.queries.flatMap((query, index) =>
    [0, 1, 2].map((slot) => ({
      query:
        slot === 0
          ? query
          : `${query} ${["2026", "review", "cheap", "near me"][(index + slot) % 4]}`,
      page: `https://${hostname}/${(vertical.categories[(index + slot) % vertical.categories.length] ?? "shop").replace(/ /g, "-")}${slot === 2 ? "/guide" : ""}`,
      weight: random.next(),
    })),
  );
  const rows: Row[] = [];
  for (let offset = 0; offset < 90; offset++) {
    const day = dayBefore(asOf, offset);
    const trend = 1 + (90 - offset) / 180;
    for (const pair of pairs) {
      for (let slice = 0; slice < 2; slice++) {
        const impressions = Math.round(
          (20 + pair.weight * 400) * trend * (0.6 + random.next() * 0.8),
        );
        const position = random.round(1 + (1 - pair.weight) * 25 + random.next() * 3, 1);
        const clicks = Math.round(
          impressions * Math.max(0.005, 0.35 / position) * (0.5 + random.next()),
        );
        rows.push({
          domain_id: domainId,
          day,
          query: pair.query,
          page: pair.page,
          country: random.pick(COUNTRIES),
          device: random.pick(DEVICES),
          clicks,
          impressions,
          position,
        });
      }
    }
  }
  await store.insertMany("gsc_daily", rows);
  await store.insertMany("gsc_sitemaps", [
    {
      domain_id: domainId,
      url: `https://${hostname}/sitemap.xml`,
      submitted_at: dayBefore(asOf, 40),
      urls: random.int(200, 900),
      errors: 0,
      warnings: random.int(0, 4),
    },
    {
      domain_id: domainId,
      url: `https://${hostname}/sitemap-products.xml`,
      submitted_at: dayBefore(asOf, 12),
      urls: random.int(50, 300),
      errors: random.int(0, 3),
      warnings: random.int(0, 8),
    },
  ]);
  await store.insertMany(
    "gsc_inspections",
    [...new Set(pairs.map((pair) => pair.page))].map((url) => ({
      domain_id: domainId,
      url,
      verdict: random.pick(["PASS", "PASS", "PASS", "NEUTRAL", "FAIL"]),
      coverage: random.pick([
        "Submitted and indexed",
        "Submitted and indexed",
        "Crawled - currently not indexed",
        "Duplicate without user-selected canonical",
      ]),
      mobile_usable: random.chance(0.9) ? 1 : 0,
      last_crawl: dayBefore(asOf, random.int(0, 30)),
    })),
  );
}

/** Bing Webmaster crawl stats, keywords, crawl issues and backlinks of one domain. */
export async function seedBing(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, vertical, asOf, hostname } = seed;
  const crawl: Row[] = [];
  const keywords: Row[] = [];
  let indexed = random.int(300, 800);
  for (let offset = 0; offset < 90; offset++) {
    const day = dayBefore(asOf, offset);
    indexed += random.int(-4, 6);
    crawl.push({
      domain_id: domainId,
      day,
      pages_crawled: random.int(80, 600),
      crawl_errors: random.int(0, 12),
      http_4xx: random.int(0, 9),
      http_5xx: random.chance(0.15) ? random.int(1, 6) : 0,
      blocked_robots: random.int(0, 5),
      avg_response_ms: random.int(180, 900),
      indexed_pages: indexed,
    });
    for (const keyword of vertical.queries) {
      const impressions = random.int(5, 220);
      keywords.push({
        domain_id: domainId,
        day,
        keyword,
        impressions,
        clicks: Math.round(impressions * random.next() * 0.12),
        position: random.round(1 + random.next() * 30, 1),
      });
    }
  }
  await store.insertMany("bing_crawl_daily", crawl);
  await store.insertMany("bing_keywords", keywords);
  const issues = [
    "404 not found",
    "redirect chain",
    "missing meta description",
    "duplicate title",
    "blocked by robots.txt",
    "slow response",
    "missing h1",
    "broken canonical",
  ];
  await store.insertMany(
    "bing_crawl_issues",
    Array.from({ length: 40 }, (_, index) => ({
      domain_id: domainId,
      url: `https://${hostname}/${random.pick(vertical.categories).replace(/ /g, "-")}/item-${index + 1}`,
      issue: random.pick(issues),
      severity: random.pick(["error", "warning", "notice"]),
      first_seen: dayBefore(asOf, random.int(0, 80)),
      fixed: random.chance(0.3) ? 1 : 0,
    })),
  );
  const sources = [
    "blog.example",
    "news.example",
    "forum.example",
    "reviews.example",
    "wiki.example",
    "directory.example",
    "podcast.example",
  ];
  await store.insertMany(
    "bing_backlinks",
    Array.from({ length: 60 }, (_, index) => ({
      domain_id: domainId,
      source_host: `${random.pick(["", "www.", "en."])}${random.pick(sources)}`,
      target_url: `https://${hostname}/${random.pick(vertical.categories).replace(/ /g, "-")}`,
      anchor: random.pick([...vertical.queries, hostname, "click here"]),
      first_seen: dayBefore(asOf, random.int(0, 89) + (index % 3)),
    })),
  );
}
