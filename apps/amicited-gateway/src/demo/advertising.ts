// Demo data for the paid areas: Google Ads campaigns down to keyword-day rows and search terms,
// Meta campaigns down to creative-day rows, and cross-network monthly budgets and goals.
import { DEVICES } from "../domain/dimensions";
import { dayBefore } from "../domain/days";
import type { DomainSeed } from "./seed-types";
import type { SqlValue } from "@foundry-mcp/workspace-store";

type Row = Record<string, SqlValue>;

/** Google Ads structure and 90 days of keyword statistics for one domain. */
export async function seedGoogleAds(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, vertical, asOf } = seed;
  const daily: Row[] = [];
  const terms: Row[] = [];
  const channels = ["search", "shopping", "performance_max"];
  for (const [campaignIndex, channel] of channels.entries()) {
    const campaign = await store.run(
      "INSERT INTO gads_campaigns (domain_id, name, channel, status, bidding, daily_budget, target_cpa, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
      [
        domainId,
        `${vertical.label} · ${channel.replace("_", " ")}`,
        channel,
        campaignIndex === 2 ? "paused" : "enabled",
        random.pick(["maximize_conversions", "target_cpa", "manual_cpc"]),
        random.int(30, 150),
        random.chance(0.5) ? random.int(10, 40) : null,
        dayBefore(asOf, 200),
      ],
    );
    for (let groupIndex = 0; groupIndex < 3; groupIndex++) {
      const category =
        vertical.categories[(campaignIndex + groupIndex) % vertical.categories.length] ?? "general";
      const group = await store.run(
        "INSERT INTO gads_adgroups (campaign_id, domain_id, name, status, default_cpc) VALUES (?, ?, ?, ?, ?) RETURNING id",
        [
          campaign.lastInsertId,
          domainId,
          `${category} ${groupIndex + 1}`,
          random.chance(0.85) ? "enabled" : "paused",
          random.round(0.4 + random.next() * 2),
        ],
      );
      for (let keywordIndex = 0; keywordIndex < 4; keywordIndex++) {
        const text =
          vertical.queries[
            (groupIndex * 4 + keywordIndex + campaignIndex) % vertical.queries.length
          ] ?? category;
        const keyword = await store.run(
          "INSERT INTO gads_keywords (adgroup_id, campaign_id, domain_id, text, match_type, status, quality_score, cpc_bid, negative) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0) RETURNING id",
          [
            group.lastInsertId,
            campaign.lastInsertId,
            domainId,
            text,
            random.pick(["exact", "phrase", "broad"]),
            random.chance(0.9) ? "enabled" : "paused",
            random.int(2, 10),
            random.round(0.3 + random.next() * 3),
          ],
        );
        const appeal = random.next();
        for (let offset = 0; offset < 90; offset++) {
          const impressions = random.int(20, 600);
          const clicks = Math.round(impressions * (0.01 + appeal * 0.08) * (0.5 + random.next()));
          const conversions = random.round(clicks * appeal * 0.08 * random.next() * 2, 1);
          daily.push({
            keyword_id: keyword.lastInsertId,
            adgroup_id: group.lastInsertId,
            campaign_id: campaign.lastInsertId,
            domain_id: domainId,
            day: dayBefore(asOf, offset),
            device: random.pick(DEVICES),
            impressions,
            clicks,
            cost: random.round(clicks * (0.3 + random.next() * 2.2)),
            conversions,
            conv_value: random.round(conversions * (30 + random.next() * 90)),
          });
        }
      }
      for (let termIndex = 0; termIndex < 8; termIndex++) {
        const clicks = random.int(0, 120);
        terms.push({
          adgroup_id: group.lastInsertId,
          domain_id: domainId,
          term: `${random.pick(vertical.queries)} ${random.pick(["free", "cheap", "best", "near me", "reddit", "sale", "used", "2026"])}`,
          impressions: clicks * random.int(8, 40) + random.int(0, 50),
          clicks,
          cost: random.round(clicks * (0.2 + random.next() * 2)),
          conversions: random.chance(0.4) ? random.round(clicks * random.next() * 0.1, 1) : 0,
        });
      }
    }
  }
  await store.insertMany("gads_keyword_daily", daily);
  await store.insertMany("gads_search_terms", terms);
}

