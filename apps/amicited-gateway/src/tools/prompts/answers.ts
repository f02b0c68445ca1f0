// prompts tools about tracked prompts, their runs and the AI answers.
import { containsPattern, dialectSql, LIKE_ESCAPE } from "@foundry-mcp/workspace-store";
import { arg, requireRow, round, defineTools } from "../shared";
import { ENGINES } from "../../domain/dimensions";
import { prompt } from "./common";

/** The prompts toolset's tools about tracked prompts, runs and answers. */
export const promptsAnswerTools = defineTools("prompts", (t, store) => {
  const dialect = dialectSql(store.dialect);
  return [
  t.list({
    name: "prompts_list",
    description:
      "List the questions (prompts) tracked in AI engines for this domain, with topic, intent and whether tracking is active.",
    params: {
      topic: arg.text("Only this topic."),
      active: { type: "boolean", description: "Only active (true) or paused (false) prompts." },
    },
    sql: "SELECT id AS prompt_id, text, topic, intent, active, created_at FROM prompts WHERE domain_id = :domain_id[ AND topic = :topic][ AND active = :active] ORDER BY id",
  }),
  t.read({
    name: "prompts_get",
    description:
      "One tracked prompt with its mention and citation rate over all runs and its last run day.",
    of: prompt,
    run: async (args, d, _window, p) => {
      const s = await store.get<Record<string, number>>(
        "SELECT COUNT(*) AS runs, AVG(mentioned) AS mention_rate, AVG(cited) AS citation_rate, MAX(day) AS last_run FROM prompt_runs WHERE prompt_id = ?",
        [p.id],
      );
      return {
        ...p,
        runs: s?.runs,
        mention_rate: round(s?.mention_rate, 3),
        citation_rate: round(s?.citation_rate, 3),
        last_run: s?.last_run,
      };
    },
  }),
  t.list({
    name: "prompts_list_runs",
    description:
      "Every run of one prompt: day, engine, whether we were mentioned or cited, position and sentiment.",
    of: prompt,
    params: { engine: arg.oneOf(ENGINES, "Only this engine.") },
    sql: "SELECT id AS run_id, day, engine, mentioned, cited, position, sentiment FROM prompt_runs WHERE prompt_id = :prompt_id[ AND engine = :engine] ORDER BY day DESC, engine",
  }),
  t.list({
    name: "prompts_get_latest_answers",
    description:
      "What does each AI engine answer today to one prompt? The latest run per engine with its answer excerpt.",
    of: prompt,
    sql: "SELECT r.engine, r.day, r.mentioned, r.cited, r.position, r.answer_excerpt FROM prompt_runs r WHERE r.prompt_id = :prompt_id AND r.day = (SELECT MAX(x.day) FROM prompt_runs x WHERE x.prompt_id = r.prompt_id AND x.engine = r.engine) ORDER BY r.engine",
  }),
  t.read({
    name: "prompts_get_answer",
    description:
      "One AI answer (run) in full: engine, day, mention, position, sentiment, excerpt and the sources it cited.",
    params: { run_id: arg.id("Run (from prompts_list_runs)") },
    required: ["run_id"],
    run: async (args, d) => {
      const run = await requireRow(
        store,
        [
          "SELECT r.id AS run_id, p.text AS prompt, r.engine, r.day, r.mentioned, r.cited, r.position, r.sentiment, r.answer_words, r.answer_excerpt FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.id = ? AND r.domain_id = ?",
          [args.run_id, d.id],
        ],
        `run ${args.run_id}`,
        "list ids with prompts_list_runs",
      );
      return {
        ...run,
        sources: await store.all(
          "SELECT rank, cited_host AS host, url FROM citations WHERE run_id = ? ORDER BY rank",
          [args.run_id],
        ),
      };
    },
  }),
  t.list({
    name: "prompts_search",
    description: "Find tracked prompts whose text contains some words.",
    params: { text: arg.text("Words to look for (substring, case-insensitive).") },
    required: ["text"],
    query: (args, d) => [
      `SELECT id AS prompt_id, text, topic FROM prompts WHERE domain_id = ? AND ${dialect.likeIgnoringCase("LOWER(text)", "?")} ${LIKE_ESCAPE} ORDER BY id`,
      [d.id, containsPattern(args.text, true)],
    ],
  }),
  t.list({
    name: "prompts_count_by_topic",
    description: "How many prompts are tracked per topic, and how many are active?",
    sql: "SELECT topic, COUNT(*) AS prompts, SUM(active) AS active FROM prompts WHERE domain_id = :domain_id GROUP BY topic ORDER BY prompts DESC, topic",
  }),
  t.list({
    name: "prompts_get_run_volume_by_engine",
    description: "How many runs did each engine get, and on how many distinct prompts?",
    days: 28,
    sql: "SELECT engine, COUNT(*) AS runs, COUNT(DISTINCT prompt_id) AS prompts FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY engine ORDER BY runs DESC, engine",
  }),
  t.list({
    name: "prompts_get_history_weekly",
    description: "Week by week for one prompt: runs, mentions and citations.",
    of: prompt,
    sql: (d) => `SELECT ${d.week("day")} AS week, COUNT(*) AS runs, SUM(mentioned) AS mentions, SUM(cited) AS citations FROM prompt_runs WHERE prompt_id = :prompt_id GROUP BY week ORDER BY week`,
  }),
  t.list({
    name: "prompts_list_never_mentioned",
    description: "Which tracked prompts never mention us in any engine within the window?",
    days: 28,
    sql: "SELECT p.id AS prompt_id, p.text, COUNT(r.id) AS runs FROM prompts p JOIN prompt_runs r ON r.prompt_id = p.id AND r.day BETWEEN :since AND :until WHERE p.domain_id = :domain_id GROUP BY p.id HAVING SUM(r.mentioned) = 0 ORDER BY runs DESC",
  }),
  t.list({
    name: "prompts_list_always_mentioned",
    description: "Which prompts mention us in every single run of the window?",
    days: 28,
    sql: "SELECT p.id AS prompt_id, p.text, COUNT(r.id) AS runs FROM prompts p JOIN prompt_runs r ON r.prompt_id = p.id AND r.day BETWEEN :since AND :until WHERE p.domain_id = :domain_id GROUP BY p.id HAVING MIN(r.mentioned) = 1 ORDER BY runs DESC",
  }),
  t.list({
    name: "prompts_rank_by_mention_rate",
    description: "Rank the tracked prompts from best to worst mention rate.",
    days: 28,
    sql: "SELECT p.id AS prompt_id, p.text, ROUND(CAST(AVG(r.mentioned) AS NUMERIC), 3) AS mention_rate, ROUND(CAST(AVG(r.cited) AS NUMERIC), 3) AS citation_rate FROM prompts p JOIN prompt_runs r ON r.prompt_id = p.id AND r.day BETWEEN :since AND :until WHERE p.domain_id = :domain_id GROUP BY p.id ORDER BY mention_rate DESC, p.id",
  }),
  t.list({
    name: "prompts_list_negative_answers",
    description:
      "Which AI answers speak negatively about us? Runs with negative sentiment, newest first.",
    days: 28,
    sql: "SELECT r.id AS run_id, r.day, r.engine, p.text AS prompt, r.answer_excerpt FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.sentiment = 'negative' AND r.day BETWEEN :since AND :until ORDER BY r.day DESC, r.id DESC",
  }),
  t.list({
    name: "prompts_get_volatility",
    description:
      "Which prompts flip between mentioning us and not from week to week? Distinct weekly outcomes per prompt and engine.",
    days: 84,
    sql: "SELECT prompt_id, text, SUM(flips) AS flips FROM (SELECT r.prompt_id, p.text, r.engine, COUNT(DISTINCT r.mentioned) - 1 AS flips FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.day BETWEEN :since AND :until GROUP BY r.prompt_id, p.text, r.engine) AS outcomes GROUP BY prompt_id, text ORDER BY flips DESC, prompt_id",
  }),
  t.list({
    name: "prompts_get_engine_disagreement",
    description:
      "Where do AI engines disagree about us? Prompts that some engines mention us for and others do not, in the window.",
    days: 7,
    sql: (d) => `SELECT p.id AS prompt_id, p.text, ${d.groupConcat("CASE WHEN m = 1 THEN engine END", { orderBy: "engine" })} AS mentioning, ${d.groupConcat("CASE WHEN m = 0 THEN engine END", { orderBy: "engine" })} AS silent FROM (SELECT prompt_id, engine, MAX(mentioned) AS m FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY prompt_id, engine) x JOIN prompts p ON p.id = x.prompt_id GROUP BY p.id HAVING SUM(m) > 0 AND SUM(m) < COUNT(*) ORDER BY p.id`,
  }),
  t.list({
    name: "prompts_suggest_from_search_queries",
    description:
      "Which popular search queries are not tracked as AI prompts yet? Search Console queries by impressions that no prompt mentions.",
    days: 28,
    sql: (d) => `SELECT query, SUM(impressions) AS impressions, SUM(clicks) AS clicks FROM gsc_daily g WHERE domain_id = :domain_id AND day BETWEEN :since AND :until AND NOT EXISTS (SELECT 1 FROM prompts p WHERE p.domain_id = g.domain_id AND ${d.likeIgnoringCase("LOWER(p.text)", "'%' || LOWER(g.query) || '%'")}) GROUP BY query ORDER BY impressions DESC`,
  }),
  t.comparePeriods({
    name: "prompts_compare_periods",
    description:
      "Did our prompts do better this window than the previous one? Runs, mentions and citations in each window.",
    days: 28,
    sql: "SELECT COUNT(*) AS runs, SUM(mentioned) AS mentions, SUM(cited) AS citations FROM prompt_runs WHERE domain_id = :domain_id AND day BETWEEN :since AND :until",
  }),
];
});
