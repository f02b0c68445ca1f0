// Toolset "competitors": the competitor domains tracked for a domain and how they compare with
// it in AI answers (citations joined through competitor_id).
import { arg, defineTools, windowOf, countOf, domainRowCount } from "./shared";
import { ownedRow } from "./owned-rows";

/** A competitor tracked for the domain. */
export const competitor = ownedRow<{
  id: number;
  hostname: string;
  name: string;
  category: string;
}>({
  param: "competitor_id",
  what: "competitor",
  table: "competitors",
  listedBy: "competitors_list",
});

/** The competitors toolset's tools. */
export const competitorsTools = defineTools("competitors", (t, store) => [
  t.list({
    name: "competitors_list",
    description:
      "List the competitor websites tracked for this domain, with category and when they were added.",
    sql: "SELECT id AS competitor_id, hostname, name, category, added_at FROM competitors WHERE domain_id = :domain_id ORDER BY id",
  }),
  t.read({
    name: "competitors_get",
    description:
      "One competitor with its citation count, answers cited in and average source rank over the window.",
    days: 28,
    of: competitor,
    run: async (args, d, w, c) => {
      return {
        ...c,
        ...(await store.get(
          "SELECT COUNT(*) AS citations, COUNT(DISTINCT run_id) AS answers, ROUND(CAST(AVG(rank) AS NUMERIC), 2) AS average_rank FROM citations WHERE competitor_id = ? AND day BETWEEN ? AND ?",
          [c.id, w.since, w.until],
        )),
      };
    },
  }),
  t.list({
    name: "competitors_compare_citations",
    description:
      "Who gets cited more by AI engines, us or our competitors? Citations per tracked competitor beside ours.",
    days: 28,
    sql: "SELECT :hostname AS host, 1 AS is_us, COUNT(*) AS citations FROM citations WHERE domain_id = :domain_id AND is_own = 1 AND day BETWEEN :since AND :until UNION ALL SELECT k.hostname, 0, COUNT(c.id) FROM competitors k LEFT JOIN citations c ON c.competitor_id = k.id AND c.day BETWEEN :since AND :until WHERE k.domain_id = :domain_id GROUP BY k.id ORDER BY citations DESC",
  }),
  t.list({
    name: "competitors_compare_by_engine",
    description: "Per AI engine, our citations against one competitor's.",
    days: 28,
    of: competitor,
    sql: "SELECT engine, SUM(is_own) AS ours, SUM(CAST((competitor_id = :competitor_id) AS INTEGER)) AS theirs FROM citations WHERE domain_id = :domain_id AND day BETWEEN :since AND :until GROUP BY engine ORDER BY engine",
  }),
  t.read({
    name: "competitors_get_head_to_head",
    description:
      "Head to head with one competitor: prompts where both are cited, only we are, only they are.",
    days: 28,
    of: competitor,
    run: async (args, d, w, c) => {
      const rows = await store.all<{ us: number; them: number }>(
        "SELECT MAX(c.is_own) AS us, MAX(CAST((c.competitor_id = ?) AS INTEGER)) AS them FROM citations c JOIN prompt_runs r ON r.id = c.run_id WHERE c.domain_id = ? AND c.day BETWEEN ? AND ? GROUP BY r.prompt_id",
        [c.id, d.id, w.since, w.until],
      );
      return {
        competitor: c.hostname,
        both: rows.filter((r) => r.us && r.them).length,
        only_us: rows.filter((r) => r.us && !r.them).length,
        only_them: rows.filter((r) => !r.us && r.them).length,
        neither: rows.filter((r) => !r.us && !r.them).length,
      };
    },
  }),
  t.list({
    name: "competitors_list_prompts_they_win",
    description: "Which prompts does one competitor get cited for while we do not?",
    days: 28,
    of: competitor,
    sql: "SELECT p.id AS prompt_id, p.text, COUNT(*) AS their_citations FROM citations c JOIN prompt_runs r ON r.id = c.run_id JOIN prompts p ON p.id = r.prompt_id WHERE c.competitor_id = :competitor_id AND c.day BETWEEN :since AND :until AND NOT EXISTS (SELECT 1 FROM prompt_runs x WHERE x.prompt_id = p.id AND x.cited = 1 AND x.day BETWEEN :since AND :until) GROUP BY p.id ORDER BY their_citations DESC",
  }),
  t.list({
    name: "competitors_list_prompts_we_beat_them",
    description: "Which prompts cite us but never one given competitor?",
    days: 28,
    of: competitor,
    sql: "SELECT p.id AS prompt_id, p.text, SUM(r.cited) AS our_citations FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id WHERE r.domain_id = :domain_id AND r.day BETWEEN :since AND :until AND NOT EXISTS (SELECT 1 FROM citations c JOIN prompt_runs x ON x.id = c.run_id WHERE x.prompt_id = p.id AND c.competitor_id = :competitor_id AND c.day BETWEEN :since AND :until) GROUP BY p.id HAVING SUM(r.cited) > 0 ORDER BY our_citations DESC",
  }),
  t.list({
    name: "competitors_get_top_pages",
    description: "Which pages of one competitor do AI engines cite most?",
    days: 28,
    of: competitor,
    sql: "SELECT url, COUNT(*) AS citations, COUNT(DISTINCT engine) AS engines FROM citations WHERE competitor_id = :competitor_id AND day BETWEEN :since AND :until GROUP BY url ORDER BY citations DESC, url",
  }),
  t.list({
    name: "competitors_get_citation_trend_weekly",
    description: "Is a competitor gaining in AI answers? Its citations per week.",
    days: 84,
    of: competitor,
    sql: (d) => `SELECT ${d.week("day")} AS week, COUNT(*) AS citations FROM citations WHERE competitor_id = :competitor_id AND day BETWEEN :since AND :until GROUP BY week ORDER BY week`,
  }),
  t.list({
    name: "competitors_get_average_rank",
    description:
      "When cited, which competitor appears first among the sources? Average source rank per competitor.",
    days: 28,
    sql: "SELECT k.id AS competitor_id, k.hostname, ROUND(CAST(AVG(c.rank) AS NUMERIC), 2) AS average_rank, COUNT(c.id) AS citations FROM competitors k JOIN citations c ON c.competitor_id = k.id AND c.day BETWEEN :since AND :until WHERE k.domain_id = :domain_id GROUP BY k.id ORDER BY average_rank",
  }),
  t.list({
    name: "competitors_find_untracked",
    description:
      "Which sites keep being cited for our prompts but are not tracked as competitors? Suggestions to add.",
    days: 28,
    sql: "SELECT cited_host AS hostname, COUNT(*) AS citations FROM citations WHERE domain_id = :domain_id AND is_own = 0 AND competitor_id IS NULL AND day BETWEEN :since AND :until GROUP BY cited_host ORDER BY citations DESC",
  }),
  t.list({
    name: "competitors_get_share_change",
    description:
      "Which competitors gained or lost share of AI citations compared with the previous window?",
    days: 28,
    sql: "SELECT k.id AS competitor_id, k.hostname, SUM(CAST((c.day BETWEEN :since AND :until) AS INTEGER)) AS citations_now, SUM(CAST((c.day BETWEEN :previous_since AND :previous_until) AS INTEGER)) AS citations_before, SUM(CAST((c.day BETWEEN :since AND :until) AS INTEGER)) - SUM(CAST((c.day BETWEEN :previous_since AND :previous_until) AS INTEGER)) AS change FROM competitors k LEFT JOIN citations c ON c.competitor_id = k.id WHERE k.domain_id = :domain_id GROUP BY k.id ORDER BY change DESC",
  }),
  t.list({
    name: "competitors_get_topic_strength",
    description:
      "Which topics does each competitor dominate? Citations per competitor and prompt topic.",
    days: 28,
    sql: "SELECT k.hostname, p.topic, COUNT(*) AS citations FROM citations c JOIN competitors k ON k.id = c.competitor_id JOIN prompt_runs r ON r.id = c.run_id JOIN prompts p ON p.id = r.prompt_id WHERE c.domain_id = :domain_id AND c.day BETWEEN :since AND :until GROUP BY k.id, p.topic ORDER BY citations DESC, k.hostname, p.topic",
  }),
  t.list({
    name: "competitors_get_engine_preference",
    description:
      "Which AI engine favours which competitor? Each competitor's citations per engine.",
    days: 28,
    sql: "SELECT k.hostname, c.engine, COUNT(*) AS citations FROM citations c JOIN competitors k ON k.id = c.competitor_id WHERE c.domain_id = :domain_id AND c.day BETWEEN :since AND :until GROUP BY k.id, c.engine ORDER BY k.hostname, citations DESC",
  }),
  t.list({
    name: "competitors_count_by_category",
    description: "How many tracked competitors are direct rivals, marketplaces or publishers?",
    sql: "SELECT category, COUNT(*) AS competitors FROM competitors WHERE domain_id = :domain_id GROUP BY category ORDER BY competitors DESC, category",
  }),
  t.act({
    name: "competitors_add",
    kind: "write",
    description: "Track a new competitor website. Checks the plan's competitors-per-domain limit.",
    params: {
      hostname: {
        type: "string",
        pattern: "^[a-z0-9.-]+\\.[a-z]{2,}$",
        description: "Competitor host name.",
      },
      category: arg.oneOf(["direct", "marketplace", "publisher"], "Kind of competitor."),
    },
    required: ["hostname"],
    planLimit: {
      key: "competitors_per_domain",
      what: "competitors per domain",
      count: (scope) => domainRowCount("competitors")(scope.domainId),
    },
    run: async (args, d) => {
      const r = await store.run(
        "INSERT INTO competitors (domain_id, hostname, name, category, added_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
        [
          d.id,
          args.hostname,
          args.hostname.split(".")[0] ?? args.hostname,
          args.category ?? "direct",
          new Date().toISOString().slice(0, 10),
        ],
      );
      await store.run(
        "UPDATE citations SET competitor_id = ? WHERE domain_id = ? AND cited_host = ? AND competitor_id IS NULL",
        [r.lastInsertId, d.id, args.hostname],
      );
      return {
        competitor_id: r.lastInsertId,
        hostname: args.hostname,
        competitors_now: await countOf(store, domainRowCount("competitors")(d.id)),
        allowed: d.limits.competitors_per_domain,
      };
    },
  }),
  t.change({
    name: "competitors_rename",
    description: "Change a competitor's display name.",
    row: competitor,
    column: "name",
    value: arg.text("New name.", 80),
    answer: "value",
  }),
  t.change({
    name: "competitors_set_category",
    description: "Classify a competitor as direct rival, marketplace or publisher.",
    row: competitor,
    column: "category",
    value: arg.oneOf(["direct", "marketplace", "publisher"], "Category."),
  }),
  t.act({
    name: "competitors_remove",
    kind: "destructive",
    description:
      "Stop tracking a competitor; its past citations stay but are no longer attributed to it.",
    of: competitor,
    run: async (args, d, _context, c) => {
      await store.batch([
        {
          sql: "UPDATE citations SET competitor_id = NULL WHERE competitor_id = ?",
          params: [c.id],
        },
        { sql: "DELETE FROM competitors WHERE id = ?", params: [c.id] },
      ]);
      return { removed: c.hostname };
    },
  }),
  t.act({
    name: "competitors_run_gap_analysis",
    kind: "paid",
    cost: 4,
    description:
      "For every tracked competitor: the prompts it wins that we lose, its most cited page, and the engine that favours it most.",
    params: { days: arg.days() },
    run: async (args, d) => {
      const w = windowOf(d, args);
      const competitors = await store.all<{ id: number; hostname: string }>(
        "SELECT id, hostname FROM competitors WHERE domain_id = ?",
        [d.id],
      );
      const gaps = [];
      for (const c of competitors) {
        const lost = await store.get<{ n: number }>(
          "SELECT COUNT(DISTINCT r.prompt_id) AS n FROM citations c JOIN prompt_runs r ON r.id = c.run_id WHERE c.competitor_id = ? AND c.day BETWEEN ? AND ? AND NOT EXISTS (SELECT 1 FROM prompt_runs x WHERE x.prompt_id = r.prompt_id AND x.cited = 1 AND x.day BETWEEN ? AND ?)",
          [c.id, w.since, w.until, w.since, w.until],
        );
        const page = await store.get<{ url: string }>(
          "SELECT url FROM citations WHERE competitor_id = ? AND day BETWEEN ? AND ? GROUP BY url ORDER BY COUNT(*) DESC LIMIT 1",
          [c.id, w.since, w.until],
        );
        const engine = await store.get<{ engine: string }>(
          "SELECT engine FROM citations WHERE competitor_id = ? AND day BETWEEN ? AND ? GROUP BY engine ORDER BY COUNT(*) DESC LIMIT 1",
          [c.id, w.since, w.until],
        );
        gaps.push({
          competitor: c.hostname,
          prompts_lost_to_them: lost?.n ?? 0,
          top_page: page?.url ?? null,
          favoured_by: engine?.engine ?? null,
        });
      }
      return {
        since: w.since,
        gaps: gaps.sort((a, b) => b.prompts_lost_to_them - a.prompts_lost_to_them),
      };
    },
  }),
]);
