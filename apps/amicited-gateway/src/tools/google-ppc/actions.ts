// google_ppc tools that change things (write, destructive) or spend credits (paid).
import { arg, round, defineTools } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { adgroup, campaign, keyword } from "./common";

/** The google_ppc toolset's tools about changes to campaigns and keywords, and keyword ideas. */
export const googlePpcActionTools = defineTools("google_ppc", (t, store) => {
  // A removed campaign can never serve again: pausing or enabling it is refused.
  const notRemoved = (c: { id: number; status: string }) => {
    if (c.status === "removed")
      throw new GatewayError(
        GatewayErrorCode.CONFLICT,
        `campaign ${c.id} is removed; create a new one instead.`,
      );
  };
  return [
    t.act({
      name: "google_ppc_create_campaign",
      kind: "write",
      description:
        "Create a paused Google Ads campaign with a daily budget (enable it with google_ppc_enable_campaign).",
      params: {
        name: arg.text("Campaign name.", 120),
        channel: arg.oneOf(["search", "shopping", "performance_max"], "Channel."),
        daily_budget: { type: "number", minimum: 1, maximum: 10000, description: "Daily budget." },
      },
      required: ["name", "channel", "daily_budget"],
      run: async (args, d) => {
        const r = await store.run(
          "INSERT INTO gads_campaigns (domain_id, name, channel, status, bidding, daily_budget, target_cpa, created_at) VALUES (?, ?, ?, 'paused', 'maximize_conversions', ?, NULL, ?) RETURNING id",
          [d.id, args.name, args.channel, args.daily_budget, new Date().toISOString().slice(0, 10)],
        );
        return { campaign_id: r.lastInsertId, status: "paused" };
      },
    }),
    t.mark({
      name: "google_ppc_pause_campaign",
      description: "Pause a Google Ads campaign: it stops serving and spending.",
      row: campaign,
      column: "status",
      to: "paused",
      check: notRemoved,
    }),
    t.mark({
      name: "google_ppc_enable_campaign",
      description: "Enable a paused Google Ads campaign so it serves again.",
      row: campaign,
      column: "status",
      to: "enabled",
      check: notRemoved,
    }),
    t.change({
      name: "google_ppc_set_campaign_budget",
      description: "Change a campaign's daily budget.",
      row: campaign,
      column: "daily_budget",
      value: { type: "number", minimum: 1, maximum: 10000, description: "New daily budget." },
    }),
    t.act({
      name: "google_ppc_set_target_cpa",
      kind: "write",
      description:
        "Set the target cost per acquisition of a campaign (switches it to target CPA bidding).",
      of: campaign,
      params: { target_cpa: { type: "number", minimum: 0.5, description: "Target CPA." } },
      required: ["target_cpa"],
      run: async (args, _d, _context, c) => {
        await store.run(
          "UPDATE gads_campaigns SET target_cpa = ?, bidding = 'target_cpa' WHERE id = ?",
          [args.target_cpa, c.id],
        );
        return { campaign_id: c.id, target_cpa: args.target_cpa };
      },
    }),
    t.act({
      name: "google_ppc_add_keyword",
      kind: "write",
      description: "Add a keyword to an ad group with a match type and max CPC.",
      of: adgroup,
      params: {
        text: arg.text("Keyword text.", 80),
        match_type: arg.oneOf(["exact", "phrase", "broad"], "Match type."),
        cpc_bid: { type: "number", minimum: 0.01, maximum: 100, description: "Max CPC." },
      },
      required: ["text", "match_type"],
      run: async (args, d, _context, g) => {
        const r = await store.run(
          "INSERT INTO gads_keywords (adgroup_id, campaign_id, domain_id, text, match_type, status, quality_score, cpc_bid, negative) VALUES (?, ?, ?, ?, ?, 'enabled', 5, ?, 0) RETURNING id",
          [g.id, g.campaign_id, d.id, args.text, args.match_type, args.cpc_bid ?? 1],
        );
        return { keyword_id: r.lastInsertId, adgroup: g.name };
      },
    }),
    t.act({
      name: "google_ppc_add_negative_keyword",
      kind: "write",
      description: "Block a search term in an ad group with a negative keyword.",
      of: adgroup,
      params: { text: arg.text("Term to exclude.", 80) },
      required: ["text"],
      run: async (args, d, _context, g) => {
        const r = await store.run(
          "INSERT INTO gads_keywords (adgroup_id, campaign_id, domain_id, text, match_type, status, quality_score, cpc_bid, negative) VALUES (?, ?, ?, ?, 'phrase', 'enabled', 0, 0, 1) RETURNING id",
          [g.id, g.campaign_id, d.id, args.text],
        );
        return { keyword_id: r.lastInsertId, negative: args.text };
      },
    }),
    t.change({
      name: "google_ppc_set_keyword_bid",
      description: "Change a keyword's max CPC bid.",
      row: keyword,
      column: "cpc_bid",
      value: { type: "number", minimum: 0.01, maximum: 100, description: "New max CPC." },
    }),
    t.mark({
      name: "google_ppc_pause_keyword",
      description: "Pause one keyword so it stops triggering ads.",
      row: keyword,
      column: "status",
      to: "paused",
    }),
    t.remove({
      name: "google_ppc_remove_keyword",
      description: "Remove a keyword and its statistics history.",
      row: keyword,
      dependents: ["gads_keyword_daily"],
      answer: (k) => ({ removed: k.text }),
    }),
    t.mark({
      name: "google_ppc_remove_campaign",
      kind: "destructive",
      description:
        "Remove a Google Ads campaign for good: it can never serve again (statistics are kept).",
      row: campaign,
      column: "status",
      to: "removed",
      answer: (c) => ({ removed: c.name }),
    }),
    t.act({
      name: "google_ppc_generate_keyword_ideas",
      kind: "paid",
      cost: 2,
      description:
        "Keyword ideas for an ad group from our Search Console queries and converting search terms that we do not bid on yet, with a suggested CPC from similar keywords.",
      of: adgroup,
      run: async (args, d, _context, g) => {
        const cpc =
          (
            await store.get<{ cpc: number }>(
              "SELECT AVG(cpc_bid) AS cpc FROM gads_keywords WHERE adgroup_id = ? AND negative = 0",
              [g.id],
            )
          )?.cpc ?? 1;
        const ideas = await store.all(
          "SELECT query AS idea, SUM(impressions) AS search_impressions FROM gsc_daily q WHERE domain_id = ? AND NOT EXISTS (SELECT 1 FROM gads_keywords k WHERE k.domain_id = q.domain_id AND k.text = q.query) GROUP BY query ORDER BY search_impressions DESC LIMIT 10",
          [d.id],
        );
        return { adgroup: g.name, suggested_cpc: round(cpc), ideas };
      },
    }),
  ];
});
