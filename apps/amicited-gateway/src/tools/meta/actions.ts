// meta tools that change things (write, destructive) or spend credits (paid).
import { dialectSql } from "@foundry-mcp/workspace-store";
import { arg, round, defineTools } from "../shared";
import { product } from "../eshop/common";
import { adset, campaign, creative } from "./common";

/** The meta toolset's tools about changes to campaigns, ad sets and creatives, and ad copy. */
export const metaActionTools = defineTools("meta", (t, store) => {
  const dialect = dialectSql(store.dialect);
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
        "INSERT INTO meta_campaigns (domain_id, name, objective, status, daily_budget, created_at) VALUES (?, ?, ?, 'paused', ?, ?) RETURNING id",
        [d.id, args.name, args.objective, args.daily_budget, new Date().toISOString().slice(0, 10)],
      );
      return { campaign_id: r.lastInsertId, status: "paused" };
    },
  }),
  t.mark({
    name: "meta_pause_campaign",
    description: "Pause a Meta campaign.",
    row: campaign,
    column: "status",
    to: "paused",
  }),
  t.mark({
    name: "meta_resume_campaign",
    description: "Resume a paused Meta campaign.",
    row: campaign,
    column: "status",
    to: "active",
  }),
  t.change({
    name: "meta_set_ad_set_budget",
    description: "Change an ad set's daily budget.",
    row: adset,
    column: "daily_budget",
    value: { type: "number", minimum: 1, maximum: 10000, description: "New daily budget." },
  }),
  t.act({
    name: "meta_duplicate_ad_set",
    kind: "write",
    description: "Copy an ad set (paused) with its creatives, optionally for another audience.",
    of: adset,
    params: { audience: arg.text("Audience for the copy.", 120) },
    run: async (args, d, _context, a) => {
      const copy = await store.run(
        "INSERT INTO meta_adsets (campaign_id, domain_id, name, audience, placement, age_range, status, daily_budget) VALUES (?, ?, ?, ?, ?, ?, 'paused', ?) RETURNING id",
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
  t.mark({
    name: "meta_pause_creative",
    description: "Pause one ad creative (e.g. a fatigued one).",
    row: creative,
    column: "status",
    to: "paused",
  }),
  t.remove({
    name: "meta_delete_creative",
    description: "Delete an ad creative and its statistics.",
    row: creative,
    dependents: ["meta_daily"],
    answer: (c) => ({ deleted: c.name }),
  }),
  t.remove({
    name: "meta_delete_campaign",
    description: "Delete a Meta campaign with its ad sets, creatives and statistics.",
    row: campaign,
    dependents: ["meta_daily", "meta_creatives", "meta_adsets"],
    answer: (c, deleted) => ({
      deleted: c.name,
      rows_deleted: deleted.reduce((sum, rows) => sum + rows, 0),
    }),
  }),
  t.act({
    name: "meta_generate_ad_copy",
    kind: "paid",
    cost: 2,
    description:
      "Headline ideas for a product, built from our best-CTR headlines and the product's own data (price, category, rating).",
    of: product,
    run: async (_args, d, _context, p) => {
      const rating = (
        await store.get<{ r: number }>(
          "SELECT AVG(rating) AS r FROM eshop_reviews WHERE product_id = ?",
          [p.id],
        )
      )?.r;
      const best = await store.all<{ headline: string }>(
        `SELECT c.headline FROM meta_daily s JOIN meta_creatives c ON c.id = s.creative_id WHERE s.domain_id = ? GROUP BY c.id ORDER BY SUM(s.clicks) * 1.0 / ${dialect.greatest("SUM(s.impressions)", "1")} DESC LIMIT 3`,
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
});
