// seo tools about AI visibility: mention and citation rates, share of voice, cited URLs, positions and sentiment.
import { previousWindowOf, round, defineTools } from "../shared";
import { engine } from "./common";

/** The seo toolset's tools about visibility, citations, share of voice and sentiment. */
export const seoVisibilityTools = defineTools("seo", (t, store) => {
  const rate = async (domainId: number, since: string, until: string, column: string) =>
    (await store.get<{ rate: number | null; runs: number }>(
      `SELECT AVG(${column}) AS rate, COUNT(*) AS runs FROM prompt_runs WHERE domain_id = ? AND day BETWEEN ? AND ?`,
      [domainId, since, until],
    )) ?? { rate: null, runs: 0 };
  return [
    t.read({
      name: "seo_get_visibility_score",
      description:
        "How visible is the domain in AI answers? Share of tracked prompt runs that mention it, this window versus the previous one.",
      days: 28,
      run: async (args, d, w) => {
        const p = previousWindowOf(d, args);
        const now = await rate(d.id, w.since, w.until, "mentioned");
        const before = await rate(d.id, p.since, p.until, "mentioned");
        return {
          since: w.since,
          visibility: round(now.rate, 3),
          previous: round(before.rate, 3),
          change:
            now.rate !== null && before.rate !== null ? round(now.rate - before.rate, 3) : null,
          runs: now.runs,
        };
      },
    }),
    t.list({
      name: "seo_get_visibility_by_engine",
      description:
        "Which AI engines mention us most? Mention rate and runs per engine (ChatGPT, Perplexity, Gemini, Claude, AI Overviews).",
      days: 28,
      sql: "SELECT engine, ROUND(CAST(AVG(mentioned) AS NUMERIC), 3) AS mention_rate, COUNT(*) AS runs FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY engine ORDER BY mention_rate DESC",
    }),
    t.list({
      name: "seo_get_visibility_trend_weekly",
      description: "Is AI visibility going up or down? Mention rate per week.",
      days: 84,
      sql: (d) => `SELECT ${d.week("day")} AS week, ROUND(CAST(AVG(mentioned) AS NUMERIC), 3) AS mention_rate, COUNT(*) AS runs FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
    }),
    t.totals<{ rate: number; runs: number; cited: number }>({
      name: "seo_get_citation_rate",
      description:
        "How often do AI answers link to our site as a source? Share of runs that cite the domain, and citations counted.",
      days: 28,
      params: { engine },
      sql: "SELECT AVG(cited) AS rate, COUNT(*) AS runs, SUM(cited) AS cited FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until[ AND engine = :engine]",
      answer: (row, args) => ({
        engine: args.engine ?? "all",
        citation_rate: round(row?.rate, 3),
        cited_runs: row?.cited ?? 0,
        runs: row?.runs ?? 0,
      }),
    }),
    t.list({
      name: "seo_get_citation_rate_by_engine",
      description:
        "Which AI engines cite our pages as sources, and how often? Citation rate per engine.",
      days: 28,
      sql: "SELECT engine, ROUND(CAST(AVG(cited) AS NUMERIC), 3) AS citation_rate, SUM(cited) AS cited_runs FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY engine ORDER BY citation_rate DESC, engine",
    }),
    t.list({
      name: "seo_get_share_of_voice",
      description:
        "Share of voice in AI answers: each cited site's share of all citations for our tracked prompts, us included.",
      days: 28,
      sql: "SELECT cited_host AS host, COUNT(*) AS citations, ROUND(CAST(COUNT(*) * 1.0 / (SELECT COUNT(*) FROM citations WHERE domain_id = :domain_id AND day BETWEEN :since AND :until) AS NUMERIC), 3) AS share, MAX(is_own) AS is_us FROM citations WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY cited_host ORDER BY citations DESC, cited_host",
    }),
    t.list({
      name: "seo_get_share_of_voice_by_engine",
      description: "Our share of citations within each AI engine's answers.",
      days: 28,
      sql: "SELECT engine, SUM(is_own) AS our_citations, COUNT(*) AS all_citations, ROUND(CAST(AVG(is_own) AS NUMERIC), 3) AS our_share FROM citations WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY engine ORDER BY our_share DESC",
    }),
    t.list({
      name: "seo_get_citation_gap_invisible_winners",
      description:
        "Which prompts cite competitors but not us? Tracked prompts where AI answers cited other sites and never our domain: the citation gap.",
      days: 28,
      sql: (d) => `SELECT p.id AS prompt_id, p.text AS prompt, COUNT(c.id) AS competitor_citations, ${d.groupConcat("c.cited_host", { distinct: true, orderBy: "c.cited_host" })} AS cited_instead FROM prompts p JOIN citations c ON c.run_id IN (SELECT id FROM prompt_runs WHERE prompt_id = p.id AND day BETWEEN :since AND :until) AND c.is_own = 0 WHERE p.domain_id = :domain_id AND NOT EXISTS (SELECT 1 FROM prompt_runs r WHERE r.prompt_id = p.id AND r.cited = 1 AND r.day BETWEEN :since AND :until) GROUP BY p.id ORDER BY competitor_citations DESC, p.id`,
    }),
    t.list({
      name: "seo_get_prompts_where_we_win",
      description:
        "Which prompts do we own? Prompts where AI answers cited us and no tracked competitor.",
      days: 28,
      sql: "SELECT p.id AS prompt_id, p.text AS prompt, SUM(r.cited) AS cited_runs FROM prompts p JOIN prompt_runs r ON r.prompt_id = p.id AND r.day BETWEEN :since AND :until WHERE p.domain_id = :domain_id AND NOT EXISTS (SELECT 1 FROM citations c JOIN prompt_runs x ON x.id = c.run_id WHERE x.prompt_id = p.id AND c.competitor_id IS NOT NULL AND c.day BETWEEN :since AND :until) GROUP BY p.id HAVING SUM(r.cited) > 0 ORDER BY cited_runs DESC",
    }),
    t.list({
      name: "seo_list_cited_urls",
      description:
        "Which of our pages do AI engines cite most? Our URLs by citation count, with engines.",
      days: 28,
      sql: "SELECT url, COUNT(*) AS citations, COUNT(DISTINCT engine) AS engines, ROUND(CAST(AVG(rank) AS NUMERIC), 2) AS average_rank FROM citations WHERE domain_id = :domain_id AND is_own = 1 AND day BETWEEN :since AND :until GROUP BY url ORDER BY citations DESC",
    }),
    t.list({
      name: "seo_list_top_cited_domains",
      description:
        "Which websites do AI answers cite for our prompts? Every cited host, tracked competitor or not.",
      days: 28,
      sql: "SELECT cited_host AS host, COUNT(*) AS citations, COUNT(DISTINCT run_id) AS answers, MAX(CAST((competitor_id IS NOT NULL) AS INTEGER)) AS tracked_competitor FROM citations WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY cited_host ORDER BY citations DESC, cited_host",
    }),
    t.list({
      name: "seo_list_competitor_cited_urls",
      description:
        "Which competitor pages do AI engines use as sources for our prompts? Their URLs by citations.",
      days: 28,
      sql: "SELECT url, cited_host AS host, COUNT(*) AS citations FROM citations WHERE domain_id = :domain_id AND is_own = 0 AND day BETWEEN :since AND :until GROUP BY url, cited_host ORDER BY citations DESC, url, cited_host",
    }),
    t.list({
      name: "seo_get_average_mention_position",
      description:
        "Where in AI answers are we mentioned? Average position of our mention per engine (1 = first).",
      days: 28,
      sql: "SELECT engine, ROUND(CAST(AVG(position) AS NUMERIC), 2) AS average_position, COUNT(*) AS mentions FROM prompt_runs WHERE domain_id = :domain_id AND mentioned = 1 AND day BETWEEN :since AND :until GROUP BY engine ORDER BY average_position",
    }),
    t.totals<{ first: number; mentions: number }>({
      name: "seo_get_first_position_rate",
      description:
        "How often are we the first brand an AI answer names? Share of mentions at position 1.",
      days: 28,
      sql: "SELECT SUM(CAST((position = 1) AS INTEGER)) AS first, COUNT(*) AS mentions FROM prompt_runs WHERE domain_id = :domain_id AND mentioned = 1 AND day BETWEEN :since AND :until",
      answer: (row) => ({
        first_position_mentions: row?.first ?? 0,
        mentions: row?.mentions ?? 0,
        first_position_rate: round((row?.first ?? 0) / Math.max(1, row?.mentions ?? 0), 3),
      }),
    }),
    t.list({
      name: "seo_get_sentiment_breakdown",
      description:
        "How do AI answers talk about us? Count of positive, neutral and negative mentions.",
      days: 28,
      sql: "SELECT sentiment, COUNT(*) AS mentions FROM prompt_runs WHERE domain_id = :domain_id AND mentioned = 1 AND day BETWEEN :since AND :until GROUP BY sentiment ORDER BY mentions DESC",
    }),
    t.list({
      name: "seo_get_sentiment_by_engine",
      description:
        "Which AI engine is most negative about us? Negative and positive share of mentions per engine.",
      days: 28,
      sql: "SELECT engine, ROUND(CAST(AVG(CAST((sentiment = 'positive') AS INTEGER)) AS NUMERIC), 3) AS positive_share, ROUND(CAST(AVG(CAST((sentiment = 'negative') AS INTEGER)) AS NUMERIC), 3) AS negative_share, COUNT(*) AS mentions FROM prompt_runs WHERE domain_id = :domain_id AND mentioned = 1 AND day BETWEEN :since AND :until GROUP BY engine ORDER BY negative_share DESC",
    }),
  ];
});
