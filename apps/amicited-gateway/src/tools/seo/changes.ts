// seo tools about topics, intents, gained and lost mentions, daily trends, overlaps and paid analyses.
import { arg, previousWindowOf, round, defineTools, windowOf } from "../shared";
import { ENGINES } from "../../domain/dimensions";
import { competitor } from "../competitors";
import { prompt } from "../prompts/common";
import { engine } from "./common";

/** The seo toolset's tools about topics, changes over time, overlaps and paid analyses. */
export const seoChangeTools = defineTools("seo", (t, store) => [
  t.list({
    name: "seo_get_visibility_by_topic",
    description: "Which topics are we visible for in AI answers? Mention rate per prompt topic.",
    days: 28,
    sql: "SELECT p.topic, ROUND(CAST(AVG(r.mentioned) AS NUMERIC), 3) AS mention_rate, COUNT(DISTINCT p.id) AS prompts FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.day BETWEEN :since AND :until GROUP BY p.topic ORDER BY mention_rate DESC",
  }),
  t.list({
    name: "seo_get_visibility_by_intent",
    description:
      "Are we visible for buying questions or only informational ones? Mention and citation rate per prompt intent.",
    days: 28,
    sql: "SELECT p.intent, ROUND(CAST(AVG(r.mentioned) AS NUMERIC), 3) AS mention_rate, ROUND(CAST(AVG(r.cited) AS NUMERIC), 3) AS citation_rate FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.day BETWEEN :since AND :until GROUP BY p.intent",
  }),
  t.list({
    name: "seo_get_lost_mentions",
    description:
      "Where did we drop out of AI answers? Prompts that mentioned us in the previous window but not in this one.",
    days: 14,
    sql: "SELECT p.id AS prompt_id, p.text AS prompt FROM prompts p WHERE p.domain_id = :domain_id AND EXISTS (SELECT 1 FROM prompt_runs r WHERE r.prompt_id = p.id AND r.mentioned = 1 AND r.day BETWEEN :previous_since AND :previous_until) AND NOT EXISTS (SELECT 1 FROM prompt_runs r WHERE r.prompt_id = p.id AND r.mentioned = 1 AND r.day BETWEEN :since AND :until) ORDER BY p.id",
  }),
  t.list({
    name: "seo_get_new_mentions",
    description:
      "Where did we newly appear in AI answers? Prompts mentioning us in this window and not in the previous one.",
    days: 14,
    sql: "SELECT p.id AS prompt_id, p.text AS prompt FROM prompts p WHERE p.domain_id = :domain_id AND EXISTS (SELECT 1 FROM prompt_runs r WHERE r.prompt_id = p.id AND r.mentioned = 1 AND r.day BETWEEN :since AND :until) AND NOT EXISTS (SELECT 1 FROM prompt_runs r WHERE r.prompt_id = p.id AND r.mentioned = 1 AND r.day BETWEEN :previous_since AND :previous_until) ORDER BY p.id",
  }),
  t.list({
    name: "seo_get_citation_rank_distribution",
    description:
      "When AI answers cite us, are we the first source or buried? Our citations by source rank.",
    days: 28,
    sql: "SELECT rank, COUNT(*) AS citations FROM citations WHERE domain_id = :domain_id AND is_own = 1 AND day BETWEEN :since AND :until GROUP BY rank ORDER BY rank",
  }),
  t.list({
    name: "seo_get_engine_coverage_matrix",
    description:
      "Prompt by engine grid: for each tracked prompt, the mention rate in each AI engine.",
    days: 28,
    query: (_args, d, w) => [
      `SELECT p.id AS prompt_id, p.text AS prompt, ${ENGINES.map((e) => `ROUND(CAST(AVG(CASE WHEN r.engine = '${e}' THEN r.mentioned END) AS NUMERIC), 2) AS ${e}`).join(", ")} FROM prompts p JOIN prompt_runs r ON r.prompt_id = p.id AND r.day BETWEEN ? AND ? WHERE p.domain_id = ? GROUP BY p.id ORDER BY p.id`,
      [w.since, w.until, d.id],
    ],
  }),
  t.list({
    name: "seo_get_ai_referral_revenue",
    description: "Do AI answers send buyers? Orders and revenue from AI referrals per week.",
    days: 84,
    sql: (d) => `SELECT ${d.week("day")} AS week, COUNT(*) AS orders, ROUND(CAST(SUM(total) AS NUMERIC), 2) AS revenue FROM eshop_orders WHERE domain_id = :domain_id AND channel = 'ai_referral' AND status NOT IN ('cancelled', 'refunded') AND day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
  }),
  t.read({
    name: "seo_compare_periods",
    description:
      "Compare AI visibility this window with the previous one: mention rate, citation rate, average position and share of voice.",
    days: 28,
    run: async (args, d, w) => {
      const stats = async (since: string, until: string) => {
        const r = await store.get<Record<string, number>>(
          "SELECT AVG(mentioned) AS mention_rate, AVG(cited) AS citation_rate, AVG(position) AS average_position FROM prompt_runs WHERE domain_id = ? AND day BETWEEN ? AND ?",
          [d.id, since, until],
        );
        const s = await store.get<{ share: number }>(
          "SELECT AVG(is_own) AS share FROM citations WHERE domain_id = ? AND day BETWEEN ? AND ?",
          [d.id, since, until],
        );
        return {
          mention_rate: round(r?.mention_rate, 3),
          citation_rate: round(r?.citation_rate, 3),
          average_position: round(r?.average_position),
          share_of_voice: round(s?.share, 3),
        };
      };
      const p = previousWindowOf(d, args);
      return {
        current: { since: w.since, ...(await stats(w.since, w.until)) },
        previous: { since: p.since, ...(await stats(p.since, p.until)) },
      };
    },
  }),
  t.list({
    name: "seo_get_daily_citations",
    description: "How many times were we cited by AI answers each day?",
    days: 28,
    sql: "SELECT day, SUM(is_own) AS our_citations, COUNT(*) AS all_citations FROM citations WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY day ORDER BY day",
  }),
  t.read({
    name: "seo_get_answer_length_stats",
    description:
      "Are we mentioned in long, detailed answers or short ones? Average answer length with and without a mention.",
    days: 28,
    run: async (_args, d, w) => {
      return {
        since: w.since,
        by_mention: await store.all(
          "SELECT mentioned, ROUND(CAST(AVG(answer_words) AS NUMERIC)) AS average_words, COUNT(*) AS runs FROM prompt_runs WHERE domain_id = ? AND day BETWEEN ? AND ? GROUP BY mentioned",
          [d.id, w.since, w.until],
        ),
      };
    },
  }),
  t.list({
    name: "seo_get_citation_overlap_with_competitor",
    description: "Which prompts cite both us and one given competitor in the same answer?",
    days: 28,
    of: competitor,
    sql: "SELECT p.id AS prompt_id, p.text AS prompt, COUNT(DISTINCT r.id) AS shared_answers FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.day BETWEEN :since AND :until AND EXISTS (SELECT 1 FROM citations c WHERE c.run_id = r.id AND c.is_own = 1) AND EXISTS (SELECT 1 FROM citations c WHERE c.run_id = r.id AND c.competitor_id = :competitor_id) GROUP BY p.id ORDER BY shared_answers DESC, p.id",
  }),
  t.list({
    name: "seo_list_uncited_mentions",
    description:
      "Where do AI answers name us without linking to us? Runs that mention the brand but cite no page of ours (link-earning opportunities).",
    days: 28,
    params: { engine },
    sql: "SELECT r.id AS run_id, r.day, r.engine, p.text AS prompt FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.mentioned = 1 AND r.cited = 0 AND r.day BETWEEN :since AND :until[ AND r.engine = :engine] ORDER BY r.day DESC, r.id DESC",
  }),
  t.act({
    name: "seo_generate_content_brief",
    kind: "paid",
    cost: 3,
    description:
      "Write a content brief to win one prompt: the sources AI engines cite instead of us, the engines missing us, and the pages of ours already cited.",
    of: prompt,
    run: async (_args, _d, _context, tracked) => {
      const sources = await store.all(
        "SELECT c.url, COUNT(*) AS citations FROM citations c JOIN prompt_runs r ON r.id = c.run_id WHERE r.prompt_id = ? AND c.is_own = 0 GROUP BY c.url ORDER BY citations DESC LIMIT 5",
        [tracked.id],
      );
      const missing = await store.all<{ engine: string }>(
        "SELECT engine FROM prompt_runs WHERE prompt_id = ? GROUP BY engine HAVING SUM(mentioned) = 0",
        [tracked.id],
      );
      const ours = await store.all(
        "SELECT DISTINCT c.url FROM citations c JOIN prompt_runs r ON r.id = c.run_id WHERE r.prompt_id = ? AND c.is_own = 1",
        [tracked.id],
      );
      return {
        prompt: tracked.text,
        topic: tracked.topic,
        sources_to_outdo: sources,
        engines_missing_us: missing.map((row) => row.engine),
        our_cited_pages: ours,
        outline: [
          `Answer "${tracked.text}" in the first paragraph`,
          `Cover what ${sources.length} competing sources cover, with first-hand data`,
          "Add a comparison table and an FAQ block with the exact question",
        ],
      };
    },
  }),
  t.act({
    name: "seo_run_visibility_audit",
    kind: "paid",
    cost: 5,
    description:
      "Run a visibility audit over every active prompt: weakest engines, prompts with no mention at all, strongest competitor, and a score out of 100 saved in the credit ledger note.",
    params: { days: arg.days() },
    run: async (args, d) => {
      const w = windowOf(d, args);
      const engines = await store.all<{ engine: string; rate: number }>(
        "SELECT engine, AVG(mentioned) AS rate FROM prompt_runs WHERE domain_id = ? AND day BETWEEN ? AND ? GROUP BY engine ORDER BY rate",
        [d.id, w.since, w.until],
      );
      const silent = await store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM prompts p WHERE p.domain_id = ? AND p.active = 1 AND NOT EXISTS (SELECT 1 FROM prompt_runs r WHERE r.prompt_id = p.id AND r.mentioned = 1 AND r.day BETWEEN ? AND ?)",
        [d.id, w.since, w.until],
      );
      const rival = await store.get(
        "SELECT cited_host AS host, COUNT(*) AS citations FROM citations WHERE domain_id = ? AND is_own = 0 AND day BETWEEN ? AND ? GROUP BY cited_host ORDER BY citations DESC LIMIT 1",
        [d.id, w.since, w.until],
      );
      const overall = engines.reduce((sum, row) => sum + row.rate, 0) / Math.max(1, engines.length);
      return {
        score: Math.round(overall * 100),
        weakest_engines: engines
          .slice(0, 2)
          .map((row) => ({ engine: row.engine, mention_rate: round(row.rate, 3) })),
        prompts_never_mentioned: silent?.n ?? 0,
        strongest_competitor: rival ?? null,
      };
    },
  }),
]);
