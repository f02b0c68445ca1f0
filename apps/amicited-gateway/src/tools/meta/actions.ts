// meta tools that change things (write, destructive) or spend credits (paid).
import { arg, requireRow, round, toolsetBuilder } from "../shared";
import type { DomainScope, GatewayTool } from "../shared";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { campaignId, adsetId, creativeId, metaCommon } from "./common";

/** The meta toolset's tools about changes to campaigns, ad sets and creatives, and ad copy. */
export function metaActionTools(store: WorkspaceStore): GatewayTool[] {
  const t = toolsetBuilder("meta", store);
  const { campaign, creative } = metaCommon(store);
  const adset = (id: number, d: DomainScope) =>
    requireRow<Record<string, string | number> & { id: number; daily_budget: number }>(
      store,
      ["SELECT * FROM meta_adsets WHERE id = ? AND domain_id = ?", [id, d.id]],
      `ad set ${id}`,
      "list ids with meta_list_ad_sets",
    );
  const setCampaignStatus = (name: string, description: string, status: string): GatewayTool =>
    t.act({
      name,
      kind: "write",
      description,
      params: { campaign_id: campaignId },
      required: ["campaign_id"],
      run: async (args, d) => {
        const c = await campaign(args.campaign_id, d);
        await store.run("UPDATE meta_campaigns SET status = ? WHERE id = ?", [status, c.id]);
        return { campaign_id: c.id, from: c.status, to: status };
      },
    });
  return [
    t.act({
      name: "meta_create_campaign",
      kind: "write",
      description: "Create a paused Meta campaign with an objective and daily budget.",
      params: {
        name: arg.text("Campaign name.", 120),
        objective: arg.oneOf(["sales", "traffic", "awareness", "leads"], "Objective."),
        daily_budget: { type: "number", minimum: 1, maximum: 10000, description: "Daily budget." },
      },
      required: ["name", "objective", "daily_budget"],
      run: async (args, d) => {
        const r = await store.run(
          "INSERT INTO meta_campaigns (domain_id, name, objective, status, daily_budget, created_at) VALUES (?, ?, ?, 'paused', ?, ?)",
          [
            d.id,
            args.name,
            args.objective,
            args.daily_budget,
            new Date().toISOString().slice(0, 10),
          ],
        );
        return { campaign_id: r.lastInsertId, status: "paused" };
      },
    }),
    setCampaignStatus("meta_pause_campaign", "Pause a Meta campaign.", "paused"),
    setCampaignStatus("meta_resume_campaign", "Resume a paused Meta campaign.", "active"),
    t.act({
      name: "meta_set_ad_set_budget",
      kind: "write",
      description: "Change an ad set's daily budget.",
      params: {
        adset_id: adsetId,
        daily_budget: {
          type: "number",
          minimum: 1,
          maximum: 10000,
          description: "New daily budget.",
        },
      },
      required: ["adset_id", "daily_budget"],
      run: async (args, d) => {
        const a = await adset(args.adset_id, d);
        await store.run("UPDATE meta_adsets SET daily_budget = ? WHERE id = ?", [
          args.daily_budget,
          a.id,
        ]);
        return { adset_id: a.id, from: a.daily_budget, to: args.daily_budget };
      },
    }),
    t.act({
      name: "meta_duplicate_ad_set",
      kind: "write",
      description: "Copy an ad set (paused) with its creatives, optionally for another audience.",
      params: { adset_id: adsetId, audience: arg.text("Audience for the copy.", 120) },
      required: ["adset_id"],
      run: async (args, d) => {
        const a = await adset(args.adset_id, d);
        const copy = await store.run(
          "INSERT INTO meta_adsets (campaign_id, domain_id, name, audience, placement, age_range, status, daily_budget) VALUES (?, ?, ?, ?, ?, ?, 'paused', ?)",
          [
            a.campaign_id as number,
            d.id,
            `${a.name} (copy)`,
            args.audience ?? a.audience!,
            a.placement as string,
            a.age_range as string,
            a.daily_budget,
          ],
        );
        const creatives = await store.run(
          "INSERT INTO meta_creatives (adset_id, campaign_id, domain_id, name, format, headline, call_to_action, status) SELECT ?, campaign_id, domain_id, name, format, headline, call_to_action, 'paused' FROM meta_creatives WHERE adset_id = ?",
          [copy.lastInsertId, a.id],
        );
        return { adset_id: copy.lastInsertId, creatives_copied: creatives.changes };
      },
    }),
    t.act({
      name: "meta_pause_creative",
      kind: "write",
      description: "Pause one ad creative (e.g. a fatigued one).",
      params: { creative_id: creativeId },
      required: ["creative_id"],
      run: async (args, d) => {
        const c = await creative(args.creative_id, d);
        await store.run("UPDATE meta_creatives SET status = 'paused' WHERE id = ?", [c.id]);
        return { creative_id: c.id, from: c.status, to: "paused" };
      },
    }),
    t.act({
      name: "meta_delete_creative",
      kind: "destructive",
      description: "Delete an ad creative and its statistics.",
      params: { creative_id: creativeId },
      required: ["creative_id"],
      run: async (args, d) => {
        const c = await creative(args.creative_id, d);
        await store.batch([
          { sql: "DELETE FROM meta_daily WHERE creative_id = ?", params: [c.id] },
          { sql: "DELETE FROM meta_creatives WHERE id = ?", params: [c.id] },
        ]);
        return { deleted: c.name };
      },
    }),
    t.act({
      name: "meta_delete_campaign",
      kind: "destructive",
      description: "Delete a Meta campaign with its ad sets, creatives and statistics.",
      params: { campaign_id: campaignId },
      required: ["campaign_id"],
      run: async (args, d) => {
        const c = await campaign(args.campaign_id, d);
        const r = await store.batch(
          ["meta_daily", "meta_creatives", "meta_adsets"]
            .map((table) => ({ sql: `DELETE FROM ${table} WHERE campaign_id = ?`, params: [c.id] }))
            .concat([{ sql: "DELETE FROM meta_campaigns WHERE id = ?", params: [c.id] }]),
        );
        return { deleted: c.name, rows_deleted: r.reduce((sum, x) => sum + x.changes, 0) };
      },
    }),
    t.act({
      name: "meta_generate_ad_copy",
      kind: "paid",
      cost: 2,
      description:
        "Headline ideas for a product, built from our best-CTR headlines and the product's own data (price, category, rating).",
      params: { product_id: arg.id("Product (from eshop_list_products)") },
      required: ["product_id"],
      run: async (args, d) => {
        const p = await requireRow<{ name: string; category: string; price: number }>(
          store,
          [
            "SELECT name, category, price FROM eshop_products WHERE id = ? AND domain_id = ?",
            [args.product_id, d.id],
          ],
          `product ${args.product_id}`,
          "list ids with eshop_list_products",
        );
        const rating = (
          await store.get<{ r: number }>(
            "SELECT AVG(rating) AS r FROM eshop_reviews WHERE product_id = ?",
            [args.product_id],
          )
        )?.r;
        const best = await store.all<{ headline: string }>(
          "SELECT c.headline FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = ? GROUP BY c.id ORDER BY SUM(s.clicks) * 1.0 / MAX(SUM(s.impressions), 1) DESC LIMIT 3",
          [d.id],
        );
        return {
          product: p.name,
          headlines: [
            `Meet the ${p.name}`,
            `${p.name}: ${p.category} from ${p.price}`,
            ...(rating ? [`Rated ${round(rating, 1)}/5 by our customers`] : []),
            `Why ${d.hostname} customers pick the ${p.name}`,
          ],
          patterns_from_best_ads: best.map((row) => row.headline),
        };
      },
    }),
  ];
}