/** Meta campaigns, ad sets, creatives and 90 days of creative statistics for one domain. */
export async function seedMeta(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, vertical, asOf } = seed;
  const daily: Row[] = [];
  for (const [campaignIndex, objective] of ["sales", "traffic"].entries()) {
    const campaign = await store.run(
      "INSERT INTO meta_campaigns (domain_id, name, objective, status, daily_budget, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
      [
        domainId,
        `${vertical.label} ${objective}`,
        objective,
        "active",
        random.int(20, 120),
        dayBefore(asOf, 150 - campaignIndex * 30),
      ],
    );
    for (const [adsetIndex, audience] of [
      "lookalike 1%",
      campaignIndex ? "interest: " + (vertical.categories[0] ?? "") : "retargeting 30d",
    ].entries()) {
      const adset = await store.run(
        "INSERT INTO meta_adsets (campaign_id, domain_id, name, audience, placement, age_range, status, daily_budget) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        [
          campaign.lastInsertId,
          domainId,
          `${objective} · ${audience}`,
          audience,
          random.pick(["feed", "stories", "reels", "advantage+"]),
          random.pick(["18-34", "25-44", "35-54", "25-65"]),
          adsetIndex === 1 && campaignIndex === 1 ? "paused" : "active",
          random.int(10, 60),
        ],
      );
      for (const format of ["image", "video", "carousel"]) {
        const product = random.pick(vertical.products);
        const creative = await store.run(
          "INSERT INTO meta_creatives (adset_id, campaign_id, domain_id, name, format, headline, call_to_action, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
          [
            adset.lastInsertId,
            campaign.lastInsertId,
            domainId,
            `${product} ${format}`,
            format,
            `Meet the ${product}`,
            random.pick(["shop_now", "learn_more", "sign_up"]),
            "active",
          ],
        );
        const appeal = random.next();
        for (let offset = 0; offset < 90; offset++) {
          const impressions = random.int(300, 4000);
          const clicks = Math.round(impressions * (0.004 + appeal * 0.02));
          const purchases = Math.round(clicks * appeal * 0.06 * random.next() * 2);
          daily.push({
            creative_id: creative.lastInsertId,
            adset_id: adset.lastInsertId,
            campaign_id: campaign.lastInsertId,
            domain_id: domainId,
            day: dayBefore(asOf, offset),
            impressions,
            reach: Math.round(impressions / (1.1 + random.next() * 1.5)),
            clicks,
            spend: random.round(impressions * (0.004 + random.next() * 0.01)),
            purchases,
            revenue: random.round(purchases * (25 + random.next() * 80)),
            video_views: format === "video" ? Math.round(impressions * 0.3) : 0,
          });
        }
      }
    }
  }
  await store.insertMany("meta_daily", daily);
}

/** Monthly planned budgets per network and monthly goals for one domain. */
export async function seedBudgets(seed: DomainSeed): Promise<void> {
  const { store, random, domainId, asOf } = seed;
  const months = [0, 1, 2, 3].map((back) => {
    const date = new Date(`${asOf.slice(0, 7)}-01T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() - back);
    return date.toISOString().slice(0, 7);
  });
  await store.insertMany(
    "ads_budgets",
    months.flatMap((month) => [
      { domain_id: domainId, network: "google_ads", month, planned: random.int(3000, 9000) },
      { domain_id: domainId, network: "meta_ads", month, planned: random.int(1500, 6000) },
    ]),
  );
  await store.insertMany(
    "ads_goals",
    months.flatMap((month) => [
      {
        domain_id: domainId,
        metric: "roas",
        target: random.round(2 + random.next() * 2, 1),
        month,
      },
      { domain_id: domainId, metric: "cpa", target: random.int(15, 45), month },
    ]),
  );
}
