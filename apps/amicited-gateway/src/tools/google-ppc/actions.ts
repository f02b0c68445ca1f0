// google_ppc tools that change things (write, destructive) or spend credits (paid).
import { arg, requireRow, round, toolsetBuilder } from "../shared";
import type { DomainScope, GatewayTool } from "../shared";
import { GatewayError, GatewayErrorCode } from "../../errors";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { campaignId, adgroupId, keywordId, googlePpcCommon } from "./common";

/** The google_ppc toolset's tools about changes to campaigns and keywords, and keyword ideas. */
export function googlePpcActionTools(store: WorkspaceStore): GatewayTool[] {
  const t = toolsetBuilder("google_ppc", store);
  const { campaign, keyword } = googlePpcCommon(store);
  const adgroup = (id: number, d: DomainScope) =>
    requireRow<{ id: number; campaign_id: number; name: string }>(
      store,
      [
        "SELECT id, campaign_id, name FROM gads_adgroups WHERE id = ? AND domain_id = ?",
        [id, d.id],
      ],
      `ad group ${id}`,
      "list ids with google_ppc_list_ad_groups",
    );
  const setStatus = (name: string, description: string, status: string): GatewayTool =>
    t.act({
      name,
      kind: "write",
      description,
      params: { campaign_id: campaignId },
      required: ["campaign_id"],
      run: async (args, d) => {
        const c = await campaign(args.campaign_id, d);
        if (c.status === "removed")
          throw new GatewayError(
            GatewayErrorCode.CONFLICT,
            `campaign ${c.id} is removed; create a new one instead.`,
          );
        await store.run("UPDATE gads_campaigns SET status = ? WHERE id = ?", [status, c.id]);
        return { campaign_id: c.id, from: c.status, to: status };
      },
    });
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
          "INSERT INTO gads_campaigns (domain_id, name, channel, status, bidding, daily_budget, target_cpa, created_at) VALUES (?, ?, ?, 'paused', 'maximize_conversions', ?, NULL, ?)",
          [d.id, args.name, args.channel, args.daily_budget, new Date().toISOString().slice(0, 10)],
        );
        return { campaign_id: r.lastInsertId, status: "paused" };
      },
    }),
    setStatus(
      "google_ppc_pause_campaign",
      "Pause a Google Ads campaign: it stops serving and spending.",
      "paused",
    ),
    setStatus(
      "google_ppc_enable_campaign",
      "Enable a paused Google Ads campaign so it serves again.",
      "enabled",
    ),
    t.act({
      name: "google_ppc_set_campaign_budget",
      kind: "write",
      description: "Change a campaign's daily budget.",
      params: {
        campaign_id: campaignId,
        daily_budget: {
          type: "number",
          minimum: 1,
          maximum: 10000,
          description: "New daily budget.",
        },
      },
      required: ["campaign_id", "daily_budget"],
      run: async (args, d) => {
        const c = await campaign(args.campaign_id, d);
        await store.run("UPDATE gads_campaigns SET daily_budget = ? WHERE id = ?", [
          args.daily_budget,
          c.id,
        ]);
        return { campaign_id: c.id, from: c.daily_budget, to: args.daily_budget };
      },
    }),
    t.act({
      name: "google_ppc_set_target_cpa",
      kind: "write",
      description:
        "Set the target cost per acquisition of a campaign (switches it to target CPA bidding).",
      params: {
        campaign_id: campaignId,
        target_cpa: { type: "number", minimum: 0.5, description: "Target CPA." },
      },
      required: ["campaign_id", "target_cpa"],
      run: async (args, d) => {
        const c = await campaign(args.campaign_id, d);
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
      params: {
        adgroup_id: adgroupId,
        text: arg.text("Keyword text.", 80),
        match_type: arg.oneOf(["exact", "phrase", "broad"], "Match type."),
        cpc_bid: { type: "number", minimum: 0.01, maximum: 100, description: "Max CPC." },
      },
      required: ["adgroup_id", "text", "match_type"],
      run: async (args, d) => {
        const g = await adgroup(args.adgroup_id, d);
        const r = await store.run(
          "INSERT INTO gads_keywords (adgroup_id, campaign_id, domain_id, text, match_type, status, quality_score, cpc_bid, negative) VALUES (?, ?, ?, ?, ?, 'enabled', 5, ?, 0)",
          [g.id, g.campaign_id, d.id, args.text, args.match_type, args.cpc_bid ?? 1],
        );
        return { keyword_id: r.lastInsertId, adgroup: g.name };
      },
    }),
    t.act({
      name: "google_ppc_add_negative_keyword",
      kind: "write",
      description: "Block a search term in an ad group with a negative keyword.",
      params: { adgroup_id: adgroupId, text: arg.text("Term to exclude.", 80) },
      required: ["adgroup_id", "text"],
      run: async (args, d) => {
        const g = await adgroup(args.adgroup_id, d);
        const r = await store.run(
          "INSERT INTO gads_keywords (adgroup_id, campaign_id, domain_id, text, match_type, status, quality_score, cpc_bid, negative) VALUES (?, ?, ?, ?, 'phrase', 'enabled', 0, 0, 1)",
          [g.id, g.campaign_id, d.id, args.text],
        );
        return { keyword_id: r.lastInsertId, negative: args.text };
      },
    }),
    t.act({
      name: "google_ppc_set_keyword_bid",
      kind: "write",
      description: "Change a keyword's max CPC bid.",
      params: {
        keyword_id: keywordId,
        cpc_bid: { type: "number", minimum: 0.01, maximum: 100, description: "New max CPC." },
      },
      required: ["keyword_id", "cpc_bid"],
      run: async (args, d) => {
        const k = await keyword(args.keyword_id, d);
        await store.run("UPDATE gads_keywords SET cpc_bid = ? WHERE id = ?", [args.cpc_bid, k.id]);
        return { keyword_id: k.id, from: k.cpc_bid, to: args.cpc_bid };
      },
    }),
    t.act({
      name: "google_ppc_pause_keyword",
      kind: "write",
      description: "Pause one keyword so it stops triggering ads.",
      params: { keyword_id: keywordId },
      required: ["keyword_id"],
      run: async (args, d) => {
        const k = await keyword(args.keyword_id, d);
        await store.run("UPDATE gads_keywords SET status = 'paused' WHERE id = ?", [k.id]);
        return { keyword_id: k.id, from: k.status, to: "paused" };
      },
    }),
    t.act({
      name: "google_ppc_remove_keyword",
      kind: "destructive",
      description: "Remove a keyword and its statistics history.",
      params: { keyword_id: keywordId },
      required: ["keyword_id"],
      run: async (args, d) => {
        const k = await keyword(args.keyword_id, d);
        await store.batch([
          { sql: "DELETE FROM gads_keyword_daily WHERE keyword_id = ?", params: [k.id] },
          { sql: "DELETE FROM gads_keywords WHERE id = ?", params: [k.id] },
        ]);
        return { removed: k.text };
      },
    }),
    t.act({
      name: "google_ppc_remove_campaign",
      kind: "destructive",
      description:
        "Remove a Google Ads campaign for good: it can never serve again (statistics are kept).",
      params: { campaign_id: campaignId },
      required: ["campaign_id"],
      run: async (args, d) => {
        const c = await campaign(args.campaign_id, d);
        await store.run("UPDATE gads_campaigns SET status = 'removed' WHERE id = ?", [c.id]);
        return { removed: c.name };
      },
    }),
    t.act({
      name: "google_ppc_generate_keyword_ideas",
      kind: "paid",
      cost: 2,
      description:
        "Keyword ideas for an ad group from our Search Console queries and converting search terms that we do not bid on yet, with a suggested CPC from similar keywords.",
      params: { adgroup_id: adgroupId },
      required: ["adgroup_id"],
      run: async (args, d) => {
        const g = await adgroup(args.adgroup_id, d);
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
}
