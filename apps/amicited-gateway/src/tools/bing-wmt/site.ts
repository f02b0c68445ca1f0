// bing_wmt tools about crawl issues, backlinks, URL submission (with Bing's daily quota) and blocked URLs.
import { arg, round, defineTools, requireOnDomain } from "../shared";
import { ownedRow } from "../owned-rows";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { BING_DAILY_URL_QUOTA } from "./common";

/** A crawl issue Bing reported. */
const issue = ownedRow<{ id: number; url: string }>({
  param: "issue_id",
  what: "issue",
  table: "bing_crawl_issues",
  listedBy: "bing_wmt_list_crawl_issues",
  columns: "id, url",
});
/** A URL blocked from Bing's results or cache. */
const block = ownedRow<{ id: number; url: string }>({
  param: "block_id",
  what: "block",
  table: "bing_blocked_urls",
  listedBy: "bing_wmt_list_blocked_urls",
  columns: "id, url",
});

/** The bing_wmt toolset's tools about crawl issues, backlinks, URL submission and blocks. */
export const bingSiteTools = defineTools("bing_wmt", (t, store) => {
  const submittedToday = async (domainId: number) =>
    (
      await store.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM bing_url_submissions WHERE domain_id = ? AND submitted_at >= ?",
        [domainId, new Date().toISOString().slice(0, 10)],
      )
    )?.n ?? 0;
  return [
    t.list({
      name: "bing_wmt_list_crawl_issues",
      description:
        "Which crawl issues did Bing find on our pages (404s, redirect chains, missing tags)?",
      params: {
        severity: arg.oneOf(["error", "warning", "notice"], "Only this severity."),
        include_fixed: { type: "boolean", description: "Also list issues marked fixed." },
      },
      // A fixed issue (fixed = 1) is listed only with include_fixed = true.
      sql: "SELECT id AS issue_id, url, issue, severity, first_seen, fixed FROM bing_crawl_issues WHERE domain_id = :domain_id[ AND severity = :severity] AND fixed <= COALESCE(:include_fixed, 0) ORDER BY first_seen DESC, id",
    }),
    t.list({
      name: "bing_wmt_count_crawl_issues_by_type",
      description: "Which kind of crawl issue is most common? Open issues per type and severity.",
      sql: "SELECT issue, severity, COUNT(*) AS open_issues FROM bing_crawl_issues WHERE domain_id = :domain_id AND fixed = 0 GROUP BY issue, severity ORDER BY open_issues DESC, issue, severity",
    }),
    t.mark({
      name: "bing_wmt_mark_issue_fixed",
      description: "Mark a Bing crawl issue as fixed.",
      row: issue,
      column: "fixed",
      to: 1,
      answer: (i) => ({ issue_id: i.id, url: i.url, fixed: true }),
    }),
    t.list({
      name: "bing_wmt_list_backlinks",
      description:
        "Which sites link to us, according to Bing? Linking URL host, target page, anchor text, first seen.",
      sql: "SELECT source_host, target_url, anchor, first_seen FROM bing_backlinks WHERE domain_id = :domain_id ORDER BY first_seen DESC, id",
    }),
    t.list({
      name: "bing_wmt_list_linking_domains",
      description: "Which domains link to us most often?",
      sql: "SELECT source_host, COUNT(*) AS links, COUNT(DISTINCT target_url) AS pages_linked FROM bing_backlinks WHERE domain_id = :domain_id GROUP BY source_host ORDER BY links DESC, source_host",
    }),
    t.list({
      name: "bing_wmt_list_top_anchors",
      description: "What anchor text do other sites use when they link to us?",
      sql: "SELECT anchor, COUNT(*) AS links FROM bing_backlinks WHERE domain_id = :domain_id GROUP BY anchor ORDER BY links DESC, anchor",
    }),
    t.list({
      name: "bing_wmt_list_new_backlinks",
      description: "Which backlinks did Bing discover recently?",
      days: 14,
      sql: "SELECT source_host, target_url, anchor, first_seen FROM bing_backlinks WHERE domain_id = :domain_id AND first_seen >= :since ORDER BY first_seen DESC",
    }),
    t.list({
      name: "bing_wmt_list_most_linked_pages",
      description: "Which of our pages attract the most backlinks?",
      sql: "SELECT target_url, COUNT(*) AS links, COUNT(DISTINCT source_host) AS linking_domains FROM bing_backlinks WHERE domain_id = :domain_id GROUP BY target_url ORDER BY links DESC",
    }),
    t.read({
      name: "bing_wmt_get_url_submission_quota",
      description: "How many URLs can we still submit to Bing today? Daily quota, used and left.",
      run: async (_args, d) => {
        const used = await submittedToday(d.id);
        return {
          daily_quota: BING_DAILY_URL_QUOTA,
          used_today: used,
          left_today: BING_DAILY_URL_QUOTA - used,
        };
      },
    }),
    t.act({
      name: "bing_wmt_submit_url",
      kind: "write",
      description: `Submit a URL of this domain to Bing for crawling. Bing accepts ${BING_DAILY_URL_QUOTA} URLs per domain per day.`,
      params: { url: { type: "string", format: "uri", description: "Page URL on this domain." } },
      required: ["url"],
      run: async (args, d) => {
        const url = args.url;
        requireOnDomain(url, d);
        const used = await submittedToday(d.id);
        if (used >= BING_DAILY_URL_QUOTA)
          throw new GatewayError(
            GatewayErrorCode.PLAN_LIMIT,
            `Bing's URL submission quota of ${BING_DAILY_URL_QUOTA} per day is used up for ${d.hostname}; try again tomorrow (UTC) or submit a sitemap.`,
          );
        await store.run(
          "INSERT INTO bing_url_submissions (domain_id, url, submitted_at) VALUES (?, ?, ?)",
          [d.id, url, new Date().toISOString()],
        );
        return { submitted: url, left_today: BING_DAILY_URL_QUOTA - used - 1 };
      },
    }),
    t.list({
      name: "bing_wmt_list_url_submissions",
      description: "Which URLs did we submit to Bing, newest first?",
      sql: "SELECT url, submitted_at FROM bing_url_submissions WHERE domain_id = :domain_id ORDER BY submitted_at DESC",
    }),
    t.list({
      name: "bing_wmt_list_blocked_urls",
      description: "Which URLs have we blocked from Bing's results or cache?",
      sql: "SELECT id AS block_id, url, kind, added_at FROM bing_blocked_urls WHERE domain_id = :domain_id ORDER BY added_at DESC",
    }),
    t.act({
      name: "bing_wmt_block_url",
      kind: "write",
      description: "Block a URL of this domain from Bing search results (or only its cached copy).",
      params: {
        url: { type: "string", format: "uri", description: "Page URL on this domain." },
        kind: arg.oneOf(["page", "cache"], "Block the page or only its cache."),
      },
      required: ["url"],
      run: async (args, d) => {
        const url = args.url;
        requireOnDomain(url, d);
        const r = await store.run(
          "INSERT INTO bing_blocked_urls (domain_id, url, kind, added_at) VALUES (?, ?, ?, ?) RETURNING id",
          [d.id, url, args.kind ?? "page", new Date().toISOString()],
        );
        return { block_id: r.lastInsertId, url };
      },
    }),
    t.remove({
      name: "bing_wmt_unblock_url",
      kind: "write",
      description: "Lift a block so the URL can appear in Bing again.",
      row: block,
      answer: (b) => ({ unblocked: b.url }),
    }),
    t.totals<{ crawled: number; indexed: number }>({
      name: "bing_wmt_get_crawl_to_index_ratio",
      description:
        "Is Bing crawling pages it then does not index? Pages crawled per indexed page over the window.",
      days: 28,
      sql: "SELECT SUM(pages_crawled) AS crawled, MAX(indexed_pages) AS indexed FROM bing_crawl_daily WHERE domain_id = :domain_id AND day BETWEEN :since AND :until",
      answer: (row) => ({
        pages_crawled: row?.crawled ?? 0,
        indexed_pages: row?.indexed ?? 0,
        crawls_per_indexed_page: round((row?.crawled ?? 0) / Math.max(1, row?.indexed ?? 0)),
      }),
    }),
  ];
});
